/**
 * The calls a judgement rests on, in one shape for every judge. The scorer builds them from the
 * trace (the recorded outcome); the host's gates build them from the session (what the agent was
 * shown). Everything else in evidence/ is a pure function of these.
 */
import type { Outcome, ToolClass } from '../formats/run/index.js';
import type { Source } from '../formats/vocabulary.js';
import { isHostRefusal } from '../formats/vocabulary.js';

export interface EvidenceCall {
  id: string;
  tool: string;
  class: ToolClass;
  source?: Source;
  query?: string;
  /** The outcome the judge goes by; undefined while the call has no result. */
  outcome?: Outcome;
  /** Failed, errored, or empty because a fault swallowed the data (or the result carries an error). */
  reallyFailed: boolean;
  /** The call reached its tool; false for calls the host answered itself (blocked, over budget). */
  ran: boolean;
  /** The recorded error text (`type: message`), when the result carried one. */
  error?: string;
  /**
   * Selectors of the query that read nothing (trace `selection.unmatched`); undefined when not
   * recorded. Empty: every selector read data, so an empty or zero answer was measured.
   */
  unmatched?: readonly string[];
  /** Sample values the answer showed (trace `values`), when recorded. */
  values?: readonly number[];
  valuesTruncated?: boolean;
  /** Entries or series in the answer (trace `n`). */
  n?: number;
  /** The widest time window the call read, in ms (its range selectors, or its start/end), when known. */
  windowMs?: number;
  /**
   * The earliest instant the call read, epoch ms (its evaluation time less its widest range and
   * `offset`, or a range query's start), when known: what a comparison with a past period needs.
   */
  fromMs?: number;
}

/**
 * Did a call reach its backend? Not when the host (or the tool's own argument check) answered it:
 * a `rejected` result without an HTTP status whose error type is one of the host's refusals
 * (`blocked: ...`, `bad_args: ...`). The trace and the live session decide it by this one rule.
 */
export function reachedBackend(r: { outcome: Outcome; httpStatus?: number; error?: string }): boolean {
  return !(r.outcome === 'rejected' && r.httpStatus === undefined && isHostRefusal(r.error));
}

/** The calls of one trial by id, in order. */
export interface EvidenceSet {
  readonly byId: ReadonlyMap<string, EvidenceCall>;
  readonly calls: readonly EvidenceCall[];
}

export function evidenceSet(calls: Iterable<EvidenceCall>): EvidenceSet {
  const list = [...calls];
  return { calls: list, byId: new Map(list.map((c) => [c.id, c])) };
}

/** A live call of `source` (any, when omitted) that returned data. */
export function isOkLive(c: EvidenceCall | undefined, source?: Source): c is EvidenceCall {
  return !!c && c.class === 'live' && c.outcome === 'ok' && (source === undefined || c.source === source);
}

/** A live call that ran and gave nothing to measure: failed, errored, rejected, or empty. */
export function isUnproductive(c: EvidenceCall | undefined): c is EvidenceCall {
  return !!c && c.class === 'live' && c.ran && c.outcome !== undefined && c.outcome !== 'ok';
}

/** A live call that really failed (a clean empty or an invalid query is not a data gap). */
export function isReallyFailed(c: EvidenceCall | undefined): c is EvidenceCall {
  return !!c && c.class === 'live' && c.ran && c.reallyFailed;
}

/** Context tools and label listings: never a measurement's evidence. */
export function isNotEvidenceClass(c: EvidenceCall): boolean {
  return c.class === 'context' || c.class === 'discovery';
}

/**
 * A live call that measured: it ran, answered ok or empty without a failure, and every selector
 * of it read data. Only such a call backs an absence or a zero: an empty answer from a selector
 * that matched nothing (a typo, a wrong label) or a constant fallback over one (`or vector(0)`)
 * measures nothing. Without a selection record, an ok answer counts and an empty one does not.
 */
export function isMeasured(c: EvidenceCall | undefined, source?: Source): c is EvidenceCall {
  if (c?.class !== 'live' || !c.ran || c.reallyFailed) return false;
  if (source !== undefined && c.source !== source) return false;
  if (c.outcome !== 'ok' && c.outcome !== 'empty') return false;
  if (c.unmatched === undefined) return c.outcome === 'ok';
  return c.unmatched.length === 0;
}

export function hasOkLive(set: EvidenceSet, source: Source): boolean {
  return set.calls.some((c) => isOkLive(c, source));
}
