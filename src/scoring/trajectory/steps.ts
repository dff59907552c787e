/**
 * The steps of a trial as trajectory checks see them: each tool call joined with its result, in
 * trace order, and whether a call matches a check's `call:` (every field given must hold).
 */
import { reachedBackend } from '../../evidence/index.js';
import { type CallMatcher, faultPatternMatches } from '../../formats/golden/index.js';
import type { Outcome, ToolCallEvent, ToolResultEvent, Trace } from '../../formats/run/index.js';
import type { Source } from '../../formats/vocabulary.js';

export interface Step {
  /** 0-based place among the trial's calls. */
  index: number;
  id: string;
  tool: string;
  source?: Source;
  query?: string;
  /** Undefined while the call has no result. */
  outcome?: Outcome;
  fingerprint?: string;
  /** The call reached its tool's backend (not answered by the host: blocked, over budget, bad args). */
  ran: boolean;
}

export function stepsOf(trace: Trace): Step[] {
  const results = new Map<string, ToolResultEvent>();
  for (const e of trace.events) if (e.type === 'tool_result') results.set(e.id, e);
  const calls = trace.events.filter((e): e is ToolCallEvent => e.type === 'tool_call');
  return calls.map((c, index) => {
    const r = results.get(c.id);
    return {
      index,
      id: c.id,
      tool: c.tool,
      ...(c.source !== undefined ? { source: c.source } : {}),
      ...(c.query !== undefined ? { query: c.query } : {}),
      ...(r ? { outcome: r.outcome } : {}),
      ...(r?.fingerprint !== undefined ? { fingerprint: r.fingerprint } : {}),
      ran: r !== undefined && reachedBackend(r),
    };
  });
}

export function matches(m: CallMatcher | undefined, s: Step): boolean {
  if (!m) return true;
  if (m.tool !== undefined && m.tool !== s.tool) return false;
  if (m.source !== undefined && m.source !== s.source) return false;
  if (m.outcome !== undefined && m.outcome !== s.outcome) return false;
  if (m.query !== undefined && !faultPatternMatches(m.query, s.query ?? '')) return false;
  return true;
}

/** The matcher in words: `query_logs calls matching /pool/`. */
export function describe(m: CallMatcher | undefined): string {
  if (!m || Object.keys(m).length === 0) return 'calls';
  const bits = [m.tool ?? 'calls'];
  if (m.source) bits.push(`of ${m.source}`);
  if (m.query) bits.push(`matching /${m.query}/`);
  if (m.outcome) bits.push(`that were ${m.outcome}`);
  return bits.join(' ');
}

/** A call named for a reason: `c7 (query_logs {app="x"})`. */
export const callText = (s: Step): string => `${s.id} (${s.tool}${s.query ? ` ${clip(s.query)}` : ''})`;

const clip = (q: string): string => (q.length > 80 ? `${q.slice(0, 77)}...` : q);
