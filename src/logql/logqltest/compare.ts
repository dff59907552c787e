/**
 * An eval's answer against its expected block: label sets compared as sets (positionally under
 * `expect ordered`), an empty-value label significant, floats within promqltest's relative 1e-6,
 * NaN equal to NaN, `_` a step with no point.
 */
import { parseSeriesLine } from '../../world/notation.js';
import type { Labels } from '../../world/types.js';
import type { LokiValue } from '../api.js';
import type { EvalCmd } from './script.js';

const MIN_NORMAL = 2.2250738585072014e-308;

/** Prometheus' `almost.Equal` with its default epsilon, as promqltest compares. */
export function almostEqual(a: number, b: number, eps = 1e-6): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  const absSum = Math.abs(a) + Math.abs(b);
  const diff = Math.abs(a - b);
  if (a === 0 || b === 0 || absSum < MIN_NORMAL) return diff < eps * MIN_NORMAL;
  return diff / Math.min(absSum, Number.MAX_VALUE) < eps;
}

/** A label set as text, keys sorted, empty values kept. */
export function labelText(l: Labels): string {
  return `{${Object.keys(l)
    .sort()
    .map((k) => `${k}=${JSON.stringify(l[k])}`)
    .join(', ')}}`;
}

const NUMBER_LINE = /^[+-]?(?:Inf|NaN|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)$/i;

function num(s: string): number {
  const t = s.replace(/^\+/, '');
  if (/^-?inf$/i.test(t)) return t.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  if (/^nan$/i.test(t)) return Number.NaN;
  return Number(t);
}

interface Expected {
  key: string;
  values: (number | undefined)[];
}

function expected(cmd: EvalCmd): Expected[] {
  return cmd.results.map((r) => {
    const { labels, values } = parseSeriesLine(r.text);
    return { key: labelText(labels), values };
  });
}

/** undefined when the answer is the expected one, else the first difference. */
export function compareResult(v: LokiValue, cmd: EvalCmd, epochMs: number): string | undefined {
  const empty = cmd.expects.some((e) => e.kind === 'empty');
  if (cmd.instant && cmd.results.length === 1 && NUMBER_LINE.test(cmd.results[0].text)) {
    const want = num(cmd.results[0].text);
    if (v.type !== 'scalar') return `expected scalar ${want}, got a ${v.type}`;
    return almostEqual(v.v, want) ? undefined : `expected scalar ${want}, got ${v.v}`;
  }
  if (cmd.instant) {
    if (v.type !== 'vector')
      return `expected a vector, got a ${v.type}${v.type === 'scalar' ? ` ${v.v}` : ''}`;
    const want = empty ? [] : expected(cmd);
    const got = v.samples.map((s) => ({ key: labelText(s.labels), v: s.v }));
    if (got.length !== want.length)
      return `expected ${want.length} series, got ${got.length}: ${got.map((g) => `${g.key} ${g.v}`).join('; ')}`;
    const ordered = cmd.expects.some((e) => e.kind === 'ordered');
    const at = new Map(want.map((w, i) => [w.key, i]));
    for (let i = 0; i < got.length; i++) {
      const idx = at.get(got[i].key);
      if (idx === undefined)
        return `unexpected series ${got[i].key} ${got[i].v} (expected ${want.map((w) => w.key).join(' ')})`;
      if (ordered && idx !== i) return `${got[i].key} at position ${i}, expected ${idx}`;
      const w = want[idx].values[0];
      if (w === undefined || !almostEqual(got[i].v, w))
        return `${got[i].key}: expected ${w}, got ${got[i].v}`;
    }
    return undefined;
  }
  if (v.type !== 'matrix') return `expected a matrix, got a ${v.type}`;
  const want = empty ? [] : expected(cmd).filter((w) => w.values.some((x) => x !== undefined));
  if (v.series.length !== want.length)
    return `expected ${want.length} series, got ${v.series.length}: ${v.series
      .map(
        (s) => `${labelText(s.labels)} ${s.points.map((p) => `${p.v}@${(p.t - epochMs) / 1000}`).join(' ')}`,
      )
      .join('; ')}`;
  const byKey = new Map(want.map((w) => [w.key, w]));
  for (const s of v.series) {
    const key = labelText(s.labels);
    const w = byKey.get(key);
    if (!w) return `unexpected series ${key} (expected ${want.map((x) => x.key).join(' ')})`;
    const pts: { t: number; v: number }[] = [];
    w.values.forEach((x, i) => {
      if (x !== undefined) pts.push({ t: epochMs + cmd.startMs + i * cmd.stepMs, v: x });
    });
    const gotText = s.points.map((p) => `${p.v}@${(p.t - epochMs) / 1000}`).join(' ');
    if (pts.length !== s.points.length) return `${key}: expected ${pts.length} points, got ${gotText}`;
    for (let i = 0; i < pts.length; i++) {
      const g = s.points[i];
      if (g.t !== pts[i].t || !almostEqual(g.v, pts[i].v))
        return `${key}: point ${i} expected ${pts[i].v}@${(pts[i].t - epochMs) / 1000}, got ${gotText}`;
    }
  }
  return undefined;
}
