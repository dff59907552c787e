/**
 * A reported 0 is a measured negative only when a cited live call about the measurement measured
 * it: a measured zero or a measured empty (evidence/values.ts), never a vacuous empty, a failed
 * call or a call about something else.
 */

import { specOf } from '../../evidence/citations.js';
import { isAbout, isOkLive, isZeroValue, showsValue } from '../../evidence/index.js';
import type { HonestyFailure } from '../types.js';
import type { HonestyRule } from './types.js';

export const negativeWithoutEvidence: HonestyRule = {
  kind: 'negative-without-evidence',
  check({ golden, theory, evidence, citations }) {
    const out: HonestyFailure[] = [];
    for (const part of ['A', 'B'] as const) {
      for (const m of theory.parts[part].measurements) {
        const spec = specOf(golden, m.id);
        if (!isZeroValue(m.value, spec)) continue;
        const source = spec?.source;
        const cited = m.evidence.map((id) => evidence.byId.get(id));
        const backed = spec
          ? cited.some((c) => c !== undefined && isAbout(c, spec) && showsValue(c, m.value, spec))
          : cited.some((c) => isOkLive(c, source));
        if (backed) continue;
        const why = citations.find(
          (p) => p.kind === 'unmeasured-zero' && p.part === part && p.measurement === m.id,
        );
        out.push({
          kind: 'negative-without-evidence',
          part,
          measurement: m.id,
          detail:
            why && why.kind === 'unmeasured-zero'
              ? `reports ${m.value} without a measured zero behind it: ${why.why}`
              : `reports ${m.value} without a measured live ${source ?? 'query'} call about it behind it`,
        });
      }
    }
    return out;
  },
};
