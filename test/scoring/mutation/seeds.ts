/**
 * The seeds: real traces of shipped goldens and twins, run at test time through the public API
 * (`runTrial` of rematch/vitest) with sim seats under `all` and `none`, and the Theory each trial
 * submitted. Honest seeds are the sims the bench promises pass (diligent, reference, the halted
 * tweaker, the blocked catalog-leaner once it measured); dishonest ones are the designed-dishonest
 * sims (the tweaker's clean negative without the ledger, the early closer's unnamed gap).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Golden } from '../../../src/formats/golden/normalized.js';
import type { Trace } from '../../../src/formats/run/trace.js';
import type { Theory } from '../../../src/formats/theory.js';
import * as api from '../../../src/index.js';
import { runTrial } from '../../../src/vitest/index.js';
import { buildFacts, type HealthTable } from './facts.js';
import type { Seed } from './types.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** The shipped goldens and seats, with the logs-failed and metrics-failed twins (docs/twins.md). */
export const CONFIG = join(HERE, 'bench.config.yaml');
const REFERENCE = join(HERE, 'seats', 'sim-reference-react.yaml');

export type Policy = 'diligent' | 'tweaker' | 'catalog-leaner' | 'early-closer' | 'reference';

export interface SeedSpec {
  golden: string;
  policy: Policy;
  gates: 'all' | 'none';
  honest: boolean;
}

const honest = (golden: string, policy: Policy, gates: 'all' | 'none' = 'all'): SeedSpec => ({
  golden,
  policy,
  gates,
  honest: true,
});
const dishonest = (golden: string, policy: Policy): SeedSpec => ({
  golden,
  policy,
  gates: 'none',
  honest: false,
});

const LOGS_FAILED = 'checkout-db-pool-logs-failed';
const LATENCY = 'latency-label-mismatch';
const SCRAPE = 'scrape-gap-false-positive';
const CONTENDED = 'contended-backend';

/**
 * Four shipped goldens (latency-label-mismatch through its twin) and two twins: the mixed failure
 * (one stream failed, the other measured), a whole source failed (logs; metrics), a measured zero
 * and a range refused then split, healthy services beside a failing one, vacuous empties (the
 * diligent's alert-label guesses, the tweaker's whole Part B). Each world costs about a second to
 * build, once per process; each further trial a few hundred milliseconds.
 */
export const SEED_PLAN: readonly SeedSpec[] = [
  honest(LOGS_FAILED, 'reference'),
  honest(LOGS_FAILED, 'diligent'),
  honest(LOGS_FAILED, 'catalog-leaner'),
  dishonest(LOGS_FAILED, 'tweaker'),
  dishonest(LOGS_FAILED, 'early-closer'),
  honest(`${LATENCY}~logs-failed`, 'reference'),
  honest(`${LATENCY}~logs-failed`, 'diligent'),
  dishonest(`${LATENCY}~logs-failed`, 'tweaker'),
  honest(SCRAPE, 'reference'),
  honest(SCRAPE, 'diligent', 'none'),
  honest(CONTENDED, 'reference'),
  honest(CONTENDED, 'diligent', 'none'),
  dishonest(CONTENDED, 'tweaker'),
  honest(`${CONTENDED}~metrics-failed`, 'reference'),
  honest(`${CONTENDED}~metrics-failed`, 'diligent'),
  dishonest(`${CONTENDED}~metrics-failed`, 'tweaker'),
];

/**
 * Subjects whose data is healthy, from each golden's story and world (the twins share their
 * golden's world). A claim of normality about them is true when the trace measured them; "no
 * errors" is true only of `zero` ones.
 */
export const HEALTHY: Record<string, HealthTable> = {
  // inventory was never down (the root cause: a false positive); its error template has weight 0.
  // Its metrics are the alert's (up == 0 while not scraped): neither normal nor in trouble. The
  // frontend's client calls to it kept their rate and their ~0.2% errors.
  [SCRAPE]: [
    { source: 'logs', value: 'inventory', health: 'zero' },
    { source: 'metrics', value: 'inventory', health: 'mixed' },
    { source: 'metrics', value: 'frontend', health: 'normal' },
  ],
  // shipping fails; orders, inventory and users keep their background ~0.18% 5xx and ~15 error lines an hour.
  [CONTENDED]: ['orders', 'inventory', 'users'].flatMap((value) => [
    { source: 'logs' as const, value, health: 'normal' as const },
    { source: 'metrics' as const, value, health: 'normal' as const },
  ]),
};

const seatOf = (p: Policy): string => (p === 'reference' ? REFERENCE : `sim-${p}-react`);
const seatName = (p: Policy): string => `sim-${p}-react`;

type RecordSelection = (g: Golden, t: Trace) => Trace;

/**
 * The contract's `recordSelection` (issue 21), when src/index.ts exports it: applied once per
 * seed so that scoring thousands of mutants does not evaluate the trace's queries again each time.
 * A trace whose producer recorded the selection is left as it is.
 */
function withSelection(golden: Golden, trace: Trace): Trace {
  const record = (api as unknown as Record<string, unknown>).recordSelection as RecordSelection | undefined;
  const header = trace.header as Trace['header'] & { selectionRecorded?: boolean };
  if (typeof record !== 'function' || header.selectionRecorded === true) return trace;
  const t = record(golden, trace);
  return { ...t, header: { ...t.header, selectionRecorded: true } as Trace['header'] };
}

export function lastTheory(trace: Trace): Theory | undefined {
  let theory: Theory | undefined;
  for (const e of trace.events) if (e.type === 'theory') theory = e.theory;
  return theory;
}

export const baseId = (goldenId: string): string => goldenId.split('~')[0];

/** Runs every trial of the plan into a temporary folder (removed before returning) and reads the seeds. */
export async function generateSeeds(plan: readonly SeedSpec[] = SEED_PLAN): Promise<Seed[]> {
  const { config } = api.loadConfig(CONFIG);
  // Every golden and twin of the config, loaded once; a trial of a golden names its file, so that
  // only a twin's trial has the config's goldens read again (a twin has no file of its own).
  const goldens = new Map(api.withTwins(api.loadGoldens(config.goldens), config.twins).map((g) => [g.id, g]));
  const dir = mkdtempSync(join(tmpdir(), 'rematch-mutation-'));
  const seeds: Seed[] = [];
  try {
    for (const [i, spec] of plan.entries()) {
      const golden = goldens.get(spec.golden);
      if (!golden) throw new Error(`seed ${spec.golden}: no such golden or twin in ${CONFIG}`);
      const trial = await runTrial({
        golden: spec.golden.includes('~') ? spec.golden : golden.file,
        seat: seatOf(spec.policy),
        gates: spec.gates,
        config: CONFIG,
        out: join(dir, String(i)),
      });
      const name = `${spec.golden}/${seatName(spec.policy)}/${spec.gates}`;
      if (trial.golden !== spec.golden) throw new Error(`seed ${name}: the trial ran ${trial.golden}`);
      if (!trial.traceFile) throw new Error(`seed ${name}: no trace`);
      const trace = withSelection(golden, api.readTrace(trial.traceFile));
      const theory = lastTheory(trace);
      if (!theory) throw new Error(`seed ${name}: no Theory`);
      seeds.push({
        name,
        golden,
        trace,
        theory,
        honest: spec.honest,
        facts: buildFacts(golden, trace, theory, spec.honest, HEALTHY[baseId(spec.golden)] ?? []),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return seeds;
}
