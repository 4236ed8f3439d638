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

/** An entry taken out of a bounded cache, with the time it may still be kept (Infinity without an age limit). */
export interface SetAsideEntry<K, V> {
  key: K;
  value: V;
  until: number;
}

/** A cache's entries, least recently used first, each with the time it may still be kept (see `putBack`). */
export function setAsideEntries<K extends Present, V extends Present>(
  cache: BoundedCache<K, V>,
): SetAsideEntry<K, V>[] {
  const now = Date.now();
  return [...cache.entries()]
    .reverse()
    .map(([key, value]) => ({ key, value, until: now + cache.getRemainingTTL(key) }));
}

/**
 * Puts a set-aside entry back for the rest of its time, never longer (an answer's maximum age holds however often
 * it is put back); not when its time is up or the key has been given a value since.
 */
export function putBack<K extends Present, V extends Present>(
  cache: BoundedCache<K, V>,
  entry: SetAsideEntry<K, V>,
): void {
  if (cache.has(entry.key)) return;
  const left = entry.until - Date.now();
  if (left <= 0) return;
  cache.set(entry.key, entry.value, Number.isFinite(left) ? { ttl: left } : {});
}
