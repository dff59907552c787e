/**
 * A bounded memo of a pure function of one string: what the same query text always gives (its
 * shape, whether it is a metric query) is computed once per distinct text, not once per ask. A
 * default run asks ~20 distinct queries tens of thousands of times; parsing them again each time
 * was a tenth of its CPU. The oldest entry goes when `max` is reached; a key longer than 4 KiB is
 * not kept (4,096 queries of 64 KiB would hold 256 MiB). A call that throws is not kept (its error
 * is thrown again, fresh, on the next call).
 */
const MAX_KEY = 4096;

export function memoize<V>(fn: (key: string) => V, max = 4096): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    if (key.length > MAX_KEY) return fn(key);
    const hit = kept.get(key);
    if (hit !== undefined || kept.has(key)) return hit as V;
    const v = fn(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    kept.set(key, v);
    return v;
  };
}
