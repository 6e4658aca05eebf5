// In-process caches of what every page reads (site settings, the catalogue menu, home's content). A value is loaded
// at most once per TTL (concurrent callers share the load; a failed load is retried by the next call). Staff edits
// call contentChanged(), which empties every content cache of this instance at once; other instances catch up
// within the TTL.

type Entry<T> = { at: number; value: Promise<T> };
const contentCaches = new Set<{ clear(): void }>();

/** Empties every content cache of this instance: call it after staff change what public pages show. */
export function contentChanged() {
  for (const cache of contentCaches) cache.clear();
}

/** Calls `clear` whenever contentChanged() empties the content caches (a cache built on what they hold). */
export function onContentChanged(clear: () => void) {
  contentCaches.add({ clear });
}

/** One value per key (at most `maxKeys` kept; beyond that the oldest goes), loaded by `load(key)`. */
export function keyedTtlCache<K, T>(ttlMs: number, load: (key: K) => Promise<T>, { maxKeys = 100 }: { maxKeys?: number } = {}) {
  const entries = new Map<K, Entry<T>>();
  const cache = {
    get(key: K): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at <= ttlMs) return hit.value;
      const value = load(key);
      entries.delete(key);
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value as K);
      const entry = { at: now, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
  contentCaches.add(cache);
  return cache;
}

/** A single value loaded by `load()`. */
export function ttlCache<T>(ttlMs: number, load: () => Promise<T>) {
  const keyed = keyedTtlCache<"value", T>(ttlMs, load, { maxKeys: 1 });
  return { get: () => keyed.get("value"), clear: () => keyed.clear() };
}
