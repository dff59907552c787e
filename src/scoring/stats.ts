/** Small-sample statistics for scorecards: means, quantiles, pass^k (intervals: intervals.ts). */

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/** Linear-interpolation quantile (type 7, as numpy's default) of an ascending array. */
export function quantileSorted(s: ArrayLike<number>, q: number): number {
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** Type-7 quantile of unsorted data; 0 for no data. */
export function quantile(xs: readonly number[], q: number): number {
  return xs.length
    ? quantileSorted(
        [...xs].sort((a, b) => a - b),
        q,
      )
    : 0;
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * pass^k (Yao et al., tau-bench, arXiv 2406.12045): the chance that k trials drawn from the n run
 * all pass, estimated without bias as C(c,k)/C(n,k) with c passes; one value per k = 1..n.
 */
export function passHatK(passes: number, n: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= n; k++) out.push(choose(passes, k) / choose(n, k));
  return out;
}
