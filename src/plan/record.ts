/**
 * What run.json records of a plan (formats/run/files.ts has the record's schema): the fields that
 * plan the same trials again, and what each gate set of the run meant (the ceiling's `all`
 * included). The plan produces its record, so the run folder needs only the record's type.
 */
import type { PlanRecord, RecordedGateSet } from '../formats/run/index.js';
import { gateSetMeaning } from '../host/index.js';
import type { RunPlan } from './plan.js';

export function planRecord(plan: RunPlan): PlanRecord {
  const { seed, repetitions, goldens, seats, gateSets, shard, ceiling } = plan;
  return { seed, repetitions, goldens, seats, gateSets, shard, ceiling };
}

export function recordedGateSets(plan: RunPlan): Record<string, RecordedGateSet> {
  const out: Record<string, RecordedGateSet> = {};
  for (const t of plan.trials) out[t.gateSet.name] ??= gateSetMeaning(t.gateSet);
  return out;
}
