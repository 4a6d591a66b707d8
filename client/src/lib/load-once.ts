/**
 * A lazy part's code, asked for once: whoever asks first (a preload, or React.lazy as it renders)
 * starts the load, and everyone after gets the same promise, settled already once the code is in,
 * so a lazy component given it renders after one tick instead of waiting for a fresh import().
 * A failed load is asked again the next time.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
