/**
 * One trial: golden × seat × gate set × repetition. Builds (or reuses) the golden's world, a backend
 * stack with faults on and the trial's clock, the model from the registry, runs the host session,
 * and leaves `trace.jsonl` (and `theory.json` when a Theory came) in the trial's folder. Both files
 * appear atomically (formats/files.ts): written under a temporary name and renamed, so a crash never
 * leaves a file a reader could take for a finished trial. They are not fsynced one by one: the
 * journal's group commit is the run's durability, and resume checks the files of every journaled
 * trial (runlog/journal.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Backend, createBackendStack, withSelection } from '../backend/index.js';
import { type Clock, RealClock, VirtualClock } from '../clock.js';
import { commitAtomic, writeAtomic } from '../formats/files.js';
import type { Golden } from '../formats/golden/index.js';
import type { HeaderEvent } from '../formats/run/index.js';
import { gatedBackend, runSession } from '../host/index.js';
import type { TrialEnv, TrialOutcome, TrialSpec } from '../plan/types.js';
import type { Model } from '../protocol/model.js';
import { traceHeader } from '../protocol/trace-header.js';
import { TraceWriter } from '../protocol/trace-writer.js';
import { createModel, isSkip, type ModelContext } from '../providers/registry.js';
import { scoreTrial, type TrialScore } from '../scoring/index.js';
import { buildWorld } from '../world/build.js';
import type { World } from '../world/types.js';
import { cachedWorld } from './world-cache.js';

/** What the executor gives a trial: its folder and signal, and what the run's models share. */
export type PlannedTrialEnv = TrialEnv & {
  models?: Pick<ModelContext, 'limiters'>;
  /** The world cache's folder (world-cache.ts); absent: worlds are built, never read from disk. */
  worldCache?: string;
};

/**
 * By world key. A golden and its twins share one World object, and so the engines' answer cache
 * (backend/engines/cache.ts keeps the answers that name the golden apart, per golden).
 */
const worlds = new Map<string, World>();
const keys = new WeakMap<Golden, string>();

/**
 * What a golden's world is a function of (world/build.ts): its blocks and seed, its window, and
 * the bytes of the data files its `load` blocks read. A golden's twins differ from it in faults
 * only, so they share its key (its telemetry, and its file in the world cache); so do two goldens
 * that describe the same telemetry.
 */
export function worldKeyOf(golden: Golden): string {
  let k = keys.get(golden);
  if (k === undefined) {
    const files = (golden.world.metrics ?? []).flatMap((b) =>
      'load' in b && b.file !== undefined
        ? [
            createHash('sha256')
              .update(readFileSync(join(golden.dir, b.file)))
              .digest('hex'),
          ]
        : [],
    );
    k = createHash('sha256')
      .update(JSON.stringify([golden.ms.start, golden.ms.end, golden.world, files]))
      .digest('hex');
    keys.set(golden, k);
  }
  return k;
}

/**
 * Worlds are deterministic from the golden, and big: build each once per process, and with a
 * world cache folder (world-cache.ts) once per machine.
 */
export function worldFor(golden: Golden, cacheDir?: string): World {
  const key = worldKeyOf(golden);
  let w = worlds.get(key);
  if (!w) {
    w = cacheDir ? cachedWorld(golden, key, cacheDir) : buildWorld(golden);
    worlds.set(key, w);
  }
  return w;
}

/**
 * The engine answer cache's cap per world for trials (the servers' default is 256 MiB). The answers
 * trials share are their routes' (the same queries at the same times, rep after rep), which fit in
 * far less; the cap bounds what the many queries a tweaker asks once may hold. A default run's CPU
 * time is the same at 32 MiB as at 256 MiB (within noise).
 */
export const TRIAL_CACHE_BYTES = 32 * 2 ** 20;

/** Lets go of a world no trial of this process needs any more (a trial worker's, pool.ts). */
export function dropWorld(key: string): void {
  worlds.delete(key);
}

function header(spec: TrialSpec, model: Model, clock: Clock): HeaderEvent {
  return traceHeader({
    golden: spec.golden.id,
    seat: spec.seat,
    model: model.id,
    gateSet: spec.gateSet,
    rep: spec.rep,
    seed: spec.seed,
    clock: clock.kind,
    faultsRecorded: true,
    selectionRecorded: true,
  });
}

/**
 * Runs one planned trial (a TrialSpec: one cell of the plan) in its folder and returns its outcome,
 * unscored: the scheduler (execute.ts) scores and journals it, `bench trial` (commands/trial/run.ts)
 * scores it. Not rematch/vitest's public `runTrial`, which resolves ids and calls through here.
 */
export async function runPlannedTrial(spec: TrialSpec, env: PlannedTrialEnv): Promise<TrialOutcome> {
  if (spec.seat.provider === 'command') return runCommandTrial(spec, env);
  // a real seat records its turns beside the trace (turns.jsonl: what bench replay answers from)
  const made = createModel(spec.seat, spec.golden, spec.seed, env.vars ?? process.env, {
    settings: env.cache,
    recordTo: join(env.dir, 'turns.jsonl'),
    // the golden is part of the cell: a golden and its twins share prompt, alert and clock, so
    // without it their first turns would share a key (and concurrent trials would race for it)
    sample: `${spec.golden.id}/${spec.gateSet.name}/${spec.rep}`,
    limiters: env.models?.limiters,
  });
  if (isSkip(made)) return { kind: 'skipped', spec, reason: made.skip };
  // A shared (contended) timeline is virtual: only sims can live on it; a real model keeps its own.
  const shared =
    env.shared && (made.clock === 'virtual') === (env.shared.clock.kind === 'virtual')
      ? env.shared
      : undefined;
  const clock: Clock = shared?.clock ?? (made.clock === 'virtual' ? new VirtualClock() : new RealClock());
  const stack =
    shared ??
    createBackendStack(spec.golden, worldFor(spec.golden, env.worldCache), {
      faults: true,
      clock,
      seed: spec.seed,
      cacheBytes: TRIAL_CACHE_BYTES,
    });
  const { backend, catalog } = stack;
  mkdirSync(env.dir, { recursive: true });
  const traceFile = join(env.dir, 'trace.jsonl');
  const writer = new TraceWriter({ header: header(spec, made, clock), file: `${traceFile}.tmp` });
  const result = await runSession({
    golden: spec.golden,
    backend,
    ...(catalog ? { catalog } : {}),
    model: made,
    shape: spec.seat.shape,
    gateSet: spec.gateSet,
    budget: spec.seat.budget,
    treeBudget: spec.seat.treeBudget,
    clock,
    trace: writer,
    pricing: spec.seat.pricing,
    signal: env.signal,
  }).finally(() => writer.close());
  commitAtomic(`${traceFile}.tmp`, traceFile, { sync: false });
  const theoryFile = join(env.dir, 'theory.json');
  // No Theory → no file: a rerun into the same folder must not leave an older trial's answer behind.
  if (result.theory) writeAtomic(theoryFile, `${JSON.stringify(result.theory, null, 2)}\n`, { sync: false });
  else rmSync(theoryFile, { force: true });
  return { kind: 'done', spec, traceFile, trace: writer.trace(), theory: result.theory };
}

/** A trial's score.json in its folder (the executor's for its own trials, a worker's for its). */
export function writeScoreFile(dir: string, score: TrialScore): void {
  writeAtomic(join(dir, 'score.json'), `${JSON.stringify(score, null, 2)}\n`, { sync: false });
}

/** A finished trial's score (the executor's, and a trial worker's: the same function on either thread). */
export function scoreOutcome(
  spec: TrialSpec,
  outcome: TrialOutcome & { kind: 'done' },
  passCorrectness: number,
): TrialScore {
  // Our producers record the selection; a trial runner handed in from outside may not.
  const trace = withSelection(spec.golden, outcome.trace);
  return scoreTrial(spec.golden, trace, outcome.theory, { passCorrectness });
}

/** A command seat: the user's agent against its own HTTP server (faults on, real clock, shifted to now). */
async function runCommandTrial(spec: TrialSpec, env: TrialEnv): Promise<TrialOutcome> {
  const { runCommandSeat } = await import('../external/index.js');
  const { startAgentServer } = await import('../backend/index.js');
  const world = worldFor(spec.golden);
  // The trial's gate set is enforced at its server (one session for the whole trial); `none`
  // serves the stack as it is, so an ungated row is what it always was.
  const wrap = spec.gateSet.gates.length
    ? (b: Backend) => gatedBackend(b, { golden: spec.golden, gateSet: spec.gateSet, single: true })
    : undefined;
  const r = await runCommandSeat(
    { ...spec, dir: env.dir, signal: env.signal, env: env.vars ?? process.env },
    (observe) => startAgentServer(spec.golden, world, { seed: spec.seed, observe, wrap }),
  );
  return { kind: 'done', spec, ...r };
}
