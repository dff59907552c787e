/**
 * What a Theory's citations are worth against a set of calls. One list of problems, read three
 * ways: the toolClasses gate refuses a submission that has any, the host's repair removes them,
 * and the scorer turns the honesty ones into hard fails.
 */
import type { Golden, MeasurementSpec } from '../formats/golden/index.js';
import type { Theory } from '../formats/theory.js';
import type { Source } from '../formats/vocabulary.js';
import { isAbout } from './about.js';
import {
  type EvidenceCall,
  type EvidenceSet,
  isNotEvidenceClass,
  isOkLive,
  isReallyFailed,
} from './calls.js';
import { type Linker, linker } from './claims/index.js';
import { callNamedByGap } from './gaps.js';
import { isZeroValue, showsValue, showsValueJointly } from './values.js';

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
  /**
   * A reported value none of whose cited calls is about the measurement and shows it (values.ts):
   * a real call about something else, one that showed another value, or a vacuous empty. A zero
   * so cited is `unmeasured-zero`.
   */
  | { kind: 'mismatched'; part: PartKey; measurement: string; value: number; cited: string[]; why: string }
  /** A reported zero no cited live call about the measurement measured (a measured zero or empty). */
  | { kind: 'unmeasured-zero'; part: PartKey; measurement: string; cited: string[]; why: string }
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

/** Why a cited call does not back value `v` of `m`. */
function mismatch(c: EvidenceCall, m: MeasurementSpec, v: number): string {
  if (!isAbout(c, m)) return `${c.id} is about something else (${c.query ?? c.tool})`;
  if (c.unmatched?.length) return `${c.id} read nothing: its selector ${c.unmatched[0]} matched no data`;
  if (c.outcome === 'empty') return `${c.id} came back empty`;
  const shown = c.values?.slice(0, 4).join(', ');
  return `${c.id} showed ${shown ? `${shown}${(c.values?.length ?? 0) > 4 ? ', ...' : ''}` : 'no value'}, not ${v}`;
}

export function citations(
  golden: Golden,
  theory: Theory,
  set: EvidenceSet,
  link?: Linker,
): CitationProblem[] {
  const out: CitationProblem[] = [];
  const words = link ?? linker(golden, set);
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
      const spec = specOf(golden, m.id);
      // What the cited calls show, judged only on calls that answered (failed, context and
      // fabricated citations have their own problems above).
      const answered = known.filter(
        (c) =>
          c.class === 'live' && c.ran && !c.reallyFailed && (c.outcome === 'ok' || c.outcome === 'empty'),
      );
      const aboutIt = spec ? answered.filter((c) => isAbout(c, spec)) : [];
      if (
        spec &&
        answered.length &&
        !aboutIt.some((c) => showsValue(c, m.value, spec)) &&
        !showsValueJointly(aboutIt, m.value, spec)
      ) {
        const why = answered.map((c) => mismatch(c, spec, m.value)).join('; ');
        if (isZeroValue(m.value, spec))
          out.push({ kind: 'unmeasured-zero', part, measurement: m.id, cited: m.evidence, why });
        else
          out.push({ kind: 'mismatched', part, measurement: m.id, value: m.value, cited: m.evidence, why });
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
    } else if (!p.gaps.some((g) => callNamedByGap(set, g, 'unproductive', needs, words))) {
      const tried = set.calls
        .filter((c) => c.class === 'live' && c.ran && c.outcome !== undefined && c.outcome !== 'ok')
        .filter((c) => c.source !== undefined && needs.includes(c.source))
        .map((c) => c.id);
      out.push({ kind: 'undetermined-unnamed', part, sources: needs, tried });
    }
  }
  return out;
}
