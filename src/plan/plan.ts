/**
 * The planner (pure): goldens × seats × gate sets × repetitions → RunPlan. `bench plan` prints
 * exactly `plan.trials`, which is what `bench run` executes (after its journal says what is done).
 */
import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import type { ConfigFile } from '../formats/config.js';
import type { Golden } from '../formats/golden/index.js';
import { formatCap, LIMITS, overCap } from '../formats/limits.js';
import type { Seat } from '../formats/seat.js';
import { resolveGateSets } from '../host/index.js';
import { type AblateOption, ablationSets, type EffectPair, parseEffect } from './ablate.js';
import { CEILING_REP, ceilingGateSet, ceilingSeat } from './ceiling.js';
import type { GateSetSpec, TrialSpec } from './types.js';

export type Shard = {
  /** 1-based. */
  index: number;
  count: number;
};

export interface PlanOptions {
  /** Golden ids (default: every golden given). */
  goldens?: string[];
  /** Seat names (default: config.defaultSeats, else every sim seat). */
  seats?: string[];
  /** Gate set names (default: config.defaultGateSets). */
  gates?: string[];
  reps?: number;
  seed?: number;
  shard?: Shard;
  /** Add each golden's ceiling trial (default: config.ceiling). */
  ceiling?: boolean;
  /** Plan an ablation's gate sets before the others (plan/ablate.ts; default: config.ablate). */
  ablate?: AblateOption;
  /** `--effect A-B` pairs to report (as text, or read back from run.json); their sets join the plan. */
  effects?: readonly (string | EffectPair)[];
}

export interface RunPlan {
  seed: number;
  repetitions: number;
  goldens: string[];
  seats: string[];
  gateSets: string[];
  shard: Shard | null;
  /** Whether each golden's ceiling trial is planned (after its matrix trials). */
  ceiling: boolean;
  /** Trials in the whole matrix (ceiling trials included), before sharding. */
  matrixSize: number;
  /** The `--effect` pairs the run reports (their gate sets are in `gateSets`). */
  effects: EffectPair[];
  trials: TrialSpec[];
}

/** The trial seed: from the run seed, golden, seat and rep, never the gate set (gate effects pair). */
export function trialSeed(runSeed: number, golden: string, seat: string, rep: number): number {
  const h = createHash('sha256').update(`${runSeed}\u0000${golden}\u0000${seat}\u0000${rep}`).digest();
  return h.readUInt32BE(0) & 0x7fffffff;
}

export function trialId(golden: string, seat: string, gateSet: string, rep: number): string {
  return `${golden}/${seat}/${gateSet}/r${rep}`;
}

/** A golden's ceiling trial: the reference seat, every gate, rep 1, the run's seed rule. */
export function ceilingTrial(config: ConfigFile, golden: Golden, runSeed: number): TrialSpec {
  const seat = ceilingSeat();
  const gateSet = ceilingGateSet(config);
  return {
    id: trialId(golden.id, seat.name, gateSet.name, CEILING_REP),
    golden,
    seat,
    gateSet,
    rep: CEILING_REP,
    seed: trialSeed(runSeed, golden.id, seat.name, CEILING_REP),
    role: 'ceiling',
  };
}

function pick<T>(all: T[], names: string[] | undefined, nameOf: (t: T) => string, what: string): T[] {
  if (!names) return all;
  return names.map((n) => {
    const hit = all.find((t) => nameOf(t) === n);
    if (!hit) throw new InputError(`unknown ${what} "${n}" (known: ${all.map(nameOf).join(', ') || 'none'})`);
    return hit;
  });
}

/**
 * The gate sets a plan runs, in order, each once: an ablation's (when asked), the asked or default
 * sets, then those an `--effect` pair names that are not among them.
 */
function gateSetNames(config: ConfigFile, opts: PlanOptions): { names: string[]; effects: EffectPair[] } {
  const names: string[] = [];
  const add = (n: string) => {
    if (!names.includes(n)) names.push(n);
  };
  ablationSets(opts.ablate ?? config.ablate ?? false).forEach(add);
  (opts.gates ?? config.defaultGateSets).forEach(add);
  const known = new Set([...names, ...Object.keys(config.gateSets)]);
  const effects = (opts.effects ?? []).map((e) => parseEffect(e, known));
  for (const e of effects) [e.treatment, e.control].forEach(add);
  return { names, effects };
}

export function planRun(
  config: ConfigFile,
  goldens: Golden[],
  seats: Seat[],
  opts: PlanOptions = {},
): RunPlan {
  const gs = pick(goldens, opts.goldens, (g) => g.id, 'golden');
  const seatNames = opts.seats ?? config.defaultSeats;
  const ss = seatNames
    ? pick(seats, seatNames, (s) => s.name, 'seat')
    : seats.filter((s) => s.provider === 'sim');
  const { names, effects } = gateSetNames(config, opts);
  const sets: GateSetSpec[] = resolveGateSets(config, names);
  const reps = opts.reps ?? config.repetitions;
  const seed = opts.seed ?? config.seed;
  if (!Number.isInteger(reps) || reps < 1 || reps > LIMITS.repetitions)
    throw new InputError(`--reps ${reps}: expected an integer in 1..${formatCap(LIMITS.repetitions)}`);
  // Counted before a single TrialSpec is made: a plan past the cap would fill the heap first.
  const size = gs.length * ss.length * sets.length * reps;
  if (size > LIMITS.trials) {
    throw new InputError(
      `the plan would hold ${overCap('trials', size, LIMITS.trials)}: ${gs.length} goldens × ${ss.length} seats × ${sets.length} gate sets × ${reps} repetitions`,
    );
  }

  const all: TrialSpec[] = [];
  // Shards take whole (golden, seat, rep) units so a shard keeps its all/none pairs together.
  let unit = 0;
  const units: number[] = [];
  for (const golden of gs) {
    for (const seat of ss) {
      for (let rep = 1; rep <= reps; rep++, unit++) {
        const s = trialSeed(seed, golden.id, seat.name, rep);
        for (const gateSet of sets) {
          all.push({
            id: trialId(golden.id, seat.name, gateSet.name, rep),
            golden,
            seat,
            gateSet,
            rep,
            seed: s,
          });
          units.push(unit);
        }
      }
    }
  }
  // Each ceiling trial is a unit of its own, so exactly one shard runs it.
  const ceiling = opts.ceiling ?? config.ceiling;
  if (ceiling) {
    for (const golden of gs) {
      all.push(ceilingTrial(config, golden, seed));
      units.push(unit++);
    }
  }
  const shard = opts.shard ?? null;
  const trials = shard ? all.filter((_, i) => units[i] % shard.count === shard.index - 1) : all;
  return {
    seed,
    repetitions: reps,
    goldens: gs.map((g) => g.id),
    seats: ss.map((s) => s.name),
    gateSets: sets.map((g) => g.name),
    shard,
    ceiling,
    matrixSize: all.length,
    effects,
    trials,
  };
}
