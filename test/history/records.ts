/** Synthetic history records for the store tests: runs whose rows pass as a test plants them. */
import type { HistoryRecord, HistoryRow, HistoryRun } from '../../src/formats/history.js';

export interface Cell {
  golden: string;
  seat: string;
  gateSet: string;
  passes: number;
  n: number;
}

const INPUTS = (config: string) => ({
  goldens: { g1: { 'golden.yaml': 'a'.repeat(64) } },
  seats: { s1: { 's1.yaml': 'b'.repeat(64) } },
  config: { file: 'bench.config.yaml', keys: { repetitions: config } },
  gateSets: { all: 'c'.repeat(64), none: 'd'.repeat(64) },
});

/** Run `i` (1-based): ids sort and times ascend with i. */
export function syntheticRun(i: number, cells: Cell[], over: Partial<HistoryRun> = {}): HistoryRecord {
  const id = `run-${String(i).padStart(3, '0')}`;
  const passed = cells.reduce((s, c) => s + c.passes, 0);
  const n = cells.reduce((s, c) => s + c.n, 0);
  const run: HistoryRun = {
    id,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    dir: `/nowhere/${id}`,
    source: 'run',
    commit: i.toString(16).padStart(40, '0'),
    branch: 'main',
    dirty: false,
    shard: null,
    configHash: 'h1',
    goldensHash: 'h2',
    seatsHash: 'h3',
    gateSetsHash: 'h4',
    inputs: INPUTS(i > 20 ? 'five' : 'ten'),
    gateSets: { all: { gates: ['failureClass', 'ledger'], settings: { fanoutOver: 'refuse' }, version: 3 } },
    seed: 1,
    repetitions: 10,
    clock: 'virtual',
    trials: n,
    scored: n,
    passed,
    honestyTrials: 1,
    wallMs: 1000 + i,
    costUsd: 0.125 * i,
    incomplete: false,
    ...over,
  };
  const rows: HistoryRow[] = cells.map((c) => ({
    runId: id,
    golden: c.golden,
    seat: c.seat,
    gateSet: c.gateSet,
    kind: 'seat',
    n: c.n,
    unscored: 0,
    passes: c.passes,
    passRate: c.n ? c.passes / c.n : 0,
    passLo: null,
    passHi: null,
    correctness: 0.5,
    coverageA: 1,
    coverageB: 0.25,
    honestyTrials: c.n - c.passes > 5 ? 2 : 0,
    honestyFailures: c.n - c.passes > 5 ? 3 : 0,
    steers: 1,
    halts: 0,
    wallP50: 1200.5,
    wallP95: 2400.25,
    modelP50: 800,
    toolP50: 300,
    queueP50: 0,
    tokens: 12_345.5,
    costUsd: 0.0123,
  }));
  const trials = cells.slice(0, 1).map((c) => ({
    runId: id,
    id: `${c.golden}/${c.seat}/${c.gateSet}/r1`,
    golden: c.golden,
    seat: c.seat,
    gateSet: c.gateSet,
    rep: 1,
    seed: 42,
    dir: `trials/${c.golden}/${c.seat}/${c.gateSet}/r1`,
    verdict: 'fail',
    correctness: 0.4,
    coverageA: 1,
    coverageB: 0,
    rootCause: true,
    honestyRules: ['negative-without-evidence', 'negative-without-evidence'],
    stop: 'submitted',
    turns: 4,
    toolCalls: 7,
    steers: 1,
    halts: 0,
    tokens: 9000,
    costUsd: 0.01,
    wallMs: 5000.5,
    modelMs: 3000,
    toolMs: 2000,
    queueMs: 0.5,
  }));
  return { run, rows, trials };
}

/**
 * Thirty runs with planted regressions: g1 × s1 × all passes 10/10 until run 13, then 4/10;
 * g1 × s2 × none wavers between 9 and 10 of 10 and falls to 2/10 at run 21; g1 × s3 × all wavers
 * 6–8 of 10 throughout (no regression); g1 × s4 × all climbs from 2/10 to 9/10 at run 8 (an
 * improvement, not a regression).
 */
export function thirtyRuns(): HistoryRecord[] {
  return Array.from({ length: 30 }, (_, k) => {
    const i = k + 1;
    return syntheticRun(i, [
      { golden: 'g1', seat: 's1', gateSet: 'all', passes: i < 13 ? 10 : 4, n: 10 },
      { golden: 'g1', seat: 's2', gateSet: 'none', passes: i < 21 ? 9 + (i % 2) : 2, n: 10 },
      { golden: 'g1', seat: 's3', gateSet: 'all', passes: 6 + (i % 3), n: 10 },
      { golden: 'g1', seat: 's4', gateSet: 'all', passes: i < 8 ? 2 : 9, n: 10 },
    ]);
  });
}

/** The smallest real run through the CLI: one golden, one seat, one repetition, scorecard.json only. */
export const SMALL_RUN = [
  'run',
  '--golden',
  'checkout-db-pool',
  '--seat',
  'sim-diligent-react',
  '--reps',
  '1',
  '--reporter',
  'json',
];
