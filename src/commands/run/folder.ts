/**
 * The run folder of a run that is about to execute: where it is (`--resume`, `--out` or the
 * config's `outDir` with a new run id), everything that can be the user's fault checked before it
 * exists, locked, and its run.json and baselines.json written. A resumed folder keeps its
 * manifest; what an older bench's lacks is filled in by runlog/manifest.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../errors.js';
import { locateInFile } from '../../formats/load.js';
import { RUN_FORMAT } from '../../formats/run/index.js';
import type { Seat } from '../../formats/seat.js';
import { defaultMatrix, isPartialPlan } from '../../plan/partial.js';
import type { RunPlan } from '../../plan/plan.js';
import { planRecord, recordedGateSets } from '../../plan/record.js';
import { completeManifest, type RunManifest, writeManifest } from '../../runlog/manifest.js';
import { assertFolder, makeFolder } from '../../runlog/out-path.js';
import { writeBaselines } from '../../runlog/run-folder.js';
import { baselineTrials } from '../../scoring/index.js';
import { assertWorldFits } from '../../world/limits.js';
import type { PlannedRun } from './inputs.js';
import type { OrchestrateOptions } from './options.js';

export function newRunId(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
}

export interface RunFolder {
  dir: string;
  manifest: RunManifest;
  /** The cost cap of this invocation (a resume may raise it), USD. */
  maxCost: number | undefined;
}

/** `lock` takes the folder's lock (a resumed folder's is taken before its journal is read). */
export function openRunFolder(
  opts: OrchestrateOptions,
  run: PlannedRun,
  prior: RunManifest | undefined,
  lock: (dir: string) => void,
): RunFolder {
  const { inputs, plan } = run;
  const runId = prior?.runId ?? newRunId();
  const dir = opts.resume ?? opts.out ?? join(inputs.config.outDir, runId);
  // Everything that can be the user's fault is checked before the run folder exists.
  const label = opts.resume ? '--resume' : opts.out ? '--out' : 'outDir';
  const inConfig = (message: string) =>
    existsSync(inputs.configFile)
      ? locateInFile(inputs.configFile, [{ path: ['outDir'], message, severity: 'error' }])
      : [];
  assertFolder(dir, label, label === 'outDir' ? inConfig : undefined);
  for (const g of inputs.goldens) if (plan.goldens.includes(g.id)) assertWorldFits(g);
  if (!opts.resume) lock(dir);
  if (!prior && existsSync(join(dir, 'run.json'))) {
    throw new InputError(
      `${dir} already holds a run: continue it with --resume ${dir}, or choose another --out`,
    );
  }
  makeFolder(dir, label);
  const manifest: RunManifest = prior ?? {
    format: RUN_FORMAT,
    runId,
    createdAt: new Date().toISOString(),
    configFile: inputs.configFile,
    goldenPaths: [...inputs.config.goldens, ...run.extra.goldens.map((g) => g.file)],
    seatPaths: [...inputs.config.seats, ...run.extra.seats.map((s) => s.file)],
    plan: planRecord(plan),
    thresholds: inputs.config.thresholds,
    contended: inputs.config.contended,
    gateSets: recordedGateSets(plan),
    inputs: run.hashes,
    skipped: [],
    ...pricingOf(inputs.seats, plan),
  };
  // the cap of this invocation (a resume may raise it); recorded so the scorecard can say it
  const maxCost = opts.maxCost ?? inputs.config.maxCost;
  if (maxCost !== undefined) manifest.maxCost = maxCost;
  else delete manifest.maxCost;
  manifest.skipped = [];
  // the rules judged whenever this folder becomes a scorecard; what an older folder lacks: manifest.ts
  completeManifest(manifest, {
    assert: opts.assert === false ? [] : (inputs.config.assert ?? []),
    gateSets: () => recordedGateSets(plan),
  });
  // a plan leaving out part of the config's matrix: a rule about only what it left out is not
  // judged (and said), not failed; one naming the defaults again (--gates none all) is a full run
  if (!prior && isPartialPlan(inputs.config, run.loaded.goldens, run.loaded.seats, plan)) {
    manifest.assertPartial = true;
    manifest.assertMatrix = defaultMatrix(inputs.config, run.loaded.goldens, run.loaded.seats);
  }
  if (opts.assert === false && inputs.config.assert?.length)
    opts.warn(`--no-assert: the config's ${inputs.config.assert.length} assert: rules are not judged\n`);
  writeManifest(dir, manifest);
  writeBaselines(
    dir,
    inputs.goldens
      .filter((g) => plan.goldens.includes(g.id))
      .flatMap((g) => baselineTrials(g, { passCorrectness: manifest.thresholds.passCorrectness })),
  );
  return { dir, manifest, maxCost };
}

/** The prices of the plan's priced seats, for the manifest (and so the scorecard). */
function pricingOf(seats: Seat[], plan: RunPlan): Pick<RunManifest, 'pricing'> {
  const priced = seats.filter((s) => plan.seats.includes(s.name) && s.pricing && s.provider !== 'sim');
  return priced.length ? { pricing: Object.fromEntries(priced.map((s) => [s.name, s.pricing!])) } : {};
}
