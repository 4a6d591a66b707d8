import { useDeferredValue } from 'react';

/**
 * `value` once React has rendered it in the background. The render a query's answer triggers
 * is urgent: React does it in one go, however big the screen. The first time a value shows
 * (told apart by `key`), this keeps it back from that render (the caller keeps its loading
 * state, which is cheap) and lets a background render bring it in, one that gives the browser
 * the main thread every few milliseconds. Later values with the same key pass straight
 * through, and a value already there when the component mounts is not held back.
 */
export function useArrival<T>(value: T | undefined, key: unknown = value !== undefined): T | undefined {
  const settled = useDeferredValue(key);
  return value !== undefined && Object.is(settled, key) ? value : undefined;
}
