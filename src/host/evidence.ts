/**
 * The session's calls as evidence/ judges them. Gates go by what the agent was SHOWN (`seen`):
 * with the failureClass gate off, a failed envelope the agent saw as data counts as data here,
 * exactly as it does to the agent. Theories the host writes or repairs itself go by the RECORDED
 * outcome, the one the scorer will read.
 */
import { type EvidenceSet, evidenceSet } from '../evidence/index.js';
import type { CallRecord } from './types.js';

export function sessionEvidence(
  s: { readonly calls: readonly Readonly<CallRecord>[] },
  view: 'shown' | 'recorded' = 'shown',
): EvidenceSet {
  return evidenceSet(
    s.calls.map((c) => {
      const outcome = view === 'shown' ? c.seen : c.outcome;
      return {
        id: c.id,
        tool: c.tool,
        class: c.class,
        source: c.source,
        query: c.query,
        outcome,
        reallyFailed: outcome === 'failed' || outcome === 'error',
        ran: c.ran === true,
      };
    }),
  );
}
