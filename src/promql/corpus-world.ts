/**
 * A world built from expressions' own selectors, so that real-world queries (the alert-rule
 * corpus) can be evaluated end to end: every selector gets a series that satisfies its matchers,
 * with plausible values — counters ascend, `_bucket` series come as cumulative `le` buckets,
 * everything else is a bounded gauge.
 */
import { matchesValue } from '../world/matchers.js';
import { SeriesStore } from '../world/series-store.js';
import type { Matcher } from '../world/types.js';
import { selectorsOf } from './selectors-of.js';

export const CORPUS_START_MS = 1_700_000_000_000;
export const CORPUS_STEP_MS = 15_000;
export const CORPUS_POINTS = 480;
const BUCKETS = ['0.005', '0.01', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];

/** Candidate strings for a regex: its first alternative with metacharacters stripped, and more. */
function candidates(m: Matcher): string[] {
  const out = [m.value];
  const firstAlt = m.value.replace(/^\^|\$$/g, '').split('|')[0];
  out.push(firstAlt.replace(/\\(.)/g, '$1').replace(/[()[\]{}*+?^$]/g, ''));
  out.push(
    firstAlt
      .replace(/\.\*|\.\+/g, 'x')
      .replace(/\\(.)/g, '$1')
      .replace(/[()[\]{}*+?^$]/g, ''),
  );
  out.push('x', '1', 'a', '0', 'rematch', 'true', 'false', '');
  return out;
}

/** A value satisfying every matcher on one label, or undefined if none of the candidates does. */
function valueFor(ms: Matcher[]): string | undefined {
  const pool = ms.flatMap(candidates);
  return pool.find((v) => ms.every((m) => matchesValue(m, v)));
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

function addSeries(store: SeriesStore, labels: Record<string, string>): void {
  const name = labels.__name__ ?? '';
  const seed = hash(JSON.stringify(labels));
  const counter = /_(total|count|sum|bucket)$/.test(name);
  const le =
    labels.le !== undefined ? Number(labels.le === '+Inf' ? Number.POSITIVE_INFINITY : labels.le) : undefined;
  const perStep = counter ? 1 + Math.floor(seed * 20) : 0;
  let v = counter ? Math.floor(seed * 1000) : 0;
  const ts: number[] = [];
  const vs: number[] = [];
  const frac = le === undefined || !Number.isFinite(le) ? 1 : Math.min(1, 0.2 + Math.log10(1 + le * 10) / 2);
  for (let i = 0; i < CORPUS_POINTS; i++) {
    ts.push(CORPUS_START_MS + i * CORPUS_STEP_MS);
    if (counter) {
      v += Math.round(perStep * frac);
      vs.push(v);
    } else {
      vs.push(50 + 40 * Math.sin(i / 20 + seed * 6.28));
    }
  }
  store.addSeries(labels, ts, vs);
}

export function worldForExpressions(exprs: readonly string[]): SeriesStore {
  const store = new SeriesStore();
  const seen = new Set<string>();
  for (const q of exprs) {
    let sels: ReturnType<typeof selectorsOf>;
    try {
      sels = selectorsOf(q);
    } catch {
      continue;
    }
    for (const sel of sels) {
      const byName = new Map<string, Matcher[]>();
      for (const m of sel.matchers) byName.set(m.name, [...(byName.get(m.name) ?? []), m]);
      const labels: Record<string, string> = { instance: 'host-0:9100', job: 'node' };
      let ok = true;
      for (const [name, ms] of byName) {
        const v = valueFor(ms);
        if (v === undefined) {
          ok = false;
          break;
        }
        if (v === '') delete labels[name];
        else labels[name] = v;
      }
      if (!ok || !labels.__name__) continue;
      const variants =
        labels.__name__.endsWith('_bucket') && !byName.has('le')
          ? BUCKETS.map((le) => ({ ...labels, le }))
          : [labels];
      for (const l of variants) {
        const key = JSON.stringify(Object.entries(l).sort());
        if (seen.has(key)) continue;
        seen.add(key);
        addSeries(store, l);
      }
    }
  }
  return store;
}
