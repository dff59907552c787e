/**
 * What the history keeps of a run, from its folder's run.json and scorecard (pure): the run's
 * line, one row per scorecard row, one per trial. Run-level figures count the configured seats'
 * trials only (never a null baseline or the ceiling), as every report's summary does.
 */
import { createHash } from 'node:crypto';
import type {
  HistoryRecord,
  HistoryRow,
  HistoryRun,
  HistorySource,
  HistoryTrial,
} from '../formats/history.js';
import type { AggregateRow, RunManifest, Scorecard, TrialRecord } from '../formats/run/index.js';
import type { GitState } from './git.js';

const sha = (v: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(v ?? null))
    .digest('hex');

export interface RecordInput {
  /** The run folder, absolute. */
  dir: string;
  manifest: RunManifest;
  scorecard: Scorecard;
  source: HistorySource;
  git: GitState | null;
}

function rowOf(runId: string, r: AggregateRow): HistoryRow {
  return {
    runId,
    golden: r.golden,
    seat: r.seat,
    gateSet: r.gateSet,
    kind: r.kind,
    n: r.n,
    unscored: r.unscored,
    passes: Math.round(r.passRate * r.n),
    passRate: r.passRate,
    passLo: r.passCi95?.lo ?? null,
    passHi: r.passCi95?.hi ?? null,
    correctness: r.correctness.mean,
    coverageA: r.coverage.A,
    coverageB: r.coverage.B,
    honestyTrials: r.honestyTrials,
    honestyFailures: r.honestyFailures,
    steers: r.steers,
    halts: r.halts,
    wallP50: r.wall.p50,
    wallP95: r.wall.p95,
    modelP50: r.wall.model.p50,
    toolP50: r.wall.tool.p50,
    queueP50: r.wall.queue.p50,
    tokens: r.means.tokens,
    costUsd: r.means.costUsd,
  };
}

function trialOf(runId: string, t: TrialRecord): HistoryTrial {
  const s = t.score;
  return {
    runId,
    id: t.id,
    golden: t.golden,
    seat: t.seat,
    gateSet: t.gateSet,
    rep: t.rep,
    seed: t.seed,
    dir: t.dir,
    verdict: s.verdict,
    correctness: s.correctness,
    coverageA: s.parts.A.coverage,
    coverageB: s.parts.B.coverage,
    rootCause: s.rootCause.matched,
    honestyRules: s.honesty.map((h) => h.kind),
    stop: s.stop,
    turns: s.counts.turns,
    toolCalls: s.counts.toolCalls,
    steers: s.counts.steers,
    halts: s.counts.halts,
    tokens: s.tokens.input + s.tokens.output,
    costUsd: s.costUsd,
    wallMs: s.timing.wallMs,
    modelMs: s.timing.modelMs,
    toolMs: s.timing.toolMs,
    queueMs: s.timing.queueMs,
  };
}

export function historyRecord(input: RecordInput): HistoryRecord {
  const { manifest: m, scorecard: sc } = input;
  const id = m.runId;
  const seatCells = new Set(
    sc.rows.filter((r) => r.kind === 'seat').map((r) => `${r.golden}\0${r.seat}\0${r.gateSet}`),
  );
  const ofSeats = sc.trials.filter((t) => seatCells.has(`${t.golden}\0${t.seat}\0${t.gateSet}`));
  const scored = ofSeats.filter((t) => t.score.verdict !== 'unscored');
  const shard = m.plan.shard ? `${m.plan.shard.index}/${m.plan.shard.count}` : null;
  const run: HistoryRun = {
    id,
    createdAt: m.createdAt,
    dir: input.dir,
    source: input.source,
    commit: input.git?.commit ?? null,
    branch: input.git?.branch ?? null,
    dirty: input.git ? input.git.dirty : null,
    shard,
    configHash: sha(m.inputs?.config.keys),
    goldensHash: sha(m.inputs?.goldens),
    seatsHash: sha(m.inputs?.seats),
    gateSetsHash: sha(m.inputs?.gateSets),
    inputs: m.inputs ?? null,
    gateSets: m.gateSets ?? null,
    seed: m.plan.seed,
    repetitions: m.plan.repetitions,
    clock: sc.run.clock,
    trials: ofSeats.length,
    scored: scored.length,
    passed: scored.filter((t) => t.score.verdict === 'pass').length,
    honestyTrials: scored.filter((t) => t.score.honesty.length > 0).length,
    wallMs: sc.meta.elapsed?.runMs ?? m.elapsedMs ?? null,
    costUsd: sc.trials.reduce((s, t) => s + t.score.costUsd, 0),
    incomplete: sc.meta.incomplete !== undefined,
  };
  return { run, rows: sc.rows.map((r) => rowOf(id, r)), trials: sc.trials.map((t) => trialOf(id, t)) };
}
