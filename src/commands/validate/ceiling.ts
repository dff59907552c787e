/**
 * `bench validate`'s ceiling check (DESIGN §11): the golden's reference trial, run in process on a
 * virtual clock with every gate and faults on, then scored. A golden whose ceiling does not pass
 * cannot be passed honestly (a measurement nobody can earn, a pass threshold its weights cannot
 * reach, a fault that leaves no honest answer), so it is bad input, and the report says why: the
 * scorer's reasons, and each cause at the golden's file:line:col (validate/validate-ceiling.ts).
 * It runs a trial, so it lives here, above execute/; validate/ is handed it as a function
 * (`CeilingRunner`) and stays below the layers that run trials.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackendStack } from '../../backend/index.js';
import { VirtualClock } from '../../clock.js';
import { InternalError } from '../../errors.js';
import { runPlannedTrial } from '../../execute/trial.js';
import type { ConfigFile } from '../../formats/config.js';
import type { Golden } from '../../formats/golden/index.js';
import { ceilingTrial } from '../../plan/plan.js';
import { explainScore, scoreTrial } from '../../scoring/index.js';
import { ceilingCauses } from '../../validate/validate-ceiling.js';
import type { CeilingCheck } from '../../validate/validate-golden.js';
import type { World } from '../../world/types.js';

/** The seed comes from the golden (its world seed through the run's seed rule), not from a run. */
export async function ceilingCheck(g: Golden, world: World, config: ConfigFile): Promise<CeilingCheck> {
  const spec = ceilingTrial(config, g, g.world.seed);
  const clock = new VirtualClock();
  const { backend, queryLog, catalog } = createBackendStack(g, world, {
    faults: true,
    clock,
    seed: spec.seed,
  });
  const dir = mkdtempSync(join(tmpdir(), 'rematch-ceiling-'));
  try {
    const outcome = await runPlannedTrial(spec, {
      dir,
      shared: { backend, clock, queryLog, ...(catalog ? { catalog } : {}) },
    });
    if (outcome.kind !== 'done') throw new InternalError(`ceiling seat skipped: ${outcome.reason}`);
    const passCorrectness = config.thresholds.passCorrectness;
    const score = scoreTrial(g, outcome.trace, outcome.theory, { passCorrectness });
    const why = explainScore(score, { passCorrectness });
    return {
      ok: score.verdict === 'pass',
      trial: spec.id,
      seed: spec.seed,
      gateSet: spec.gateSet.name,
      verdict: score.verdict,
      correctness: score.correctness,
      passCorrectness,
      headline: why.headline,
      reasons: why.reasons,
      causes: ceilingCauses(g, outcome.trace, outcome.theory, score, passCorrectness),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
