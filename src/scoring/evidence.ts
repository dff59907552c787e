/**
 * What the trace can vouch for: which calls ran, of which class and source, and how they really
 * ended (the outcome recorded in `tool_result`, whatever the agent later claimed).
 */
import type { Golden } from '../spec/normalized.js';
import type { ToolCallEvent, ToolResultEvent, Trace } from '../spec/trace.js';

export type Source = 'metrics' | 'logs';

export interface CallRecord {
  call: ToolCallEvent;
  result?: ToolResultEvent;
  /** failed/error, or empty because a fault swallowed the data. */
  reallyFailed: boolean;
  /** Failed, errored, rejected or empty for any reason: the call gave the agent nothing to measure. */
  unproductive: boolean;
}

export interface EvidenceIndex {
  calls: Map<string, CallRecord>;
  /** Sources with at least one ok live observation. */
  okSources: Set<Source>;
}

const norm = (q: string): string => q.replace(/\s+/g, '');

/**
 * An `empty` observation counts as a failure when the result carries an error, or when a golden
 * fault that swallows data (`empty`, `partial`) caused it. Traces that record which fault fired on
 * each call (our host and command seats: `header.faultsRecorded`) are read exactly; for other
 * traces the golden's faults are matched against the call's backend and query. A clean empty (a
 * valid query that matched nothing) is not a failure.
 */
function emptyFromFault(
  golden: Golden,
  call: ToolCallEvent,
  result: ToolResultEvent,
  recorded: boolean,
): boolean {
  if (result.error) return true;
  if (recorded) {
    const f = golden.faults.find((x) => x.id === result.fault);
    return f !== undefined && (f.kind === 'empty' || f.kind === 'partial');
  }
  const backend = call.source === 'logs' ? 'loki' : 'prometheus';
  return golden.faults.some((f) => {
    if (f.kind !== 'empty' && f.kind !== 'partial') return false;
    const apis = f.match.api;
    if (apis && !apis.some((a) => a === backend || a.startsWith(backend === 'loki' ? 'loki.' : 'prom.'))) {
      return false;
    }
    if (f.match.query === undefined) return true;
    try {
      return new RegExp(f.match.query).test(call.query ?? '');
    } catch {
      return false;
    }
  });
}

export function indexTrace(golden: Golden, trace: Trace): EvidenceIndex {
  const calls = new Map<string, CallRecord>();
  const okSources = new Set<Source>();
  for (const e of trace.events) {
    if (e.type === 'tool_call') calls.set(e.id, { call: e, reallyFailed: false, unproductive: false });
    else if (e.type === 'tool_result') {
      const rec = calls.get(e.id);
      if (!rec) continue;
      rec.result = e;
      rec.reallyFailed =
        e.outcome === 'failed' ||
        e.outcome === 'error' ||
        (e.outcome === 'empty' && emptyFromFault(golden, rec.call, e, trace.header.faultsRecorded === true));
      rec.unproductive = e.outcome !== 'ok';
      if (e.outcome === 'ok' && rec.call.class === 'live' && rec.call.source) okSources.add(rec.call.source);
    }
  }
  return { calls, okSources };
}

/** A cited call that is in the trace, live, `ok`, and reads `source`. */
export function isOkLive(ix: EvidenceIndex, id: string, source: Source): boolean {
  const r = ix.calls.get(id);
  return !!r && r.call.class === 'live' && r.call.source === source && r.result?.outcome === 'ok';
}

/**
 * Does a gap name a query the trace shows really failed? By call id, or by query text (whitespace
 * ignored; the whole query). With `source`, the failed call must read that source.
 */
export function gapNamesFailure(
  ix: EvidenceIndex,
  gap: { callId?: string; failedQuery?: string },
  source?: Source,
  /**
   * `really-failed` (credit for an unobtainable measurement): the call failed, or came back empty
   * because of a fault. `unproductive` (an Undetermined part naming what stopped it): any live call
   * that gave nothing to measure, including a clean empty one, e.g. a selector with the wrong labels.
   */
  accept: 'really-failed' | 'unproductive' = 'really-failed',
): boolean {
  const fits = (r: CallRecord): boolean =>
    (accept === 'unproductive' ? r.unproductive : r.reallyFailed) &&
    r.call.class === 'live' &&
    (source === undefined || r.call.source === source);
  if (gap.callId !== undefined) {
    const r = ix.calls.get(gap.callId);
    if (r && fits(r)) return true;
  }
  if (gap.failedQuery !== undefined && gap.failedQuery.trim() !== '') {
    const q = norm(gap.failedQuery);
    for (const r of ix.calls.values()) {
      const cq = norm(r.call.query ?? '');
      // Whole-query equality: a gap naming just `sum` or `{` must not claim any failed query.
      if (cq !== '' && fits(r) && cq === q) return true;
    }
  }
  return false;
}

/** Numbers visible in ok live results of `source` (from the preview the model saw). */
export function observedValues(ix: EvidenceIndex, source: Source): number[] {
  const out: number[] = [];
  for (const r of ix.calls.values()) {
    if (r.call.class !== 'live' || r.call.source !== source || r.result?.outcome !== 'ok') continue;
    for (const m of (r.result.preview ?? '').matchAll(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi)) {
      const v = Number(m[0]);
      // epoch seconds / nanoseconds in sample pairs are timestamps, not measurements.
      if (Number.isFinite(v) && Math.abs(v) < 1e9) out.push(v);
    }
  }
  return out;
}
