/**
 * The run's turn cache (docs/providers.md#turn-cache): the flags, the config's `cache:` block and
 * CI decide one mode (formats/turn-cache.ts), which every trial of a real seat is handed through
 * its TrialEnv; `bench replay` adds each trial's recorded turns. Sims ignore it.
 */
import { join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import type { RunContendedFn, RunPlannedTrialFn } from '../execute/execute.js';
import type { ConfigFile } from '../formats/config.js';
import {
  type BadEntrySink,
  type JudgeCacheSettings,
  resolveTurnCache,
  type TurnCacheSettings,
} from '../formats/turn-cache.js';

import type { TrialSpec } from '../plan/types.js';
import { traceDirOf } from '../runlog/run-folder.js';
import { assertCacheFlags, type RunCacheOptions } from './flags.js';

export type { RunCacheOptions };

/**
 * The bad entries a run's cache met (providers/ai/cache-store.ts checks each when read): one
 * warning a file however often it is read, and under cache-only, once the run's folder and reports
 * are written, exit 2 naming them all. A bad entry is never replayed, so the folder is sound
 * either way: `bench report` reads it and `--resume --retry-errors` runs the trials it failed.
 */
export class BadCacheEntries {
  private readonly seen = new Map<string, string>();

  constructor(private readonly warn: (line: string) => void) {}

  readonly sink: BadEntrySink = (file, problem) => {
    if (this.seen.has(file)) return;
    this.seen.set(file, problem);
    this.warn(`turn cache: ignoring ${file}: ${problem}\n`);
  };

  /** Under cache-only each bad entry failed its trial or grade: the input to fix, exit 2. */
  assertNoneUnder(cacheOnly: boolean): void {
    const n = this.seen.size;
    if (!cacheOnly || n === 0) return;
    const list = [...this.seen].map(([file, problem]) => `  ${file}: ${problem}`).join('\n');
    throw new InputError(
      `--cache-only: ${n} turn cache ${n === 1 ? 'entry is' : 'entries are'} bad and failed the trials or grades that needed them (no provider call is made); delete them, or resume with --cache --retry-errors to ask again:\n${list}`,
    );
  }
}

/** The turn cache each trial gets, or undefined when it is off for the whole run. */
export function turnCacheOf(
  opts: RunCacheOptions | undefined,
  config: ConfigFile,
  onBadEntry?: BadEntrySink,
): ((spec: TrialSpec) => TurnCacheSettings) | undefined {
  const told = onBadEntry ? { onBadEntry } : {};
  const o = opts ?? {};
  // the library's options say `cache: true|false` and `cacheOnly` apart: both at once contradict
  assertCacheFlags({ cache: o.cache === true, noCache: o.cache === false, cacheOnly: o.cacheOnly === true });
  if (o.replayOf) {
    const from = o.replayOf;
    // a replay answers from the run's own record, then a shared cache only if --cache-dir names one
    return (spec) => ({
      mode: 'only',
      recorded: join(from, traceDirOf(spec.id), 'turns.jsonl'),
      ...(o.cacheDir ? { dir: resolve(o.cacheDir) } : {}),
      ...told,
    });
  }
  const on = resolveTurnCache(o, config, o.ci === true);
  if (!on) return undefined;
  const settings: TurnCacheSettings = { mode: on.mode, dir: resolve(on.dir), ...told };
  return () => settings;
}

/**
 * The judge's turn cache: the run's mode and folder (the judge's answers sit beside the seats'
 * turns). Undefined when the cache is off, and in a replay, which asks no judge at all: it copies
 * the recorded judge.json files (commands/run/trials.ts).
 */
export function judgeCacheOf(
  opts: RunCacheOptions | undefined,
  config: ConfigFile,
  onBadEntry?: BadEntrySink,
): JudgeCacheSettings | undefined {
  const o = opts ?? {};
  if (o.replayOf) return undefined;
  const on = resolveTurnCache(o, config, o.ci === true);
  return on ? { mode: on.mode, dir: resolve(on.dir), ...(onBadEntry ? { onBadEntry } : {}) } : undefined;
}

/** The trial runner with each trial's cache in its environment. */
export function withTurnCache(
  run: RunPlannedTrialFn,
  cacheOf: ((s: TrialSpec) => TurnCacheSettings) | undefined,
): RunPlannedTrialFn {
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
