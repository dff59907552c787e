/**
 * Trajectory checks (docs/goldens.md#trajectory): the golden's `trajectory:` block judged on one
 * trial, pure, `(golden, trace, Theory, evidence) → results`, one per check in the block's order.
 */
import type { EvidenceSet } from '../../evidence/index.js';
import { type Golden, type TrajectoryCheck, trajectoryCheckId } from '../../formats/golden/index.js';
import type { Trace, TrajectoryResult } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import { type CheckInput, JUDGES, type Judged } from './checks.js';
import { stepsOf } from './steps.js';

export function judgeTrajectory(
  golden: Golden,
  trace: Trace,
  theory: Theory | null,
  evidence: EvidenceSet,
): TrajectoryResult[] | undefined {
  if (!golden.trajectory) return undefined;
  const input: CheckInput = { steps: stepsOf(trace), theory, evidence };
  return golden.trajectory.map((c, i) => ({
    id: trajectoryCheckId(c, i),
    check: c.check,
    ...judge(c, input),
  }));
}

function judge(c: TrajectoryCheck, x: CheckInput): Judged {
  // The table is keyed by kind; TypeScript cannot narrow the pair, so one cast at the lookup.
  const j = JUDGES[c.check] as (c: TrajectoryCheck, x: CheckInput) => Judged;
  return j(c, x);
}
