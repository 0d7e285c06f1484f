/**
 * Memoises a pure function of a string. Filings repeat the same labels and header texts across
 * tables, and the builders ask the same questions of them per cell. Bounded: the cache is
 * dropped when full, so an adversarial file cannot grow it without limit.
 */
export function memoByString<T>(fn: (text: string) => T, max = 4096): (text: string) => T {
  const cache = new Map<string, T>();
  return (text: string) => {
    // One lookup on a hit: asked per cell, a second one showed in profiles
    const hit = cache.get(text);
    if (hit !== undefined || cache.has(text)) return hit as T;
    if (cache.size >= max) cache.clear();
    const value = fn(text);
    cache.set(text, value);
    return value;
  };
}
