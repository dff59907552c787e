/** The gate sets a plan runs under, as run.json records them (the ceiling's `all` included). */

import type { RecordedGateSet } from '../formats/run-files.js';
import { gateSetMeaning } from '../host/gates/gate-set.js';
import type { RunPlan } from '../plan/plan.js';

export function recordedGateSets(plan: RunPlan): Record<string, RecordedGateSet> {
  const out: Record<string, RecordedGateSet> = {};
  for (const t of plan.trials) out[t.gateSet.name] ??= gateSetMeaning(t.gateSet);
  return out;
}
