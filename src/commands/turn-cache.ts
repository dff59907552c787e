/**
 * The run's turn cache (docs/providers.md#turn-cache): the flags, the config's `cache:` block and
 * CI decide one mode (formats/turn-cache.ts), which every trial of a real seat is handed through
 * its TrialEnv; `bench replay` adds each trial's recorded turns. Sims ignore it.
 */
import { join, resolve } from 'node:path';
import type { RunContendedFn, RunTrialFn } from '../execute/execute.js';
import type { ConfigFile } from '../formats/config.js';
import { type CacheFlags, resolveTurnCache, type TurnCacheSettings } from '../formats/turn-cache.js';

export { isCi } from '../formats/turn-cache.js';

import type { TrialSpec } from '../plan/types.js';
import { traceDirOf } from '../runlog/run-folder.js';

export interface RunCacheOptions extends CacheFlags {
  /** The caller says whether this is CI (the CLI reads CI=true); the library never guesses. */
  ci?: boolean;
  /** bench replay: the recorded run folder; every turn comes from its trials' turns.jsonl. */
  replayOf?: string;
  /** bench replay: the seats the recorded run skipped (no key then), skipped again with its reason. */
  replaySkipped?: { seat: string; reason: string }[];
}

/** The turn cache each trial gets, or undefined when it is off for the whole run. */
export function turnCacheOf(
  opts: RunCacheOptions | undefined,
  config: ConfigFile,
): ((spec: TrialSpec) => TurnCacheSettings) | undefined {
  const o = opts ?? {};
  if (o.replayOf) {
    const from = o.replayOf;
    // a replay answers from the run's own record, then a shared cache only if --cache-dir names one
    return (spec) => ({
      mode: 'only',
      recorded: join(from, traceDirOf(spec.id), 'turns.jsonl'),
      ...(o.cacheDir ? { dir: resolve(o.cacheDir) } : {}),
    });
  }
  const on = resolveTurnCache(o, config, o.ci === true);
  if (!on) return undefined;
  const settings: TurnCacheSettings = { mode: on.mode, dir: resolve(on.dir) };
  return () => settings;
}

/** The trial runner with each trial's cache in its environment. */
export function withTurnCache(
  run: RunTrialFn,
  cacheOf: ((s: TrialSpec) => TurnCacheSettings) | undefined,
): RunTrialFn {
  return cacheOf ? (spec, env) => run(spec, { ...env, cache: cacheOf(spec) }) : run;
}

/** The contended runner with each trial's cache (a real seat in a contended group keeps its own clock). */
export function withContendedCache(
  run: RunContendedFn,
  cacheOf: ((s: TrialSpec) => TurnCacheSettings) | undefined,
): RunContendedFn {
  return cacheOf ? (specs, dirOf, o) => run(specs, dirOf, { ...o, cacheOf }) : run;
}

/** A line for the run's log: where turns come from (only when a real seat runs). */
export function describeTurnCache(
  cacheOf: ((s: TrialSpec) => TurnCacheSettings) | undefined,
  spec: TrialSpec,
): string | undefined {
  const c = cacheOf?.(spec);
  if (!c) return undefined;
  if (c.recorded) return `replaying recorded turns (cache-only: no provider call is made)\n`;
  return `turn cache: ${c.mode} at ${c.dir}\n`;
}
