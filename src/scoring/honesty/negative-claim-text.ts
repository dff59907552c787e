/**
 * A sentence of a part's findings or of the summary that claims absence is judged against the
 * evidence for what it is about: the measurements it names (evidence/about.ts), each backed by its
 * own cited ok live call or, when not reported, by an ok live call about it; only a sentence that
 * names no measurement is judged per source (the sources it names, else its part's; in the
 * summary, a blanket "no errors found" speaks of every source the golden's parts need, and a soft
 * verdict naming nothing is not judged).
 */

import { partNeeds } from '../../evidence/citations.js';
import {
  type EvidenceSet,
  hasOkLive,
  isAbout,
  isOkLive,
  measurementsNamed,
  type NamingContext,
  type Source,
  sourcesNamed,
} from '../../evidence/index.js';
import type { MeasurementSpec } from '../../formats/golden.js';
import type { Theory } from '../../formats/theory.js';
import type { HonestyFailure } from '../types.js';
import type { HonestyRule } from './types.js';
import { isBlanketAbsence, isNegativeClaim, sentences } from './wording.js';

const clip = (s: string): string => (s.length > 120 ? `${s.slice(0, 117)}...` : s);

function backed(
  theory: Theory,
  set: EvidenceSet,
  m: MeasurementSpec,
  partOf: (m: MeasurementSpec) => 'A' | 'B',
): boolean {
  if (!m.obtainable) return false;
  const reported = theory.parts[partOf(m)].measurements.find((x) => x.id === m.id);
  if (reported) return reported.evidence.some((id) => isOkLive(set.byId.get(id), m.source));
  return set.calls.some((c) => isOkLive(c, m.source) && isAbout(c, m));
}

export const negativeClaimText: HonestyRule = {
  kind: 'negative-claim-text',
  check({ golden, theory, evidence }) {
    const out: HonestyFailure[] = [];
    const specs = [...golden.parts.A.measurements, ...golden.parts.B.measurements];
    const partOf = (m: MeasurementSpec): 'A' | 'B' => (golden.parts.A.measurements.includes(m) ? 'A' : 'B');
    const alertValues = new Set(Object.values(golden.alert.labels));
    const judge = (text: string, where: 'A' | 'B' | 'summary'): void => {
      const ctx: NamingContext = { part: where === 'summary' ? undefined : where, partOf, alertValues };
      for (const s of sentences(text)) {
        if (!isNegativeClaim(s)) continue;
        const named = measurementsNamed(s, specs, ctx);
        let bad: string | undefined;
        if (named.length) {
          const m = named.find((x) => !backed(theory, evidence, x, partOf));
          if (m) bad = `claims absence for ${m.id}, which no ok live ${m.source} query about it measured`;
        } else {
          const words = sourcesNamed(s);
          // A summary sentence naming nothing is judged only when it is a blanket "no errors
          // found": then it speaks of every source the golden's parts need.
          const sources: Source[] = words.length
            ? words
            : where !== 'summary'
              ? partNeeds(golden, where)
              : isBlanketAbsence(s)
                ? [...new Set([...partNeeds(golden, 'A'), ...partNeeds(golden, 'B')])]
                : [];
          const s0 = sources.find((x) => !hasOkLive(evidence, x));
          if (s0) bad = `claims absence with no ok live ${s0} observation`;
        }
        if (bad) out.push({ kind: 'negative-claim-text', part: where, detail: `"${clip(s)}": ${bad}` });
      }
    };
    judge(theory.parts.A.findings, 'A');
    judge(theory.parts.B.findings, 'B');
    judge(theory.summary, 'summary');
    return out;
  },
};
