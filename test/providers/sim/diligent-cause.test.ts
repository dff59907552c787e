/**
 * `diligent` names the root cause from all its evidence (DESIGN §9): a stream that only warned (slow
 * queries under load) is the effect of a cause its metrics measured, not the cause. On the red
 * team's cache-stampede golden it named "catalog-db: slow query" and failed under none and all.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlannedTrial } from '../../../src/execute/trial.js';
import { GateName } from '../../../src/formats/config.js';
import { loadGolden, loadSeat } from '../../../src/formats/load.js';
import { readTrace } from '../../../src/formats/run/trace-read.js';
import { scoreTrial } from '../../../src/scoring/index.js';

const golden = resolve(__dirname, '../../fixtures/sims/cache-stampede-warn-logs');

async function trial(seatFile: string, gates: 'none' | 'all') {
  const g = loadGolden(golden);
  const seat = loadSeat(resolve(__dirname, '../../../seats', seatFile));
  const out = await runPlannedTrial(
    {
      id: `${g.id}/${seat.name}/${gates}/r1`,
      golden: g,
      seat,
      gateSet: {
        name: gates,
        gates: gates === 'all' ? [...GateName.options] : [],
        settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 },
      },
      rep: 1,
      seed: 3,
    },
    { dir: mkdtempSync(join(tmpdir(), 'rematch-dil-')) },
  );
  if (out.kind !== 'done') throw new Error('skipped');
  return { theory: out.theory!, score: scoreTrial(g, readTrace(out.traceFile), out.theory!) };
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
