/**
 * The evidence a trace vouches for: every call with the outcome its `tool_result` recorded,
 * whatever the agent later claimed. A call without a result has no outcome.
 */
import { faultPatternMatches } from '../formats/fault-regex.js';
import type { Golden } from '../formats/normalized.js';
import type { ToolCallEvent, ToolResultEvent, Trace } from '../formats/trace.js';
import { type EvidenceCall, type EvidenceSet, evidenceSet, reachedBackend } from './calls.js';

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
  // Without the record, only what a tool_call holds can be matched: the backend's query APIs (a
  // fault on listings never empties a query) and the query regex. Time ranges and call counts
  // need the request itself and are not applied to such traces (docs/scoring.md).
  const backend = call.source === 'logs' ? 'loki' : 'prometheus';
  const prefix = backend === 'loki' ? 'loki' : 'prom';
  const queryApis = new Set<string>([backend, `${prefix}.query`, `${prefix}.query_range`]);
  return golden.faults.some((f) => {
    if (f.kind !== 'empty' && f.kind !== 'partial') return false;
    const apis = f.match.api;
    if (apis && apis.length > 0 && !apis.some((a) => queryApis.has(a))) return false;
    if (f.match.query === undefined) return true;
    return faultPatternMatches(f.match.query, call.query ?? '');
  });
}

export interface TraceEvidence extends EvidenceSet {
  /** The result of each call, by id (previews, faults), for rules that read what the agent saw. */
  readonly results: ReadonlyMap<string, ToolResultEvent>;
}

export function evidenceFromTrace(golden: Golden, trace: Trace): TraceEvidence {
  const calls = new Map<string, EvidenceCall>();
  const events = new Map<string, ToolCallEvent>();
  const results = new Map<string, ToolResultEvent>();
  const recorded = trace.header.faultsRecorded === true;
  for (const e of trace.events) {
    if (e.type === 'tool_call') {
      events.set(e.id, e);
      calls.set(e.id, {
        id: e.id,
        tool: e.tool,
        class: e.class,
        source: e.source,
        query: e.query,
        reallyFailed: false,
        ran: true,
      });
    } else if (e.type === 'tool_result') {
      const c = calls.get(e.id);
      const call = events.get(e.id);
      if (!c || !call) continue;
      results.set(e.id, e);
      c.outcome = e.outcome;
      // A call the host refused itself (blocked, over budget ...) never reached a backend.
      c.ran = reachedBackend(e);
      c.reallyFailed =
        e.outcome === 'failed' ||
        e.outcome === 'error' ||
        (e.outcome === 'empty' && emptyFromFault(golden, call, e, recorded));
    }
  }
  return { ...evidenceSet(calls.values()), results };
}
