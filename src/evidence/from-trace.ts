/**
 * The evidence a trace vouches for: every call with the outcome its `tool_result` recorded,
 * whatever the agent later claimed. A call without a result has no outcome.
 */

import type { Golden } from '../formats/golden/index.js';
import { faultPatternMatches } from '../formats/golden/index.js';
import type { ToolCallEvent, ToolResultEvent, Trace } from '../formats/run/index.js';
import { sampleValues } from '../formats/run/index.js';
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

const UNIT_MS: Record<string, number> = { ms: 1, s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5, y: 31536e6 };

/** Milliseconds of a Prometheus/Loki duration (`1h30m`, `40m`, `90s`). */
export function durationMs(text: string): number | undefined {
  let total = 0;
  let seen = false;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w|y)/g)) {
    total += Number(m[1]) * UNIT_MS[m[2]];
    seen = true;
  }
  return seen ? total : undefined;
}

/** The widest window a call read: its range selectors and subqueries, or its `now-1h`-style start. */
function windowOf(e: ToolCallEvent): { windowMs?: number } {
  const widths: number[] = [];
  for (const m of (e.query ?? '').matchAll(/\[\s*([0-9smhdwy.]+)\s*(?::[^\]]*)?\]/g)) {
    const ms = durationMs(m[1]);
    if (ms !== undefined) widths.push(ms);
  }
  const start = (e.args as { start?: unknown } | null)?.start;
  if (typeof start === 'string') {
    const rel = /^now-(.+)$/.exec(start.trim());
    const ms = rel ? durationMs(rel[1]) : undefined;
    if (ms !== undefined) widths.push(ms);
  }
  return widths.length ? { windowMs: Math.max(...widths) } : {};
}

/** An API time (`1783566000.000`, `now-2h`), epoch ms, against the world's now. */
function apiTime(v: unknown, nowMs: number): number | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).trim();
  if (/^\d+(?:\.\d+)?$/.test(s)) return Number(s) * 1e3;
  if (s === 'now') return nowMs;
  const rel = /^now-(.+)$/.exec(s);
  const ms = rel ? durationMs(rel[1]) : undefined;
  return ms !== undefined ? nowMs - ms : undefined;
}

/**
 * The earliest instant a call read: its evaluation time (or a range query's end) less its widest
 * range selector with the `offset` after it, or a range query's start, whichever is earlier.
 */
function fromOf(e: ToolCallEvent, nowMs: number): { fromMs?: number } {
  if (e.class !== 'live' || !e.query) return {};
  const args = (e.args ?? {}) as { time?: unknown; end?: unknown; start?: unknown };
  const end = apiTime(args.time ?? args.end, nowMs) ?? nowMs;
  let back = 0;
  for (const m of e.query.matchAll(/\[\s*([0-9smhdwy.]+)\s*(?::[^\]]*)?\](?:\s*offset\s+([0-9smhdwy.]+))?/g))
    back = Math.max(back, (durationMs(m[1]) ?? 0) + (m[2] ? (durationMs(m[2]) ?? 0) : 0));
  for (const m of e.query.matchAll(/\boffset\s+([0-9smhdwy.]+)/g))
    back = Math.max(back, durationMs(m[1]) ?? 0);
  const start = apiTime(args.start, nowMs);
  return { fromMs: Math.min(end - back, start ?? Number.POSITIVE_INFINITY) };
}

/**
 * A `rejected` answer is the agent's invalid query, unless the server refused a valid one by a
 * limit of its own (a golden fault such as `max-query-length` fired on it, or, in a trace that
 * does not record faults, the error says a limit was exceeded): the data were there and the
 * server would not read them, a gap as real as a failed envelope.
 */
function refusedByServer(golden: Golden, result: ToolResultEvent, recorded: boolean): boolean {
  if (recorded || result.fault !== undefined) {
    return (
      result.fault !== undefined && golden.faults.some((f) => f.id === result.fault && f.kind !== 'latency')
    );
  }
  return /\b(?:exceeds?|exceeded)\b.*\blimit\b|\blimit\b.*\bexceeded\b|too many (?:series|samples|entries|outstanding)|max(?:imum)? (?:query|series|entries)/i.test(
    result.error ?? '',
  );
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
        ...windowOf(e),
        ...fromOf(e, golden.ms.now),
      });
    } else if (e.type === 'tool_result') {
      const c = calls.get(e.id);
      const call = events.get(e.id);
      if (!c || !call) continue;
      results.set(e.id, e);
      c.outcome = e.outcome;
      // A call the host refused itself (blocked, over budget ...) never reached a backend.
      c.ran = reachedBackend(e);
      if (e.error) c.error = e.error;
      if (e.selection) c.unmatched = e.selection.unmatched;
      if (e.values) c.values = e.values;
      else if (
        e.outcome === 'ok' &&
        e.preview !== undefined &&
        !/"resultType"\s*:\s*"streams"/.test(e.preview)
      ) {
        // Older traces and traces from elsewhere: the samples the preview shows (it may be cut).
        const shown = sampleValues(e.preview);
        if (shown.length) {
          c.values = shown;
          if (e.preview.endsWith('…')) c.valuesTruncated = true;
        }
      }
      if (e.valuesTruncated) c.valuesTruncated = true;
      c.n = e.n;
      c.reallyFailed =
        e.outcome === 'failed' ||
        e.outcome === 'error' ||
        (e.outcome === 'empty' && emptyFromFault(golden, call, e, recorded)) ||
        (e.outcome === 'rejected' && refusedByServer(golden, e, recorded));
    }
  }
  return { ...evidenceSet(calls.values()), results };
}
