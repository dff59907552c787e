/**
 * Contended mode (DESIGN §12): several trials of ONE golden run concurrently on one VirtualClock
 * against one backend stack, so they queue for the same capacity slots and the waits are
 * reproduced, not added up afterwards. Deterministic: every actor waits only through the clock.
 */
import { createBackendStack } from '../backend/index.js';
import { VirtualClock } from '../clock.js';
import { InputError } from '../errors.js';
import type { TrialEnv, TrialOutcome, TrialSpec } from '../plan/types.js';
import { type PlannedTrialEnv, runPlannedTrial, worldFor } from './trial.js';

export interface ContendedOptions {
  seed?: number;
  signal?: AbortSignal;
  cacheOf?: (spec: TrialSpec) => TrialEnv['cache'];
  /** What the run's models share (its rate limiters): a real seat in a group waits for them too. */
  models?: PlannedTrialEnv['models'];
  /** The run's environment (TrialEnv `vars`). */
  vars?: TrialEnv['vars'];
}

export async function runContended(
  specs: TrialSpec[],
  dirOf: (spec: TrialSpec) => string,
  opts: ContendedOptions = {},
): Promise<TrialOutcome[]> {
  if (!specs.length) return [];
  const golden = specs[0].golden;
  const other = specs.find((s) => s.golden.id !== golden.id);
  if (other)
    throw new InputError(`contended trials share one golden: ${golden.id} and ${other.golden.id} differ`);
  const clock = new VirtualClock();
  const { backend, queryLog, catalog } = createBackendStack(golden, worldFor(golden), {
    faults: true,
    clock,
    seed: opts.seed ?? specs[0].seed,
  });
  // One backend, one catalog: a refresh by one trial refreshes it for all, as on a shared server.
  const shared = { backend, clock, queryLog, ...(catalog ? { catalog } : {}) };
  // a real seat in the group keeps its own clock, and its turn cache (commands/turn-cache.ts)
  return Promise.all(
    specs.map((s) =>
      runPlannedTrial(s, {
        dir: dirOf(s),
        shared,
        signal: opts.signal,
        cache: opts.cacheOf?.(s),
        models: opts.models,
        vars: opts.vars,
      }),
    ),
  );
}
