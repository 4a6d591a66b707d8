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

export interface WeighedMap<K, V> {
  get(key: K): V | undefined;
  /** Sets `key` as the newest entry, then drops the oldest while over either bound. */
  set(key: K, value: V): void;
  delete(key: K): void;
}

/**
 * The same rule for entries of very different sizes (answers of a few hundred bytes or of a few
 * hundred kilobytes): the newest are kept within a count and within a total of `weigh` (bytes).
 */
export function weighedMap<K, V>(maxEntries: number, maxWeight: number, weigh: (value: V) => number): WeighedMap<K, V> {
  const map = new Map<K, V>();
  let weight = 0;
  const drop = (key: K) => {
    const value = map.get(key);
    if (value === undefined) return;
    map.delete(key);
    weight -= weigh(value);
  };
  return {
    get: (key) => map.get(key),
    set(key, value) {
      drop(key);
      map.set(key, value);
      weight += weigh(value);
      for (const oldest of map.keys()) {
        if (map.size <= maxEntries && weight <= maxWeight) break;
        drop(oldest);
      }
    },
    delete: drop,
  };
}
