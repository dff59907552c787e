/**
 * npm run bench:harness — how fast the harness runs trials.
 *
 * Sims run on a virtual clock, so simulated model and tool time cost nothing real: the real
 * milliseconds per trial ARE the harness overhead (world lookup, backend engines, host, sim policy,
 * trace writing, scoring, journal fsync, reports). A second figure isolates the run loop itself
 * (planner, scheduler, journal, scoring, reports) with a trial that returns a canned trace.
 * Each figure is the median of several runs; the world build (once per process) is excluded by a
 * warm-up run.
 *
 * Usage: npm run bench:harness [-- --runs 5 --reps 2 --golden ID --seat NAME]
 * (`--runs 1 --reps 1` is the smoke mode .ci/run uses: it checks the script still runs.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBench } from '../src/commands/run/index.js';
import { loadConfig, loadGoldens, loadSeats } from '../src/formats/load.js';
import type { TrialEnv, TrialOutcome, TrialSpec } from '../src/plan/types.js';
import { emptyTrace } from '../src/scoring/index.js';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : dflt;
}

const runs = Number(arg('runs', '5'));
const reps = Number(arg('reps', '2'));
const { config, file } = loadConfig();
// The config's assertions judge what the sims show; the canned trial and a narrowed matrix show
// nothing, and this script measures speed: the run is never judged (their cost is a few ms).
const inputs = {
  config: { ...config, assert: [] },
  configFile: file,
  goldens: loadGoldens(config.goldens),
  seats: loadSeats(config.seats),
};
const goldenIds = arg('golden', '') ? [arg('golden', '')] : undefined;
const seatNames = arg('seat', '') ? [arg('seat', '')] : undefined;
const sink = { write: () => true };

async function once(
  runTrial?: (s: TrialSpec, e: TrialEnv) => Promise<TrialOutcome>,
): Promise<{ ms: number; cpuMs: number; n: number }> {
  const out = mkdtempSync(join(tmpdir(), 'rematch-harness-'));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await runBench({
    inputs,
    out,
    reps,
    goldens: goldenIds,
    seats: seatNames,
    stdout: sink,
    stderr: sink,
    tty: false,
    ...(runTrial ? { runTrial } : {}),
  });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  rmSync(out, { recursive: true, force: true });
  return { ms, cpuMs: (c.user + c.system) / 1000, n: r.executed };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(
  label: string,
  runTrial?: (s: TrialSpec, e: TrialEnv) => Promise<TrialOutcome>,
): Promise<void> {
  await once(runTrial); // warm-up: worlds are built once per process
  const per: number[] = [];
  const cpu: number[] = [];
  let n = 0;
  for (let i = 0; i < runs; i++) {
    const r = await once(runTrial);
    per.push(r.ms / Math.max(1, r.n));
    cpu.push(r.cpuMs / Math.max(1, r.n));
    n = r.n;
  }
  const ms = median(per);
  console.log(
    `${label}: ${n} trials per run, median of ${runs} runs: ${ms.toFixed(1)} ms real (${median(cpu).toFixed(1)} ms CPU) per trial, ${(1000 / ms).toFixed(1)} trials/s`,
  );
}

const canned = async (spec: TrialSpec): Promise<TrialOutcome> => ({
  kind: 'done',
  spec,
  traceFile: '',
  trace: emptyTrace(spec.golden, spec.seat.name),
  theory: null,
});

console.log(
  `node ${process.version}, concurrency ${config.concurrency}, reps ${reps}; CPU time is less sensitive to a busy machine than real time`,
);
await measure('full trials with sims (harness overhead: simulated time costs nothing real)');
await measure('run loop only (plan, schedule, score, journal fsync, reports; canned trial)', canned);
