import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../../../common/limits';

/**
 * Failed sign-ins per username and address, kept in memory (one process serves the app).
 * Only failures count, so a crew member who types their password right is never held up.
 */
export function createLoginThrottle(now: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const keyOf = (username: string, ip: string) => `${username.toLowerCase()}|${ip}`;
  const recent = (key: string) => (failures.get(key) ?? []).filter((t) => now() - t < LOGIN_WINDOW_MS);

  return {
    /** Milliseconds until the next attempt is allowed, or 0. */
    retryAfterMs(username: string, ip: string): number {
      const times = recent(keyOf(username, ip));
      if (times.length < LOGIN_MAX_FAILURES) return 0;
      return LOGIN_WINDOW_MS - (now() - times[times.length - LOGIN_MAX_FAILURES]);
    },
    recordFailure(username: string, ip: string) {
      const key = keyOf(username, ip);
      const times = recent(key);
      times.push(now());
      failures.set(key, times);
      if (failures.size > 10_000) failures.delete(failures.keys().next().value as string);
    },
    reset(username: string, ip: string) {
      failures.delete(keyOf(username, ip));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
