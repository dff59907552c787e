/**
 * `diligent` names the root cause from all its evidence (DESIGN §9): a stream that only warned (slow
 * queries under load) is the effect of a cause its metrics measured, not the cause. On the red
 * team's cache-stampede golden it named "catalog-db: slow query" and failed under none and all.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../../src/formats/load.js';
import { scoreTrial } from '../../../src/scoring/index.js';
import { simTrial } from './sim-trial.js';

const golden = resolve(__dirname, '../../fixtures/sims/cache-stampede-warn-logs');

async function trial(seatFile: string, gates: 'none' | 'all') {
  const g = loadGolden(golden);
  const seat = resolve(__dirname, '../../../seats', seatFile);
  const { trace, theory } = await simTrial({ golden: g, seatFile: seat, gates, seed: 3 });
  return { theory, score: scoreTrial(g, trace, theory) };
}

describe('diligent root cause from all the evidence', () => {
  for (const seat of ['sim-diligent-react.yaml', 'sim-diligent-reactree.yaml'])
    for (const gates of ['none', 'all'] as const)
      it(`${seat} under ${gates}: the cold cache, not the database that only warned`, {
        timeout: 60_000,
      }, async () => {
        const { theory, score } = await trial(seat, gates);
        expect(theory.rootCause.component).toBe('redis');
        expect(theory.rootCause.explanation).toMatch(/downstream of it.*catalog-db/);
        expect({ verdict: score.verdict, rootCause: score.rootCause.matched }).toEqual({
          verdict: 'pass',
          rootCause: true,
        });
      });
});
