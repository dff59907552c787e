/** Numeric kernels shared by aggregations and range functions, with Prometheus' float behaviour. */

/** Neumaier-compensated summation step (Prometheus `kahanSumInc`); returns [sum, compensation]. */
export function kahanInc(inc: number, sum: number, c: number): [number, number] {
  const t = sum + inc;
  if (!Number.isFinite(t)) c = 0;
  else if (Math.abs(sum) >= Math.abs(inc)) c += sum - t + inc;
  else c += inc - t + sum;
  return [t, c];
}

/** Sum with compensation over a numeric sequence. */
export class KahanSum {
  sum = 0;
  c = 0;
  add(v: number): void {
    const t = this.sum + v;
    if (!Number.isFinite(t)) this.c = 0;
    else if (Math.abs(this.sum) >= Math.abs(v)) this.c += this.sum - t + v;
    else this.c += v - t + this.sum;
    this.sum = t;
  }
  get value(): number {
    return Number.isFinite(this.sum) ? this.sum + this.c : this.sum;
  }
}

/** Mean: compensated sum, switching to an incremental mean once the sum would overflow (Prometheus 3). */
export class MeanAcc {
  private count = 0;
  private sum = 0;
  private c = 0;
  private m = 0;
  private incremental = false;
  add(f: number): void {
    this.count++;
    if (this.count === 1) {
      this.sum = f;
      return;
    }
    if (!this.incremental) {
      const [ns, nc] = kahanInc(f, this.sum, this.c);
      if (ns !== Number.POSITIVE_INFINITY && ns !== Number.NEGATIVE_INFINITY) {
        this.sum = ns;
        this.c = nc;
        return;
      }
      this.incremental = true;
      this.m = this.sum / (this.count - 1);
      this.c /= this.count - 1;
    }
    const q = (this.count - 1) / this.count;
    [this.m, this.c] = kahanInc(f / this.count, q * this.m, q * this.c);
  }
  get value(): number {
    if (this.incremental) return this.m + this.c;
    return this.sum / this.count + this.c / this.count;
  }
}

export function mean(vs: ArrayLike<number>, lo = 0, hi = vs.length): number {
  const a = new MeanAcc();
  for (let i = lo; i < hi; i++) a.add(vs[i]);
  return a.value;
}

/** Population variance with Welford's update and compensated sums (Prometheus stdvar). */
export function variance(vs: ArrayLike<number>, lo = 0, hi = vs.length): number {
  let count = 0;
  let m = 0;
  let cm = 0;
  let aux = 0;
  let ca = 0;
  for (let i = lo; i < hi; i++) {
    const f = vs[i];
    count++;
    const delta = f - (m + cm);
    [m, cm] = kahanInc(delta / count, m, cm);
    [aux, ca] = kahanInc(delta * (f - (m + cm)), aux, ca);
  }
  return (aux + ca) / count;
}

/** Prometheus `quantile`: linear interpolation between closest ranks; NaN sorts first. */
export function quantile(q: number, values: number[]): number {
  if (values.length === 0 || Number.isNaN(q)) return Number.NaN;
  if (q < 0) return Number.NEGATIVE_INFINITY;
  if (q > 1) return Number.POSITIVE_INFINITY;
  values.sort((a, b) => (Number.isNaN(a) ? -1 : Number.isNaN(b) ? 1 : a - b));
  const n = values.length;
  const rank = q * (n - 1);
  const lower = Math.max(0, Math.floor(rank));
  const upper = Math.min(n - 1, lower + 1);
  const weight = rank - Math.floor(rank);
  return values[lower] * (1 - weight) + values[upper] * weight;
}

/** Go's math.Pow special cases differ from JS `**` for bases ±1 with NaN/Inf exponents. */
export function goPow(x: number, y: number): number {
  if (x === 1 || y === 0) return 1;
  if (x === -1 && (y === Number.POSITIVE_INFINITY || y === Number.NEGATIVE_INFINITY)) return 1;
  return x ** y;
}
