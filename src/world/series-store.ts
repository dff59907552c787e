/**
 * In-memory series store: the SeriesSource the PromQL engine reads. Series are indexed by metric
 * name so that a selector with `__name__="x"` touches only that metric's series.
 */
import { labelsKey, matchesValue } from './matchers.js';
import { isStaleNaN, type Labels, type Matcher, type Series, type SeriesSource, STALE_NAN } from './types.js';

interface Building {
  labels: Labels;
  ts: number[];
  vs: number[];
  /** Indices of staleness markers: JS arrays canonicalize NaN payloads, so they are kept apart. */
  stale: Set<number>;
}

export class SeriesStore implements SeriesSource {
  private readonly building = new Map<string, Building>();
  private frozen: Series[] | null = null;
  private byName = new Map<string, Series[]>();

  /** Add samples to a series (created on first use). Times must ascend within one series. */
  append(labels: Labels, t: number, v: number): void {
    const b = this.mutable(labels);
    if (Number.isNaN(v) && isStaleNaN(v)) b.stale.add(b.vs.length);
    b.ts.push(t);
    b.vs.push(v);
  }

  addSeries(labels: Labels, ts: readonly number[], vs: readonly number[]): void {
    const b = this.mutable(labels);
    for (let i = 0; i < ts.length; i++) {
      if (Number.isNaN(vs[i]) && isStaleNaN(vs[i])) b.stale.add(b.vs.length);
      b.ts.push(ts[i]);
      b.vs.push(vs[i]);
    }
  }

  /** Appends usually repeat the same label object; skip re-keying it. */
  private lastLabels: Labels | undefined;
  private lastBuilding: Building | undefined;

  private mutable(labels: Labels): Building {
    this.frozen = null;
    if (labels === this.lastLabels && this.lastBuilding) return this.lastBuilding;
    const key = labelsKey(labels);
    let b = this.building.get(key);
    if (!b) {
      const sorted: Record<string, string> = {};
      for (const k of Object.keys(labels).sort()) sorted[k] = labels[k];
      b = { labels: sorted, ts: [], vs: [], stale: new Set() };
      this.building.set(key, b);
    }
    this.lastLabels = labels;
    this.lastBuilding = b;
    return b;
  }

  /** All series, sorted by label key; samples sorted by time (later duplicates win). */
  all(): Series[] {
    if (this.frozen) return this.frozen;
    const out: Series[] = [];
    const keys = [...this.building.keys()].sort();
    this.byName = new Map();
    for (const key of keys) {
      const b = this.building.get(key)!;
      const s: Series = { labels: b.labels, ...freeze(b) };
      out.push(s);
      const name = b.labels.__name__ ?? '';
      const list = this.byName.get(name) ?? [];
      list.push(s);
      this.byName.set(name, list);
    }
    this.frozen = out;
    return out;
  }

  get size(): { series: number; samples: number } {
    let samples = 0;
    for (const s of this.all()) samples += s.ts.length;
    return { series: this.all().length, samples };
  }

  select(matchers: readonly Matcher[], minT: number, maxT: number): Series[] {
    const all = this.all();
    const nameEq = matchers.find((m) => m.name === '__name__' && m.op === '=');
    const candidates = nameEq ? (this.byName.get(nameEq.value) ?? []) : all;
    // The name index answered the name matcher; a regex is tested once per distinct value (a
    // metric copied under 100 replicas has 100 times the series, not more values of `code`).
    const rest = matchers.filter((m) => m !== nameEq);
    const memo = rest.map((m) => (m.op === '=~' || m.op === '!~' ? new Map<string, boolean>() : undefined));
    return candidates.filter((s) => {
      for (let i = 0; i < rest.length; i++) {
        const m = rest[i];
        const v = s.labels[m.name] ?? '';
        const seen = memo[i];
        let ok = seen?.get(v);
        if (ok === undefined) {
          ok = matchesValue(m, v);
          seen?.set(v, ok);
        }
        if (!ok) return false;
      }
      return hasSampleIn(s, minT, maxT);
    });
  }

  labelNames(matchers: readonly Matcher[][], minT: number, maxT: number): string[] {
    const names = new Set<string>();
    for (const s of this.matching(matchers, minT, maxT)) for (const k of Object.keys(s.labels)) names.add(k);
    return [...names].sort();
  }

  labelValues(name: string, matchers: readonly Matcher[][], minT: number, maxT: number): string[] {
    const values = new Set<string>();
    for (const s of this.matching(matchers, minT, maxT)) {
      const v = s.labels[name];
      if (v !== undefined && v !== '') values.add(v);
    }
    return [...values].sort();
  }

  /** Series matching any of the matcher sets (all series when none are given). */
  private matching(sets: readonly Matcher[][], minT: number, maxT: number): Series[] {
    if (sets.length === 0) return this.all().filter((s) => hasSampleIn(s, minT, maxT));
    const seen = new Set<Series>();
    for (const ms of sets) for (const s of this.select(ms, minT, maxT)) seen.add(s);
    return [...seen];
  }
}

/** Time-sorted typed arrays (later duplicates win); stale markers written bit-exact. */
function freeze(b: Building): { ts: Float64Array; vs: Float64Array } {
  let strictly = true;
  for (let i = 1; i < b.ts.length && strictly; i++) strictly = b.ts[i - 1] < b.ts[i];
  // The common case (a generated series): already in order, no duplicates, no stale markers.
  if (strictly && b.stale.size === 0) return { ts: Float64Array.from(b.ts), vs: Float64Array.from(b.vs) };
  let sorted = true;
  for (let i = 1; i < b.ts.length && sorted; i++) sorted = b.ts[i - 1] <= b.ts[i];
  const idx = b.ts.map((_, i) => i);
  if (!sorted) idx.sort((x, y) => b.ts[x] - b.ts[y] || x - y);
  const ts = new Float64Array(idx.length);
  const vs = new Float64Array(idx.length);
  let n = 0;
  for (const i of idx) {
    if (n > 0 && ts[n - 1] === b.ts[i]) n--;
    ts[n] = b.ts[i];
    vs[n] = b.stale.has(i) ? STALE_NAN : b.vs[i];
    n++;
  }
  return { ts: ts.subarray(0, n), vs: vs.subarray(0, n) };
}

/** Binary search: does the series have a sample in [minT, maxT]? */
export function hasSampleIn(s: Series, minT: number, maxT: number): boolean {
  let lo = 0;
  let hi = s.ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.ts[mid] < minT) lo = mid + 1;
    else hi = mid;
  }
  return lo < s.ts.length && s.ts[lo] <= maxT;
}
