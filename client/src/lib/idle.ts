/**
 * Runs `task` once the browser has nothing more urgent to do (at most `timeout` ms later) and
 * returns a cancel function. Safari has no requestIdleCallback: there it runs on the next turn
 * of the event loop.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
