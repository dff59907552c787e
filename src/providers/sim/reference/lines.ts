/**
 * Counting raw log lines: the honest route to a LogQL count when its metric query fails (a querier
 * that refuses metric queries, a fault on `count_over_time`) but the lines themselves can be read.
 * The log query behind `sum(count_over_time(P [R]))` is `P` (selector, filters, parsers and label
 * filters as the route writes them), read over exactly the range the count reads, `(at − R, at]`
 * (a log query reads `[start, end)`, so both ends move by one millisecond), and counted from the
 * answer's entry count `n` (the envelope keeps only 100 lines; `n` is the full count).
 *
 * Limits shape the reads the way they shape an engineer's: a length limit (`max-query-length`, a
 * refusing fault's `rangeOver`) splits the range into windows no longer than it; an entry limit
 * (`max-entries`) caps the lines one read may ask for, and a read that comes back full may have
 * been cut, so its window is split in three and read again ("paging" by time: windows never
 * overlap, so the counts add). Every read with lines is the count's evidence (the scorer credits
 * the sum of several calls); a read that finds none adds nothing and is not cited.
 */

import type { Golden } from '../../../formats/golden/index.js';
import { TOOL } from '../../../protocol/tools.js';
import type { Observation } from '../observe.js';
import { answersFor, type IssuedCall, wave } from '../steps.js';
import type { PlannedCall, Turns } from '../types.js';
import { faultOn, widestRange } from './golden-faults.js';
import { masked } from './windows.js';

/** Lines one read asks for when no fault limits it (what a careful reader asks of Loki). */
export const PAGE_LINES = 5000;
/** Reads one count may take in all (the seat's tool budget is shared with every other route). */
export const MAX_READS = 24;
const SPLIT = 3;
const VACUOUS = /matched no series or streams/;

/** The log query behind a count route and the range it counts over, or undefined. */
export function linesBehind(route: string): { query: string; rangeMs: number } | undefined {
  const bare = masked(route);
  const m = /count_over_time\s*\(/.exec(bare);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  let depth = 0;
  let close = -1;
  for (let i = open; i < bare.length; i++) {
    if ('({['.includes(bare[i])) depth++;
    else if (')}]'.includes(bare[i]) && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) return undefined;
  // Nothing around it but `sum(...)` and `or vector(0)`: a grouping or a comparison is no one count.
  const outside = bare.slice(0, m.index) + bare.slice(close + 1);
  if (!/^\s*(?:sum\s*\(\s*\))?\s*(?:or\s+vector\s*\(\s*0\s*\))?\s*$/.test(outside)) return undefined;
  const inner = route.slice(open + 1, close);
  const range = /\[(\w+)\]\s*$/.exec(masked(inner));
  const rangeMs = range ? widestRange(range[0]) : 0;
  const query = range ? inner.slice(0, range.index).trim() : '';
  if (!query.startsWith('{') || !rangeMs) return undefined;
  return { query, rangeMs };
}

interface Span {
  /** Epoch ms: the window is (from, to]. */
  from: number;
  to: number;
}

export interface LinesPlan {
  query: string;
  at: string;
  /** Lines asked of each read. */
  limit: number;
  /** The first reads: the range, in windows no longer than a length limit. */
  spans: Span[];
  /** A fault that decides every read, when one does (the route is then no route). */
  decided?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function readCall(query: string, s: Span, limit: number): PlannedCall {
  return {
    name: TOOL.queryLogs,
    args: { query, start: iso(s.from + 1), end: iso(s.to + 1), limit, direction: 'backward' },
  };
}

/** The length and entry limits the golden's faults put on reading `query` at `at`; undefined: no line route. */
export function linesPlan(golden: Golden, route: string, at: string): LinesPlan | undefined {
  const behind = linesBehind(route);
  if (!behind) return undefined;
  const end = Date.parse(at);
  const whole: Span = { from: end - behind.rangeMs, to: end };
  let limit = PAGE_LINES;
  let length = behind.rangeMs;
  // Each limit the faults name, until a read of that size passes them all (a few rounds at most).
  for (let round = 0; round < 6; round++) {
    const probe: Span = { from: end - length, to: end };
    const hit = faultOn(golden, readCall(behind.query, probe, limit));
    if (!hit?.sure) break;
    const f = hit.fault;
    if (f.kind === 'max-entries' && f.limit < limit) limit = f.limit;
    else if (f.kind === 'max-query-length' || f.match.rangeOver !== undefined) {
      const ms = widestRange(`[${f.kind === 'max-query-length' ? f.limit : f.match.rangeOver}]`);
      if (!(ms > 0 && ms < length))
        return { query: behind.query, at, limit, spans: [whole], decided: label(f) };
      length = ms;
    } else if (f.kind !== 'partial')
      return { query: behind.query, at, limit, spans: [whole], decided: label(f) };
    else break;
  }
  const spans: Span[] = [];
  for (let to = end; to > whole.from; to -= length)
    spans.push({ from: Math.max(whole.from, to - length), to });
  return { query: behind.query, at, limit, spans };
}

const label = (f: { id?: string; kind: string }) => `fault ${f.id ?? '(unnamed)'} (${f.kind})`;

export interface Counted {
  value?: number;
  /** The reads that showed lines (the value's evidence). */
  evidence: string[];
  /** The reads' counts, for the findings: "the sum of 500 (c7), 432 (c8)". */
  shown: { id: string; n: number }[];
  /** The read that failed, when one did. */
  failed?: { call: PlannedCall; obs: Observation | undefined };
  /** What happened, for the gap's list of routes tried. */
  said: string;
  steered: boolean;
}

/** Read and count the lines of `plan`, paging a window that came back full. */
export function* countLines(plan: LinesPlan, text: string): Turns<Counted> {
  let pending = plan.spans;
  const shown: { id: string; n: number }[] = [];
  let reads = 0;
  let rounds = 0;
  let steered = false;
  let vacuous = false;
  const empties: string[] = [];
  while (pending.length) {
    if (reads + pending.length > MAX_READS)
      return {
        evidence: [],
        shown,
        steered,
        said: `more than ${MAX_READS} reads of ${plan.limit} lines needed`,
      };
    const calls = pending.map((s) => readCall(plan.query, s, plan.limit)) as IssuedCall[];
    reads += calls.length;
    rounds++;
    const fb = yield* wave(
      `${text} (${calls.length} read${calls.length > 1 ? 's' : ''} of at most ${plan.limit} lines)`,
      calls,
    );
    steered ||= fb.host.some((h) => h.mark === 'steer');
    const got = answersFor(calls, fb);
    const next: Span[] = [];
    for (const [i, s] of pending.entries()) {
      const o = got[i];
      if (!o || (o.outcome !== 'ok' && o.outcome !== 'empty'))
        return {
          evidence: [],
          shown,
          steered,
          failed: { call: calls[i], obs: o },
          said: `${o?.callId ?? 'a read'} answered ${o?.outcome ?? 'nothing'}${o?.error ? ` (${o.error})` : ''}`,
        };
      if (o.outcome === 'empty' || o.n === 0) {
        // A read whose selector matched no stream measures nothing (the host's warning says so).
        if (VACUOUS.test(o.raw)) vacuous = true;
        else empties.push(o.callId);
        continue;
      }
      if (o.n < plan.limit) shown.push({ id: o.callId, n: o.n });
      else {
        // Full: it may have been cut. Three windows of a third; a window of a millisecond cannot split.
        const len = (s.to - s.from) / SPLIT;
        if (len < 1) return { evidence: [], shown, steered, said: `${o.callId} was full at 1 ms` };
        for (let k = 0; k < SPLIT; k++)
          next.push({ from: Math.round(s.from + k * len), to: Math.round(s.from + (k + 1) * len) });
      }
    }
    pending = next;
  }
  if (!shown.length) {
    // Every read answered empty: a measured zero when their selectors matched streams.
    if (vacuous || !empties.length)
      return { evidence: [], shown, steered, said: 'its selector matched no stream' };
    return {
      value: 0,
      evidence: empties,
      shown,
      steered,
      said: `every read answered a measured empty (${empties.join(', ')})`,
    };
  }
  const value = shown.reduce((a, x) => a + x.n, 0);
  const said = `counted ${value} lines in ${reads} read${reads > 1 ? 's' : ''} over ${rounds} wave${rounds > 1 ? 's' : ''}`;
  return { value, evidence: shown.map((x) => x.id), shown, steered, said };
}
