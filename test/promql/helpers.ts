import { instantQuery, type PromResult, rangeQuery } from '../../src/promql/index.js';
import { parseSeriesLine } from '../../src/world/notation.js';
import { SeriesStore } from '../../src/world/series-store.js';

/** A store from promqltest lines, one sample every `intervalMs` from t=0. */
export function load(intervalMs: number, text: string): SeriesStore {
  const store = new SeriesStore();
  for (const line of text.trim().split('\n')) {
    if (!line.trim()) continue;
    const { labels, values } = parseSeriesLine(line);
    values.forEach((v, i) => {
      if (v !== undefined) store.append(labels, i * intervalMs, v);
    });
  }
  return store;
}

/** Instant query → `{labels} value` lines, sorted, for compact assertions. */
export function at(store: SeriesStore, q: string, tMs: number): string[] {
  return lines(instantQuery(store, q, tMs));
}

export function lines(r: PromResult): string[] {
  const v = r.value;
  const fmt = (l: Record<string, string>): string =>
    `{${Object.keys(l)
      .sort()
      .map((k) => `${k}="${l[k]}"`)
      .join(',')}}`;
  if (v.type === 'scalar') return [`scalar ${v.v}`];
  if (v.type === 'string') return [`string ${v.v}`];
  if (v.type === 'vector') return v.samples.map((s) => `${fmt(s.labels)} ${s.v}`);
  return v.series.map((s) => `${fmt(s.labels)} ${s.points.map((p) => `${p.v}@${p.t / 1000}`).join(' ')}`);
}

export function range(store: SeriesStore, q: string, start: number, end: number, step: number): string[] {
  return lines(rangeQuery(store, q, start, end, step));
}

export const m = 60_000;
