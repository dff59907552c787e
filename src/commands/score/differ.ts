/**
 * Where a recorded answer and the world's answer to the same call differ: the outcome class, the
 * series or stream count (`n`), the samples or log lines the answer held, and the values it showed.
 * Samples and lines are counted from the whole wire body on the world's side; on the recorded side
 * only from a preview that was kept whole (a cut preview's count is unknown, never guessed).
 */
import type { ToolResultEvent } from '../../formats/run/index.js';

/** What one answer was, in the figures compared. */
export interface AnswerFigures {
  outcome: ToolResultEvent['outcome'];
  /** Series (metrics) or streams (logs). */
  n: number;
  /** Samples of a vector / matrix / scalar, or lines of a log stream answer; absent when unknown. */
  samples?: number;
  /** The distinct values it showed (docs/trace.md#values), when it showed any. */
  values?: number[];
  error?: string;
  fault?: string;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Samples or lines in a `{resultType, result}` data object (or a body holding one under `data`). */
export function countSamples(body: unknown): number | undefined {
  const data = isRec(body) && isRec(body.data) && 'resultType' in body.data ? body.data : body;
  if (!isRec(data) || typeof data.resultType !== 'string') return undefined;
  if (data.resultType === 'scalar' || data.resultType === 'string') return 1;
  if (!Array.isArray(data.result)) return undefined;
  let n = 0;
  for (const s of data.result) {
    if (!isRec(s)) continue;
    if (Array.isArray(s.values)) n += s.values.length;
    else if (Array.isArray(s.value)) n += 1;
  }
  return n;
}

/** A preview's sample count, when the preview is whole JSON of the answer's data. */
function previewSamples(p: string | undefined): number | undefined {
  if (p === undefined || p.endsWith('…')) return undefined;
  try {
    return countSamples(JSON.parse(p));
  } catch {
    return undefined;
  }
}

export function figuresOf(r: ToolResultEvent, body?: unknown): AnswerFigures {
  const samples =
    r.outcome === 'ok' || r.outcome === 'empty'
      ? body !== undefined
        ? (countSamples(body) ?? previewSamples(r.preview))
        : previewSamples(r.preview)
      : undefined;
  return {
    outcome: r.outcome,
    n: r.n,
    ...(samples !== undefined ? { samples } : {}),
    ...(r.values ? { values: r.values } : {}),
    ...(r.error ? { error: r.error } : {}),
    ...(r.fault ? { fault: r.fault } : {}),
  };
}

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6))));

const few = (vs: number[]): string =>
  vs.length === 0
    ? 'none'
    : vs.length <= 3
      ? vs.map(fmt).join(', ')
      : `${vs.slice(0, 3).map(fmt).join(', ')} … (${vs.length})`;

/** How two ascending value lists differ, said shortly; undefined when they hold the same values. */
function valueDifference(a: number[], b: number[]): string | undefined {
  const sa = new Set(a);
  const sb = new Set(b);
  const gone = a.filter((v) => !sb.has(v));
  const added = b.filter((v) => !sa.has(v));
  if (!gone.length && !added.length) return undefined;
  if (gone.length === 1 && added.length === 1) return `value ${fmt(gone[0])} → ${fmt(added[0])}`;
  if (!a.length || !b.length) return `values ${few(a)} → ${few(b)}`;
  return `values differ (${gone.length} only recorded, ${added.length} only world; first ${
    gone.length ? fmt(gone[0]) : '—'
  } → ${added.length ? fmt(added[0]) : '—'})`;
}

/**
 * The differences, each one short phrase; empty when the answers agree. `faults`: compare which
 * fault fired too (only when the recorded trace records it for every call).
 */
export function differences(rec: AnswerFigures, world: AnswerFigures, faults: boolean): string[] {
  const out: string[] = [];
  if (rec.outcome !== world.outcome) out.push(`outcome ${rec.outcome} → ${world.outcome}`);
  if (rec.n !== world.n) out.push(`series/streams ${rec.n} → ${world.n}`);
  if (rec.samples !== undefined && world.samples !== undefined && rec.samples !== world.samples)
    out.push(`samples/lines ${rec.samples} → ${world.samples}`);
  const d = valueDifference(rec.values ?? [], world.values ?? []);
  if (d) out.push(d);
  if (faults && (rec.fault ?? '') !== (world.fault ?? ''))
    out.push(`fault ${rec.fault ?? '—'} → ${world.fault ?? '—'}`);
  return out;
}
