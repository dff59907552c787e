/**
 * Partial Theories the host writes itself (halt or budget cap with no usable submission):
 * - `assembleTheory`: from the trace alone. A measurement is attributed only when an `ok` live call
 *   ran exactly the measurement's route and returned one number; every part is `undetermined`, with
 *   the failed/empty live queries of its sources as gaps (one per fingerprint, latest call).
 * - `repairTheory`: the agent's final-turn Theory that the toolClasses gate blocked, made honest:
 *   measurements without live ok evidence become gaps, and a resolved part lacking live evidence
 *   becomes undetermined, with the failed queries of its sources named.
 */

import { specOf } from '../evidence/citations.js';
import {
  callNamedByGap,
  citations,
  type EvidenceSet,
  isOkLive,
  isUnproductive,
  normalizeQuery,
} from '../evidence/index.js';
import type { Theory, TheoryGap, TheoryPart } from '../formats/theory.js';
import { sessionEvidence } from './evidence.js';
import type { Session } from './session.js';
import type { CallRecord } from './types.js';

const PARTS = ['A', 'B'] as const;
type PartId = (typeof PARTS)[number];

function failedGaps(s: Session, part: PartId): TheoryGap[] {
  const sources = s.required[part];
  const set = sessionEvidence(s, 'recorded');
  const latest = new Map<string, CallRecord>();
  for (const c of s.calls) {
    // Calls the host answered itself (blocked after a halt, over budget) never ran: not failures.
    if (!isUnproductive(set.byId.get(c.id)) || !c.source || !sources.has(c.source)) continue;
    latest.set(c.fingerprint ?? c.id, c);
  }
  return [...latest.values()].map((c) => ({
    failedQuery: c.query,
    callId: c.id,
    reason: `${c.tool} returned ${c.outcome}${c.errorMessage ? `: ${c.errorMessage}` : ''}`,
  }));
}

export function assembleTheory(s: Session, why: string): Theory {
  const parts = {} as Record<PartId, TheoryPart>;
  for (const part of PARTS) {
    const measurements: TheoryPart['measurements'] = [];
    const gaps = failedGaps(s, part);
    for (const m of s.opts.golden.parts[part].measurements) {
      const hit = m.route
        ? [...s.calls]
            .reverse()
            .find(
              (c) =>
                c.outcome === 'ok' &&
                c.value !== undefined &&
                c.query &&
                normalizeQuery(c.query) === normalizeQuery(m.route ?? ''),
            )
        : undefined;
      if (hit?.value !== undefined)
        measurements.push({ id: m.id, value: hit.value, unit: m.unit, evidence: [hit.id] });
      else if (!gaps.some((g) => g.measurement === m.id)) {
        gaps.push({ measurement: m.id, reason: `not measured before the session stopped (${why})` });
      }
    }
    parts[part] = {
      status: 'undetermined',
      findings: `Assembled by the host from the trace (${why}).`,
      measurements,
      gaps,
    };
  }
  return {
    summary: `Partial findings assembled by the host after the session stopped (${why}).`,
    rootCause: { component: 'unknown', mechanism: 'undetermined', explanation: '' },
    parts,
  };
}

/**
 * A gap of the agent's that names a query as failed must point at a call that ran and gave
 * nothing (evidence/gaps.ts decides, as the scorer does); otherwise (a route that never ran before
 * the session stopped, a call the host blocked, an id that does not exist) it keeps only the
 * measurement and says so.
 */
function honestGap(set: EvidenceSet, g: TheoryGap): TheoryGap {
  if (g.callId === undefined && !g.failedQuery) return g;
  const named = callNamedByGap(set, g, 'unproductive');
  if (named) return { ...g, callId: named.id };
  const reason = `${g.reason} (the host found no failed call for the query named: it never ran in this session)`;
  return g.measurement === undefined ? { reason } : { measurement: g.measurement, reason };
}

export function repairTheory(s: Session, theory: Theory): Theory {
  const set = sessionEvidence(s, 'recorded');
  const golden = s.opts.golden;
  const parts = {} as Record<PartId, TheoryPart>;
  for (const part of PARTS) {
    const p = theory.parts[part];
    // Evidence keeps only calls of this session that are live; a measurement stays when what is
    // left of its evidence holds an ok live call of its source.
    const cleaned = p.measurements.map((m) => ({
      ...m,
      evidence: m.evidence.filter((id) => {
        const c = set.byId.get(id);
        return c !== undefined && c.class === 'live';
      }),
    }));
    const kept = cleaned.filter((m) =>
      m.evidence.some((id) => isOkLive(set.byId.get(id), specOf(golden, m.id)?.source)),
    );
    const dropped = cleaned.filter((m) => !kept.includes(m));
    const gaps: TheoryGap[] = [
      ...p.gaps.map((g) => honestGap(set, g)),
      ...dropped.map((m) => ({
        measurement: m.id,
        reason: 'the host found no live query call that returned data for it',
      })),
    ];
    const repaired: TheoryPart = { ...p, measurements: kept, gaps };
    const unbacked = citations(golden, { ...theory, parts: { ...theory.parts, [part]: repaired } }, set).some(
      (x) => x.part === part && x.kind === 'resolved-unbacked',
    );
    const status = p.status === 'resolved' && !unbacked && !dropped.length ? 'resolved' : 'undetermined';
    if (status === 'undetermined' && !gaps.some((g) => g.failedQuery)) gaps.push(...failedGaps(s, part));
    parts[part] = { ...repaired, status };
  }
  return { ...theory, parts };
}
