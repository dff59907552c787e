/**
 * Partial Theories the host writes itself (halt or budget cap with no usable submission):
 * - `assembleTheory`: from the trace alone. A measurement is attributed only when an `ok` live call
 *   ran exactly the measurement's route and returned one number; every part is `undetermined`, with
 *   the failed/empty live queries of its sources as gaps (one per fingerprint, latest call).
 * - `repairTheory`: the agent's final-turn Theory that the toolClasses gate blocked, made honest:
 *   measurements without live ok evidence become gaps, and a resolved part lacking live evidence
 *   becomes undetermined, with the failed queries of its sources named.
 */
import type { Theory, TheoryGap, TheoryPart } from '../spec/theory.js';
import type { Session } from './session.js';
import type { CallRecord } from './types.js';

const PARTS = ['A', 'B'] as const;
type PartId = (typeof PARTS)[number];

const squash = (q: string) => q.replace(/\s+/g, '');

/** A live call that reached the backend and did not return data: a query a gap may name as failed. */
function ranAndFailed(c: CallRecord | undefined): c is CallRecord {
  return !!c && c.class === 'live' && c.ran === true && c.outcome !== undefined && c.outcome !== 'ok';
}

function failedGaps(s: Session, part: PartId): TheoryGap[] {
  const sources = s.required[part];
  const latest = new Map<string, CallRecord>();
  for (const c of s.calls) {
    // Calls the host answered itself (blocked after a halt, over budget) never ran: not failures.
    if (!ranAndFailed(c) || !c.source || !sources.has(c.source)) continue;
    latest.set(c.fingerprint ?? c.id, c);
  }
  return [...latest.values()].map((c) => ({
    failedQuery: c.query,
    callId: c.id,
    reason: `${c.tool} returned ${c.outcome}${c.errorMessage ? `: ${c.errorMessage}` : ''}`,
  }));
}

function liveOk(s: Session, id: string, source: string): boolean {
  const c = s.byId.get(id);
  return !!c && c.class === 'live' && c.seen === 'ok' && c.source === source;
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
                squash(c.query) === squash(m.route ?? ''),
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
 * A gap of the agent's that names a query as failed must point at a call the trace shows failed;
 * otherwise (a route that never ran before the session stopped, a call the host blocked) it keeps
 * only the measurement and says so.
 */
function honestGap(s: Session, g: TheoryGap): TheoryGap {
  if (g.callId === undefined && !g.failedQuery) return g;
  if (g.callId !== undefined && ranAndFailed(s.byId.get(g.callId))) return g;
  const q = g.failedQuery ? squash(g.failedQuery) : undefined;
  const byQuery = q
    ? [...s.calls].reverse().find((c) => ranAndFailed(c) && squash(c.query ?? '') === q)
    : undefined;
  if (byQuery) return { ...g, callId: byQuery.id };
  const reason = `${g.reason} (the host found no failed call for the query named: it never ran in this session)`;
  return g.measurement === undefined ? { reason } : { measurement: g.measurement, reason };
}

export function repairTheory(s: Session, theory: Theory): Theory {
  const sourceOf = new Map<string, string>();
  for (const part of PARTS)
    for (const m of s.opts.golden.parts[part].measurements) sourceOf.set(m.id, m.source);
  const parts = {} as Record<PartId, TheoryPart>;
  for (const part of PARTS) {
    const p = theory.parts[part];
    const kept = p.measurements.filter((m) =>
      m.evidence.some((id) => liveOk(s, id, sourceOf.get(m.id) ?? '')),
    );
    const dropped = p.measurements.filter((m) => !kept.includes(m));
    const gaps: TheoryGap[] = [
      ...p.gaps.map((g) => honestGap(s, g)),
      ...dropped.map((m) => ({
        measurement: m.id,
        reason: 'the host found no live query call that returned data for it',
      })),
    ];
    const lacking = [...s.required[part]].some(
      (src) => !s.calls.some((c) => c.class === 'live' && c.source === src && c.seen === 'ok'),
    );
    const status = p.status === 'resolved' && !lacking && !dropped.length ? 'resolved' : 'undetermined';
    if (status === 'undetermined' && !gaps.some((g) => g.failedQuery)) gaps.push(...failedGaps(s, part));
    parts[part] = { ...p, status, measurements: kept, gaps };
  }
  return { ...theory, parts };
}
