import { loadOnce } from '@/lib/load-once';

/** Each screen's code asked for once (see loadOnce): the page-load preload and the lazy screen share it. */
export function sharedLoads<T extends Record<string, () => Promise<unknown>>>(loads: T): T {
  return Object.fromEntries(Object.entries(loads).map(([name, load]) => [name, loadOnce(load)])) as T;
}

/**
 * The code the route guard waits for before it draws the page-load screen with the header (see
 * preloadPage), requested together with the session check. Null when there is none to wait
 * for: it has arrived, or failed (the lazy component then reports the failure), or the screen
 * paints its header first.
 */
let arriving: Promise<void> | null = null;

export function firstScreenLoading(load: Promise<unknown>) {
  const settled = load.then(
    () => undefined,
    () => undefined,
  );
  arriving = settled;
  void settled.then(() => {
    if (arriving === settled) arriving = null;
  });
}

/** What the route guard waits for before it draws the header and the screen (see Guarded). */
export const firstScreenArriving = () => arriving;
