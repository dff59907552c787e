/** Coverage per part (DESIGN §11) and the root-cause match. */

import {
  callNamedByGap,
  type EvidenceSet,
  isAbout,
  type Linker,
  showsValue,
  showsValueJointly,
} from '../evidence/index.js';
import type { Golden, MeasurementSpec } from '../formats/golden/index.js';
import type { Theory, TheoryPart } from '../formats/theory.js';
import type { MeasurementScore, PartScore } from './types.js';

/** Within tolerance: abs or rel (either suffices); without a tolerance, equal up to float noise. */
export function withinTolerance(m: MeasurementSpec, value: number): boolean {
  if (m.truth === undefined) return true;
  const d = Math.abs(value - m.truth);
  const t = m.tolerance;
  if (!t) return d <= 1e-9 * Math.max(1, Math.abs(m.truth));
  return (t.abs !== undefined && d <= t.abs) || (t.rel !== undefined && d <= t.rel * Math.abs(m.truth));
}

function scoreMeasurement(
  m: MeasurementSpec,
  part: TheoryPart | undefined,
  ix: EvidenceSet,
  link?: Linker,
): MeasurementScore {
  const base = { id: m.id, obtainable: m.obtainable };
  if (!m.obtainable) {
    const gaps = (part?.gaps ?? []).filter((g) => g.measurement === undefined || g.measurement === m.id);
    if (gaps.some((g) => callNamedByGap(ix, g, 'really-failed', [m.source], link))) {
      return { ...base, credited: true, note: 'gap names a query that really failed' };
    }
    return {
      ...base,
      credited: false,
      note: gaps.length ? 'gap names no query that failed' : 'no gap named',
    };
  }
  const reported = part?.measurements.find((x) => x.id === m.id);
  if (!reported) return { ...base, credited: false, note: 'not reported' };
  if (!withinTolerance(m, reported.value)) {
    return { ...base, credited: false, note: `value ${reported.value} outside tolerance of ${m.truth}` };
  }
  // Credit only through a cited live call about it that measured and shows the value reported.
  const cited = reported.evidence.map((id) => ix.byId.get(id)).filter((c) => c !== undefined);
  const aboutIt = cited.filter((c) => isAbout(c, m));
  const one = aboutIt.find((c) => showsValue(c, reported.value, m));
  const backing = one
    ? one.id
    : showsValueJointly(aboutIt, reported.value, m)
      ? aboutIt.map((c) => c.id).join('+')
      : undefined;
  if (backing === undefined) {
    return {
      ...base,
      credited: false,
      note: `no cited live ${m.source} call about it shows ${reported.value}`,
    };
  }
  return { ...base, credited: true, note: `in tolerance, shown by ${backing}` };
}

export function scorePart(
  golden: Golden,
  theory: Theory | null,
  key: 'A' | 'B',
  ix: EvidenceSet,
  link?: Linker,
): PartScore {
  const specs = golden.parts[key].measurements;
  const measurements = specs.map((m) => scoreMeasurement(m, theory?.parts[key], ix, link));
  const credited = measurements.filter((m) => m.credited).length;
  return { coverage: specs.length ? credited / specs.length : 1, measurements };
}

/** Every accept group must match (any term, case-insensitive) in the root cause and summary. */
export function scoreRootCause(
  golden: Golden,
  theory: Theory | null,
): { matched: boolean; missing: string[][] } {
  const groups = golden.rootCause.accept;
  if (!theory) return { matched: false, missing: groups };
  const rc = theory.rootCause;
  const text = [rc.component, rc.mechanism, rc.explanation, theory.summary].join('\n').toLowerCase();
  const missing = groups.filter((g) => !g.some((term) => text.includes(term.toLowerCase())));
  return { matched: missing.length === 0, missing };
}
