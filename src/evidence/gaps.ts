/**
 * Does a gap name a query that gave nothing? By call id, or by query text: the call's whole query
 * or a parseable sub-expression of it that holds a selector (its stream selector, its log
 * pipeline, an inner PromQL expression), whitespace aside. A fragment that does not parse on its
 * own (`sum`, `|= "pool`) or holds no selector (`5m`) names nothing.
 */
import type { TheoryGap } from '../formats/theory.js';
import type { Source } from '../formats/vocabulary.js';
import { type EvidenceCall, type EvidenceSet, isReallyFailed, isUnproductive } from './calls.js';
import type { Linker } from './claims/index.js';
import { callNamedInWords } from './gap-words.js';
import { textNamesQuery } from './query-parts.js';

export { textNamesQuery };

/**
 * `really-failed`: coverage for an unobtainable measurement needs a call that failed, errored or
 * was emptied by a fault. `unproductive`: an Undetermined part may name any live call that gave
 * nothing to measure, a clean empty (a wrong-label probe) included.
 */
export type GapAccept = 'really-failed' | 'unproductive';

/**
 * The call a gap names, among calls of `sources` (any, when omitted) that fit `accept`: by its
 * id, by its query text, or (given the golden's linker) in words (gap-words.ts).
 */
export function callNamedByGap(
  set: EvidenceSet,
  gap: Pick<TheoryGap, 'callId' | 'failedQuery'> & { reason?: string },
  accept: GapAccept,
  sources?: readonly Source[],
  link?: Linker,
): EvidenceCall | undefined {
  const fits = (c: EvidenceCall | undefined): c is EvidenceCall =>
    c !== undefined &&
    (accept === 'unproductive' ? isUnproductive(c) : isReallyFailed(c)) &&
    (sources === undefined || (c.source !== undefined && sources.includes(c.source)));
  if (gap.callId !== undefined) {
    const c = set.byId.get(gap.callId);
    if (fits(c)) return c;
  }
  const q = gap.failedQuery;
  if (q !== undefined && q.trim() !== '') {
    // The latest such call: the one the agent saw last.
    for (let i = set.calls.length - 1; i >= 0; i--) {
      const c = set.calls[i];
      if (fits(c) && textNamesQuery(q, c)) return c;
    }
  }
  if (!link) return undefined;
  const words = [q, gap.reason].filter((x) => x !== undefined && x.trim() !== '').join('. ');
  return words === '' ? undefined : callNamedInWords(words, set.calls.filter(fits), link, set.calls);
}
