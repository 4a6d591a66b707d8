/**
 * Sets `key` as the newest entry of `map` (a Map keeps insertion order) and drops the oldest
 * while more than `max` are held: the one rule of the in-memory caches that must not grow.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
  return value;
}
