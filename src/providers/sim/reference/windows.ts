/**
 * The `reference` sim's split of a query too long for a limit (golden-faults.ts `lengthLimit`, or
 * the limit a refusal named): the windows a careful engineer asks instead, and how their answers
 * combine into the route's value. A superset of narrow.ts (which `diligent` keeps): windows of the
 * limit itself plus one for the remainder (`[1h37m]` under 30m: 30m, 30m, 30m, 7m), so any length
 * splits; a subquery range (`[1h:1m]`) splits like a range; LogQL `rate`/`bytes_rate` (a count or
 * sum over the range divided by its seconds) combine as the window-weighted mean; and arithmetic
 * of such terms and numbers (`count / count`, `... * 15 / 60`) splits each term and computes the
 * expression from the combined values. PromQL `rate` and `increase` extrapolate at the window
 * edges, quantiles and averages do not combine, and a grouping (`by (...)`) outside the range
 * aggregation would need each series' windows: none of those is split.
 */
import { parseDuration } from '../../../formats/time.js';
import type { Source } from '../../../formats/vocabulary.js';
import { singleUnitDuration } from '../narrow.js';
import type { PlannedCall } from '../types.js';

type Rule = 'sum' | 'max' | 'min' | 'mean';

const INNER: Record<string, Rule> = {
  count_over_time: 'sum',
  sum_over_time: 'sum',
  bytes_over_time: 'sum',
  max_over_time: 'max',
  min_over_time: 'min',
};
/** LogQL's rates are a count (or sum) over the range divided by its seconds: exact per window. */
const LOG_RATES: Record<string, Rule> = { rate: 'mean', bytes_rate: 'mean' };
/** What may stand outside the range aggregation without breaking the combine. */
const OUTER: Record<Rule, Set<string>> = {
  sum: new Set(['sum', 'vector']),
  mean: new Set(['sum', 'vector']),
  max: new Set(['max', 'vector']),
  min: new Set(['min', 'vector']),
};
/** More windows than this for one side is not a question anyone asks one at a time. */
export const MAX_WINDOWS = 24;

interface Window {
  /** Ms before `at` the window ends. */
  back: number;
  length: number;
}

/** One term: a query with exactly one range aggregation that combines across windows. */
interface Side {
  rule: Rule;
  windows: { query: string; window: Window }[];
  combine(values: (number | undefined)[]): number | undefined;
}

export interface WindowPlan {
  /** Every window's call (both sides of a binary expression, left first). */
  calls: PlannedCall[];
  /** The route's value from each call's answer (undefined: no value, an empty window). */
  combine(values: (number | undefined)[]): number | undefined;
  /** What was asked, for the sim's text: "3 windows of 20m (sum)". */
  how: string;
  /** The value in words from each window's call id and value, for the findings. */
  derivation(ids: string[], values: (number | undefined)[]): string;
}

function layout(total: number, limit: number): Window[] | undefined {
  if (!(limit > 0) || total <= limit) return undefined;
  const out: Window[] = [];
  for (let back = 0; back < total; back += limit) out.push({ back, length: Math.min(limit, total - back) });
  return out.length <= MAX_WINDOWS ? out : undefined;
}

const COMBINE: Record<Rule, (vs: number[], ws: Window[], total: number) => number> = {
  sum: (vs) => vs.reduce((a, b) => a + b, 0),
  max: (vs) => Math.max(...vs),
  min: (vs) => Math.min(...vs),
  mean: (vs, ws, total) => vs.reduce((a, v, i) => a + v * ws[i].length, 0) / total,
};

/** The text with every string literal blanked out (same length): a filter's "(" or "[1h]" is no syntax. */
export const masked = (q: string) =>
  q.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, (t) => `"${' '.repeat(t.length - 2)}"`);

const RANGE = /\[(\w+?)(:\w+)?\]/g;

/** The index of the bracket closing the one at `open` (masked text), or -1. */
function closing(q: string, open: number): number {
  let depth = 0;
  for (let i = open; i < q.length; i++) {
    if ('({['.includes(q[i])) depth++;
    else if (')}]'.includes(q[i]) && --depth === 0) return i;
  }
  return -1;
}

/** The ranges of `q` outside any bracket pair of its own (a call's own range, not its argument's). */
function topRanges(q: string): RegExpMatchArray[] {
  const out: RegExpMatchArray[] = [];
  let depth = 0;
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if (c === '[' && depth === 0) {
      const m = new RegExp(RANGE.source, 'y');
      m.lastIndex = i;
      const hit = m.exec(q);
      if (hit) out.push(hit);
    }
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
  }
  return out;
}

/** The one range aggregation of a term and the range it reads, or undefined. */
function aggregationOf(bare: string, source: Source) {
  const table: Record<string, Rule> = source === 'logs' ? { ...INNER, ...LOG_RATES } : INNER;
  let found: { rule: Rule; start: number; close: number; range: RegExpMatchArray } | undefined;
  for (const m of bare.matchAll(/([a-z_]+)\s*\(/g)) {
    if (!(m[1] in table)) continue;
    const open = m.index + m[0].length - 1;
    const close = closing(bare, open);
    if (close < 0) return undefined;
    // one inside the one found (its argument's own aggregation) is the argument's business
    if (found && m.index < found.close) continue;
    if (found) return undefined;
    const own = topRanges(bare.slice(open + 1, close));
    if (own.length !== 1) return undefined;
    const range = own[0];
    range.index = open + 1 + range.index!;
    found = { rule: table[m[1]], start: m.index, close, range };
  }
  return found;
}

function side(text: string, source: Source, limit: number): Side | undefined {
  const bare = masked(text);
  const agg = aggregationOf(bare, source);
  if (!agg) return undefined;
  const { rule, range } = agg;
  const outside = bare.slice(0, agg.start) + bare.slice(agg.close + 1);
  const fns = [...outside.matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]);
  if (fns.some((f) => !OUTER[rule].has(f)) || outside.includes('[')) return undefined;
  // nothing else around it but `or vector(0)`: a comparison or a set operator filters each window
  const rest = outside
    .replace(/([a-z_]+)\s*\(/g, '(')
    .replace(/\bor\b/g, '')
    .replace(/[()\s\d.]/g, '');
  if (rest) return undefined;
  const total = parseDuration(range[1], { whole: true });
  if (!total) return undefined;
  // what the aggregation's argument reads itself (a rate's [5m]) must fit the limit already
  const inner = [...bare.slice(agg.start, agg.close).matchAll(RANGE)].filter(
    (m) => agg.start + m.index !== range.index,
  );
  if (inner.some((m) => (parseDuration(m[1], { whole: true }) ?? Infinity) > limit)) return undefined;
  const ws = layout(total, limit);
  if (!ws) return undefined;
  const at = range.index!;
  const windows = ws.map((window) => ({
    query: `${text.slice(0, at)}[${singleUnitDuration(window.length)}${range[2] ?? ''}]${text.slice(at + range[0].length)}`,
    window,
  }));
  return {
    rule,
    windows,
    combine(values) {
      // A window without data adds nothing to a sum, a max or a min (Loki's split queries combine
      // so), and counted nothing for a rate; every window empty is no value at all.
      const got = values.flatMap((v, i) => (v === undefined ? [] : [[v, i] as const]));
      if (!got.length) return undefined;
      if (rule === 'mean')
        return COMBINE.mean(
          values.map((v) => v ?? 0),
          ws,
          total,
        );
      return COMBINE[rule](
        got.map(([v]) => v),
        got.map(([, i]) => ws[i]),
        total,
      );
    },
  };
}

/**
 * The terms and operators of a query's top-level arithmetic (`a / b`, `x * 15 / 60`), outside
 * brackets and strings; one term when it has none. A sign that starts a term is no operator.
 */
function arithmetic(query: string): { terms: string[]; ops: string[] } {
  const q = masked(query);
  const terms: string[] = [];
  const ops: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (
      depth === 0 &&
      '/*+-'.includes(c) &&
      query.slice(from, i).trim() &&
      !/\de$/i.test(q.slice(0, i))
    ) {
      terms.push(query.slice(from, i).trim());
      ops.push(c);
      from = i + 1;
    }
  }
  terms.push(query.slice(from).trim());
  return { terms, ops };
}

const APPLY: Record<string, (a: number, b: number) => number> = {
  '/': (a, b) => a / b,
  '*': (a, b) => a * b,
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
};

/** `values` joined by `ops`, `*` and `/` before `+` and `-`. */
function evaluate(values: number[], ops: string[]): number {
  const vs = [values[0]];
  const rest: string[] = [];
  ops.forEach((op, i) => {
    if (op === '*' || op === '/') vs[vs.length - 1] = APPLY[op](vs[vs.length - 1], values[i + 1]);
    else {
      rest.push(op);
      vs.push(values[i + 1]);
    }
  });
  return rest.reduce((a, op, i) => APPLY[op](a, vs[i + 1]), vs[0]);
}

const fmt = (v: number) => String(Number(v.toPrecision(6)));
const RULE_WORDS: Record<Rule, string> = {
  sum: 'the sum',
  max: 'the largest',
  min: 'the smallest',
  mean: 'the time-weighted mean',
};

/**
 * "the sum of 60 (c7), 58 (c8)": each window that showed a value, with its call. A window that
 * answered empty adds nothing and is left out: "nothing (c9)" would read as a claim of absence
 * resting on an empty answer.
 */
function windowWords(rule: Rule, ids: string[], values: (number | undefined)[]): string {
  const parts = ids.flatMap((id, i) => (values[i] === undefined ? [] : [`${fmt(values[i]!)} (${id})`]));
  return `${RULE_WORDS[rule]} of ${parts.join(', ')}`;
}

/**
 * The windows that answer `query` at `at` within `limit`, each call built by `build(query, time)`;
 * undefined when it does not split exactly (or needs no split).
 */
export function windowPlan(
  query: string,
  source: Source,
  limit: number,
  at: string,
  build: (query: string, time: string) => PlannedCall,
): WindowPlan | undefined {
  const end = Date.parse(at);
  const { terms, ops } = arithmetic(query);
  const parts = terms.map((t) => ({
    lit: /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined,
    split: side(t, source, limit),
  }));
  if (parts.some((p) => p.lit === undefined && !p.split) || !parts.some((p) => p.split)) return undefined;
  const counts = parts.map((p) => p.split?.windows.length ?? 0);
  const offsets = counts.map((_, k) => counts.slice(0, k).reduce((a, b) => a + b, 0));
  const mine = <T>(xs: T[], k: number) => xs.slice(offsets[k], offsets[k] + counts[k]);
  const termValue = (vs: (number | undefined)[], k: number) =>
    parts[k].lit ?? parts[k].split!.combine(mine(vs, k));
  const n = counts.reduce((a, b) => a + b, 0);
  return {
    calls: parts.flatMap((p) =>
      (p.split?.windows ?? []).map((w) => build(w.query, new Date(end - w.window.back).toISOString())),
    ),
    combine(vs) {
      const values = parts.map((_, k) => termValue(vs, k));
      if (values.some((v) => v === undefined)) return undefined;
      const v = evaluate(values as number[], ops);
      return Number.isFinite(v) ? v : undefined;
    },
    how: `${n} windows of at most ${singleUnitDuration(limit)}`,
    derivation(ids, vs) {
      const words = parts.map((p, k) => {
        if (p.lit !== undefined) return String(p.lit);
        const about = windowWords(p.split!.rule, mine(ids, k), mine(vs, k));
        if (parts.length === 1) return about;
        return `${fmt(termValue(vs, k)!)} (${about})`;
      });
      return words.map((w, k) => (k ? `${ops[k - 1]} ${w}` : w)).join(' ');
    },
  };
}
