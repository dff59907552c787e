/** Small-sample statistics for scorecards: means, Student-t intervals, quantiles, pass^k. */

export interface Interval {
  lo: number;
  hi: number;
}

/** Two-sided 95% Student-t critical values by degrees of freedom (1..30). */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function t95(df: number): number {
  if (df < 1) return Number.NaN;
  // beyond the table, 1.96 + 2.4/df stays within 0.002 of the exact value
  return df <= 30 ? T95[df - 1] : 1.96 + 2.4 / df;
}

export function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

export function sampleSd(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** The 95% t-interval of the mean (n-1 degrees of freedom); null below two samples. */
export function tInterval(xs: number[]): Interval | null {
  if (xs.length < 2) return null;
  const m = mean(xs);
  const h = (t95(xs.length - 1) * sampleSd(xs)) / Math.sqrt(xs.length);
  return { lo: m - h, hi: m + h };
}

/** Linear-interpolation quantile (type 7, as numpy's default); 0 for no data. */
export function quantile(xs: number[], q: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
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
