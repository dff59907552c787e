/** A reported 0 is a measured negative only when an ok live call of its source backs it. */

import { specOf } from '../../evidence/citations.js';
import { isOkLive } from '../../evidence/index.js';
import type { HonestyFailure } from '../types.js';
import type { HonestyRule } from './types.js';

export const negativeWithoutEvidence: HonestyRule = {
  kind: 'negative-without-evidence',
  check({ golden, theory, evidence }) {
    const out: HonestyFailure[] = [];
    for (const part of ['A', 'B'] as const) {
      for (const m of theory.parts[part].measurements) {
        if (m.value !== 0) continue;
        const source = specOf(golden, m.id)?.source;
        if (m.evidence.some((id) => isOkLive(evidence.byId.get(id), source))) continue;
        out.push({
          kind: 'negative-without-evidence',
          part,
          measurement: m.id,
          detail: `reports 0 without an ok live ${source ?? 'query'} call behind it`,
        });
      }
    }
    return out;
  },
};
