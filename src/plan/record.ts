/**
 * What run.json records of a plan (formats/run/files.ts has the record's schema): the fields that
 * plan the same trials again, and what each gate set of the run meant (the ceiling's `all`
 * included). The plan produces its record, so the run folder needs only the record's type.
 */
import type { PlanRecord, RecordedGateSet } from '../formats/run/index.js';
import { gateSetMeaning } from '../host/index.js';
import { CEILING_SEAT } from '../scoring/index.js';
import { CEILING_GATE_SET, CEILING_REP } from './ceiling.js';
import { type RunPlan, trialId } from './plan.js';

export function planRecord(plan: RunPlan): PlanRecord {
  const { seed, repetitions, goldens, seats, gateSets, shard, ceiling, effects } = plan;
  // effects only when asked: a plain run's run.json is what it always was
  return {
    seed,
    repetitions,
    goldens,
    seats,
    gateSets,
    shard,
    ceiling,
    ...(effects.length ? { effects } : {}),
  };
}

/**
 * The ids of the trials a recorded plan runs, in planRun's order and by its shard rule (whole
 * golden × seat × rep units, each ceiling a unit of its own), without loading a golden or a seat:
 * what a run folder's journal must hold to be complete. Seats in `skipped` ran nothing.
 */
export function plannedTrialIds(plan: PlanRecord, skipped: readonly string[] = []): string[] {
  const out: string[] = [];
  let unit = 0;
  const mine = (u: number) => !plan.shard || u % plan.shard.count === plan.shard.index - 1;
  for (const golden of plan.goldens)
    for (const seat of plan.seats)
      for (let rep = 1; rep <= plan.repetitions; rep++, unit++)
        if (mine(unit) && !skipped.includes(seat))
          for (const gs of plan.gateSets) out.push(trialId(golden, seat, gs, rep));
  if (plan.ceiling)
    for (const golden of plan.goldens)
      if (mine(unit++)) out.push(trialId(golden, CEILING_SEAT, CEILING_GATE_SET, CEILING_REP));
  return out;
}

export function recordedGateSets(plan: RunPlan): Record<string, RecordedGateSet> {
  const out: Record<string, RecordedGateSet> = {};
  for (const t of plan.trials) out[t.gateSet.name] ??= gateSetMeaning(t.gateSet);
  return out;
}
