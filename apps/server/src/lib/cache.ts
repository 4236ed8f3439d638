import { LRUCache } from 'lru-cache';

/**
 * The server's one way to keep a computed value in memory.
 *
 * `memoize` remembers `make(key)` per key: prepared statements per database handle, a service per app context,
 * lookups derived from loaded reference data, rendered documents by name. Object keys are held weakly, so a
 * database handle or an app context that goes away (tests build hundreds) takes its values along; other keys
 * (strings, numbers) stay for the life of the process, so use those only for a small, fixed set.
 *
 * `boundedCache` keeps at most `max` answers, each for at most `maxAgeMs`, dropping the least recently used
 * first (lru-cache): answer caches whose keys come from requests.
 */
export function memoize<K, V>(make: (key: K) => V): (key: K) => V {
  const byObject = new WeakMap<object, V>();
  const byValue = new Map<K, V>();
  return (key: K) => {
    const weak = typeof key === 'object' && key !== null;
    const found = weak ? byObject.get(key) : byValue.get(key);
    if (found !== undefined || (weak ? byObject.has(key) : byValue.has(key))) return found as V;
    const value = make(key);
    if (weak) byObject.set(key, value);
    else byValue.set(key, value);
    return value;
  };
}

/** Keys and values of a bounded cache: anything but null and undefined (lru-cache's own constraint). */
type Present = NonNullable<unknown>;

export type BoundedCache<K extends Present, V extends Present> = LRUCache<K, V>;

/** At most `max` entries, each kept at most `maxAgeMs` (no age limit when it is Infinity or absent). */
export function boundedCache<K extends Present, V extends Present>(opts: {
  max: number;
  maxAgeMs?: number;
}): BoundedCache<K, V> {
  const ttl = opts.maxAgeMs !== undefined && Number.isFinite(opts.maxAgeMs) ? opts.maxAgeMs : undefined;
  return new LRUCache<K, V>({ max: opts.max, ...(ttl ? { ttl } : {}) });
}
