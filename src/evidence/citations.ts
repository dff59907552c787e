/**
 * What a Theory's citations are worth against a set of calls. One list of problems, read three
 * ways: the toolClasses gate refuses a submission that has any, the host's repair removes them,
 * and the scorer turns the honesty ones into hard fails.
 */
import type { MeasurementSpec } from '../formats/golden.js';
import type { Golden } from '../formats/normalized.js';
import type { Theory } from '../formats/theory.js';
import type { Source } from '../formats/vocabulary.js';
import { type EvidenceSet, isNotEvidenceClass, isOkLive, isReallyFailed } from './calls.js';
import { callNamedByGap } from './gaps.js';

export type PartKey = 'A' | 'B';

export type CitationProblem =
  /** A cited call id (measurement evidence or a gap's callId) that is not in the trace. */
  | { kind: 'fabricated'; part: PartKey; measurement?: string; callId: string }
  /** A measurement cites a context tool or a label listing. */
  | { kind: 'context'; part: PartKey; measurement: string; callId: string; tool: string }
  /** A measurement cites no live call of its source that returned data. */
  | { kind: 'no-ok-live'; part: PartKey; measurement: string; source?: Source; cited: string[] }
  /** Every call a measurement cites is a live call that failed or was rejected. */
  | { kind: 'all-failed'; part: PartKey; measurement: string; cited: string[] }
  /** A resolved part whose cited calls hold no ok live call of a source it needs. */
  | { kind: 'resolved-unbacked'; part: PartKey; sources: Source[] }
  /** An undetermined part none of whose gaps names a live query of its sources that gave nothing. */
  | { kind: 'undetermined-unnamed'; part: PartKey; sources: Source[]; tried: string[] };

/** The sources a part's measurements need: those of its obtainable ones (all, if none is). */
export function partNeeds(golden: Golden, part: PartKey): Source[] {
  const specs = golden.parts[part].measurements;
  const obtainable = specs.filter((m) => m.obtainable);
  return [...new Set((obtainable.length ? obtainable : specs).map((m) => m.source))];
}

export function specOf(golden: Golden, id: string): MeasurementSpec | undefined {
  return (
    golden.parts.A.measurements.find((m) => m.id === id) ??
    golden.parts.B.measurements.find((m) => m.id === id)
  );
}

export function citations(golden: Golden, theory: Theory, set: EvidenceSet): CitationProblem[] {
  const out: CitationProblem[] = [];
  for (const part of ['A', 'B'] as const) {
    const p = theory.parts[part];
    const cited: string[] = [];
    for (const m of p.measurements) {
      const source = specOf(golden, m.id)?.source;
      cited.push(...m.evidence);
      for (const id of m.evidence) {
        const c = set.byId.get(id);
        if (!c) out.push({ kind: 'fabricated', part, measurement: m.id, callId: id });
        else if (isNotEvidenceClass(c))
          out.push({ kind: 'context', part, measurement: m.id, callId: id, tool: c.tool });
      }
      if (!m.evidence.some((id) => isOkLive(set.byId.get(id), source))) {
        out.push({ kind: 'no-ok-live', part, measurement: m.id, source, cited: m.evidence });
      }
      const known = m.evidence.map((id) => set.byId.get(id)).filter((c) => c !== undefined);
      if (
        known.length &&
        known.every((c) => c.class === 'live' && (c.outcome === 'rejected' || isReallyFailed(c)))
      ) {
        out.push({ kind: 'all-failed', part, measurement: m.id, cited: m.evidence });
      }
    }
    for (const g of p.gaps) {
      if (g.callId !== undefined && !set.byId.has(g.callId)) {
        out.push({
          kind: 'fabricated',
          part,
          ...(g.measurement ? { measurement: g.measurement } : {}),
          callId: g.callId,
        });
      }
    }
    const needs = partNeeds(golden, part);
    if (p.status === 'resolved') {
      const lacking = needs.filter((s) => !cited.some((id) => isOkLive(set.byId.get(id), s)));
      if (lacking.length) out.push({ kind: 'resolved-unbacked', part, sources: lacking });
    } else if (!p.gaps.some((g) => callNamedByGap(set, g, 'unproductive', needs))) {
      const tried = set.calls
        .filter((c) => c.class === 'live' && c.ran && c.outcome !== undefined && c.outcome !== 'ok')
        .filter((c) => c.source !== undefined && needs.includes(c.source))
        .map((c) => c.id);
      out.push({ kind: 'undetermined-unnamed', part, sources: needs, tried });
    }
  }
  return out;
}
