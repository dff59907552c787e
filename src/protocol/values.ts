/**
 * What a query's answer showed, for its `tool_result` (docs/trace.md#values): the finite sample
 * values of a vector, matrix or scalar result, distinct and ascending, plus the totals a reader
 * adds up (an instant vector's sum, a matrix's per-timestamp sums' min and max, each when there is
 * more than one series). Read from the wire body the agent was served, so a fault that cut or
 * emptied the answer is what is recorded. Log streams and strings show no values (undefined).
 */
import type { Outcome, Selection, ToolResultEvent } from '../formats/run/index.js';

/** At most this many values a result; more are thinned to order statistics (thin). */
export const MAX_VALUES = 256;

export interface ShownValues {
  values: number[];
  /** More distinct values than MAX_VALUES: `values` holds order statistics of them. */
  truncated: boolean;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of a `[t, "v"]` pair, when it is finite. */
function finite(pair: unknown): number | undefined {
  if (!Array.isArray(pair) || pair.length < 2) return undefined;
  const raw = pair[1];
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  return Number.isFinite(v) ? v : undefined;
}

/** Frozen bodies (the engine cache's answers, served again and again) are read once. */
const memo = new WeakMap<object, ShownValues | null>();

/** The values a Prometheus or Loki success body (`{status, data: {resultType, result}}`) showed. */
export function valuesShown(body: unknown): ShownValues | undefined {
  if (!isRec(body)) return undefined;
  if (!Object.isFrozen(body)) return read(body.data) ?? undefined;
  let v = memo.get(body);
  if (v === undefined) {
    v = read(body.data);
    memo.set(body, v);
  }
  return v ?? undefined;
}

function read(data: unknown): ShownValues | null {
  // A scalar's result is its `[t, "v"]` pair; vectors and matrices hold a list of series.
  if (!isRec(data) || !Array.isArray(data.result)) return null;
  const all = new Set<number>();
  const totals = new Set<number>();
  const add = (v: number | undefined) => {
    if (v !== undefined) all.add(v);
  };
  switch (data.resultType) {
    case 'scalar':
      add(finite(data.result));
      break;
    case 'vector': {
      const result = data.result as unknown[];
      let sum = 0;
      let any = false;
      for (const s of result) {
        const v = isRec(s) ? finite(s.value) : undefined;
        add(v);
        if (v !== undefined) {
          sum += v;
          any = true;
        }
      }
      if (result.length > 1 && any && Number.isFinite(sum)) totals.add(sum);
      break;
    }
    case 'matrix': {
      const result = data.result as unknown[];
      const byT = new Map<number, number>();
      for (const s of result) {
        if (!isRec(s) || !Array.isArray(s.values)) continue;
        for (const p of s.values) {
          const v = finite(p);
          if (v === undefined) continue;
          all.add(v);
          const t = Number((p as unknown[])[0]);
          byT.set(t, (byT.get(t) ?? 0) + v);
        }
      }
      if (result.length > 1) {
        let min = Number.POSITIVE_INFINITY;
        let max = Number.NEGATIVE_INFINITY;
        for (const sum of byT.values()) {
          if (!Number.isFinite(sum)) continue;
          if (sum < min) min = sum;
          if (sum > max) max = sum;
        }
        if (min <= max) {
          totals.add(min);
          totals.add(max);
        }
      }
      break;
    }
    default:
      return null;
  }
  for (const t of totals) all.add(t);
  return thin(all, totals);
}

const ascending = (a: number, b: number) => a - b;

/**
 * Every value, ascending, when they fit; else the totals (what a reader adds up), the minimum, the
 * maximum and evenly spaced order statistics of the rest, MAX_VALUES in all.
 */
function thin(all: Set<number>, totals: Set<number>): ShownValues {
  if (all.size <= MAX_VALUES) return { values: [...all].sort(ascending), truncated: false };
  const rest = [...all].filter((v) => !totals.has(v)).sort(ascending);
  const room = MAX_VALUES - totals.size;
  const kept = new Set(totals);
  for (let k = 0; k < room; k++) kept.add(rest[Math.round((k * (rest.length - 1)) / (room - 1))]);
  return { values: [...kept].sort(ascending), truncated: true };
}

/** The `selection`, `values` and `valuesTruncated` of a query call's `tool_result`. */
export type ResultRecord = Pick<ToolResultEvent, 'selection' | 'values' | 'valuesTruncated'>;

/**
 * What a query call's `tool_result` records beside its outcome: the engine's selection record
 * when an engine answered it, and, for an ok or empty answer, the values its body showed.
 */
export function resultRecord(
  outcome: Outcome,
  body: unknown,
  selection: Selection | undefined,
): ResultRecord {
  const out: ResultRecord = {};
  if (selection) out.selection = selection;
  if (outcome !== 'ok' && outcome !== 'empty') return out;
  const shown = valuesShown(body);
  if (shown) {
    out.values = shown.values;
    if (shown.truncated) out.valuesTruncated = true;
  }
  return out;
}
