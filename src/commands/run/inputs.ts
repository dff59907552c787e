/**
 * What a run is of: its inputs loaded (the config, goldens with the config's twins, seats; a
 * resumed run's from the paths its run.json recorded), the `--golden`/`--seat` references
 * expanded, and the plan with the hashes `--resume` compares.
 */
import { existsSync } from 'node:fs';
import type { ConfigFile } from '../../formats/config.js';
import type { Golden } from '../../formats/golden/index.js';
import type { InputHashes } from '../../formats/run/index.js';
import type { Seat } from '../../formats/seat.js';
import { type PlanOptions, planRun, type RunPlan } from '../../plan/plan.js';
import { assertSameInputs } from '../../runlog/input-changes.js';
import type { RunManifest } from '../../runlog/manifest.js';
import { hashInputs } from '../../runlog/run-inputs.js';
import { expandRunRefs } from '../resolve.js';
import type { OrchestrateOptions } from './options.js';
import { resumedPlanOptions } from './resume.js';

export interface Inputs {
  config: ConfigFile;
  configFile: string;
  goldens: Golden[];
  seats: Seat[];
}

export interface PlannedRun {
  /** As loaded: the config's own goldens and seats (what a partial plan is judged against). */
  loaded: Inputs;
  /** The loaded inputs plus the goldens and seats named by path on the command line. */
  inputs: Inputs;
  /** Those named by path, which run.json records beside the config's. */
  extra: { goldens: Golden[]; seats: Seat[] };
  plan: RunPlan;
  hashes: InputHashes;
}

async function loadInputs(opts: OrchestrateOptions, m?: RunManifest): Promise<Inputs> {
  const { withTwins } = await import('../../formats/twins/index.js');
  if (opts.inputs) {
    const { config, goldens } = opts.inputs;
    return { configFile: 'bench.config.yaml', ...opts.inputs, goldens: withTwins(goldens, config.twins) };
  }
  const { assertKnownNames, loadConfig, loadGoldens, loadSeats } = await import('../../formats/load.js');
  const configPath = m ? (existsSync(m.configFile) ? m.configFile : undefined) : opts.config;
  const { config, file } = loadConfig(configPath);
  // the config's twin kinds join every golden, a resumed run's too (the same config, the same twins)
  const goldens = withTwins(loadGoldens(m?.goldenPaths ?? config.goldens), config.twins);
  const seats = loadSeats(m?.seatPaths ?? config.seats);
  // a misspelt seat or golden in an assert: rule is bad input, whether or not this run includes it
  if (!m && opts.assert !== false) assertKnownNames(config, file, seats, goldens);
  return { config, configFile: file, goldens, seats };
}

/** Load, expand and plan; a resume is checked against the hashes its folder recorded. */
export async function planTheRun(opts: OrchestrateOptions, prior?: RunManifest): Promise<PlannedRun> {
  const loaded = await loadInputs(opts, prior);
  // --golden/--seat paths, globs and tags (commands/resolve.ts); a resumed plan names ids only.
  const goldenRefs = prior
    ? { names: undefined, extra: [] }
    : expandRunRefs('golden', opts.goldens, loaded.goldens);
  const seatRefs = prior ? { names: undefined, extra: [] } : expandRunRefs('seat', opts.seats, loaded.seats);
  const inputs: Inputs = {
    ...loaded,
    goldens: [...loaded.goldens, ...goldenRefs.extra],
    seats: [...loaded.seats, ...seatRefs.extra],
  };
  const planOpts: PlanOptions = prior
    ? resumedPlanOptions(prior)
    : {
        ...opts,
        ...(goldenRefs.names ? { goldens: goldenRefs.names } : {}),
        ...(seatRefs.names ? { seats: seatRefs.names } : {}),
      };
  const plan = planRun(inputs.config, inputs.goldens, inputs.seats, planOpts);
  const hashes = hashInputs(inputs.config, inputs.configFile, inputs.goldens, inputs.seats, plan);
  if (opts.resume) assertSameInputs(opts.resume, prior?.inputs, hashes);
  return { loaded, inputs, extra: { goldens: goldenRefs.extra, seats: seatRefs.extra }, plan, hashes };
}
