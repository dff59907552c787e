/**
 * The `reference` sim's split of a query too long for a limit (golden-faults.ts `lengthLimit`, or
 * the limit a refusal named): the windows a careful engineer asks instead, and how their answers
 * combine into the route's value. A superset of narrow.ts (which `diligent` keeps): windows of the
 * limit itself plus one for the remainder (`[1h37m]` under 30m: 30m, 30m, 30m, 7m), so any length
 * splits; LogQL `rate`/`bytes_rate` (a count or sum over the range divided by its seconds) combine
 * as the window-weighted mean; and a binary expression of two such sides (`count / count`, a
 * share) splits each side and applies the operator to the two combined values. PromQL `rate` and
 * `increase` extrapolate at the window edges, quantiles and averages do not combine: not split.
 */
import { parseDuration } from '../../formats/time.js';
import type { Source } from '../../formats/vocabulary.js';
import { formatDuration } from './narrow.js';
import type { PlannedCall } from './types.js';

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

/** One side: a query with exactly one `[D]` range aggregation that combines across windows. */
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
  // An empty window of a rate counted nothing: it weighs in as 0.
  mean: (vs, ws, total) => vs.reduce((a, v, i) => a + v * ws[i].length, 0) / total,
};

/** The text with every string literal blanked out (same length): a filter's "(" or "[1h]" is no syntax. */
const masked = (q: string) => q.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, (t) => `"${' '.repeat(t.length - 2)}"`);

function side(text: string, source: Source, limit: number): Side | undefined {
  const bare = masked(text);
  const ranges = [...bare.matchAll(/\[(\w+)\]/g)];
  if (ranges.length !== 1 || /\[[^\]]*:/.test(bare)) return undefined;
  const total = parseDuration(ranges[0][1], { whole: true });
  if (!total) return undefined;
  const before = [...bare.slice(0, ranges[0].index).matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]);
  const table = source === 'logs' ? { ...INNER, ...LOG_RATES } : INNER;
  const inner = [...before].reverse().find((f) => f in table);
  const rule = inner ? table[inner] : undefined;
  const fns = [...bare.matchAll(/([a-z_]+)\s*\(/g)].map((m) => m[1]).filter((f) => f !== inner);
  if (!rule || fns.some((f) => !OUTER[rule].has(f))) return undefined;
  const ws = layout(total, limit);
  if (!ws) return undefined;
  const at = ranges[0].index!;
  const windows = ws.map((window) => ({
    query: `${text.slice(0, at)}[${formatDuration(window.length)}]${text.slice(at + ranges[0][0].length)}`,
    window,
  }));
  return {
    rule,
    windows,
    combine(values) {
      // A window without data adds nothing to a sum, a max or a min (Loki's split queries combine
      // so); every window empty is no value at all.
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

/** The one top-level arithmetic operator of a query (outside brackets and strings), if any. */
function topLevelOperator(query: string): { at: number; op: string } | undefined {
  const q = masked(query);
  let depth = 0;
  let found: { at: number; op: string } | undefined;
  for (let i = 0; i < q.length; i++) {
    const c = q[i];
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (depth === 0 && '/*+-'.includes(c)) {
      if (found) return undefined;
      found = { at: i, op: c };
    }
  }
  return found;
}

const APPLY: Record<string, (a: number, b: number) => number> = {
  '/': (a, b) => a / b,
  '*': (a, b) => a * b,
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
};

const fmt = (v: number) => String(Number(v.toPrecision(6)));
const RULE_WORDS: Record<Rule, string> = {
  sum: 'the sum',
  max: 'the largest',
  min: 'the smallest',
  mean: 'the time-weighted mean',
};

/** "the sum of 60 (c7), 58 (c8)": each window's value with the call that showed it. */
function windowWords(rule: Rule, ids: string[], values: (number | undefined)[]): string {
  const parts = ids.map((id, i) => `${values[i] === undefined ? 'nothing' : fmt(values[i]!)} (${id})`);
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
  const callsOf = (s: Side) =>
    s.windows.map((w) => build(w.query, new Date(end - w.window.back).toISOString()));
  const single = side(query, source, limit);
  if (single) {
    return {
      calls: callsOf(single),
      combine: (vs) => single.combine(vs),
      how: `${single.windows.length} windows of at most ${formatDuration(limit)} (${RULE_WORDS[single.rule]})`,
      derivation: (ids, vs) => windowWords(single.rule, ids, vs),
    };
  }
  const top = topLevelOperator(query);
  if (!top) return undefined;
  const [l, r] = [query.slice(0, top.at).trim(), query.slice(top.at + 1).trim()];
  const literal = (t: string) => (/^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined);
  const sides = [l, r].map((t) => ({ text: t, lit: literal(t), split: side(t, source, limit) }));
  if (sides.some((s) => s.lit === undefined && !s.split)) return undefined;
  const counts = sides.map((s) => s.split?.windows.length ?? 0);
  return {
    calls: sides.flatMap((s) => (s.split ? callsOf(s.split) : [])),
    combine(vs) {
      const a = sides[0].lit ?? sides[0].split!.combine(vs.slice(0, counts[0]));
      const b = sides[1].lit ?? sides[1].split!.combine(vs.slice(counts[0]));
      if (a === undefined || b === undefined) return undefined;
      const v = APPLY[top.op](a, b);
      return Number.isFinite(v) ? v : undefined;
    },
    how: `each side of "${top.op}" as windows of at most ${formatDuration(limit)}`,
    derivation(ids, vs) {
      const words = sides.map((s, k) => {
        if (s.lit !== undefined) return String(s.lit);
        const from = k === 0 ? 0 : counts[0];
        const mine = ids.slice(from, from + counts[k]);
        const v = s.split!.combine(vs.slice(from, from + counts[k]));
        const words = windowWords(s.split!.rule, mine, vs.slice(from, from + counts[k]));
        return `${v === undefined ? 'nothing' : fmt(v)} (${words})`;
      });
      return `${words[0]} ${top.op} ${words[1]}`;
    },
  };
}
