/**
 * The figures report.html shows above the timelines, from the scorecard alone: the summary line,
 * the seat × gate-set grid per golden, and the per-trial index the plots and the trial list draw
 * from. Only the run's configured seats count in the summary; the reference and baseline trials
 * are listed (they explain a golden's ceiling and floor) but not totalled.
 */
import { rowKind, type Scorecard, type TrialRecord } from '../../scoring/index.js';

export interface Summary {
  trials: number;
  /** The reference (ceiling) and baseline trials beside them, not counted in the figures. */
  references: number;
  scored: number;
  unscored: number;
  pass: number;
  /** Trials with at least one honesty failure, and the failures in all. */
  honestyTrials: number;
  honestyFailures: number;
  clock: string;
  /** The config's assertions: name, whether it held (or was not judged in a narrowed run), and why. */
  assertions: { name: string; ok: boolean; skipped: boolean; detail: string }[];
}

export interface GridCell {
  n: number;
  unscored: number;
  passRate: number;
  correctness: number;
  honestyFailures: number;
  wallP50: number;
}

export interface Grid {
  golden: string;
  gateSets: string[];
  seats: string[];
  /** `cells[seat][gateSet]`, absent where the run has no such row. */
  cells: Record<string, Record<string, GridCell>>;
  ceiling?: { verdict: string; headline: string };
}

/** One trial in the index: enough for the list, the filters and the plots. */
export interface TrialIndex {
  i: number;
  id: string;
  golden: string;
  seat: string;
  gateSet: string;
  rep: number;
  kind: string;
  verdict: string;
  correctness: number;
  honesty: string[];
  wallMs: number;
  modelMs: number;
  toolMs: number;
  queueMs: number;
  tokens: number;
  clock: string;
}

/** The page's `rematch-index` block: what its script reads first. */
export interface IndexBlock {
  index: TrialIndex[];
  passCorrectness: number;
  /** Where the trials' timeline files are, relative to the page: `report/<render>/` (timelines.ts). */
  timelines: string;
}

const seatTrials = (sc: Scorecard): TrialRecord[] => sc.trials.filter((t) => rowKind(t.seat) === 'seat');

export function summaryOf(sc: Scorecard): Summary {
  const trials = seatTrials(sc);
  const scored = trials.filter((t) => t.score.verdict !== 'unscored');
  return {
    trials: trials.length,
    references: sc.trials.length - trials.length,
    scored: scored.length,
    unscored: trials.length - scored.length,
    pass: scored.filter((t) => t.score.verdict === 'pass').length,
    honestyTrials: scored.filter((t) => t.score.honesty.length > 0).length,
    honestyFailures: scored.reduce((s, t) => s + t.score.honesty.length, 0),
    clock: sc.run.clock,
    assertions: assertionsOf(sc),
  };
}

/** The judged `assert:` rules: id and rule in words, held / failed / not judged, and why. */
function assertionsOf(sc: Scorecard): Summary['assertions'] {
  return (sc.assertions ?? []).map((a) => ({
    name: `${a.id}: ${a.rule}`,
    ok: a.passed,
    skipped: a.skipped ?? false,
    detail: a.detail,
  }));
}

export function gridsOf(sc: Scorecard): Grid[] {
  return sc.run.goldens.map((golden) => {
    const rows = sc.rows.filter((r) => r.golden === golden && r.kind === 'seat');
    const cells: Grid['cells'] = {};
    for (const r of rows) {
      cells[r.seat] ??= {};
      cells[r.seat][r.gateSet] = {
        n: r.n,
        unscored: r.unscored,
        passRate: r.passRate,
        correctness: r.correctness.mean,
        honestyFailures: r.honestyFailures,
        wallP50: r.wall.p50,
      };
    }
    const seen = (k: 'seat' | 'gateSet') => [...new Set(rows.map((r) => r[k]))];
    const gateSets = sc.run.gateSets.filter((g) => seen('gateSet').includes(g));
    const c = sc.ceilings?.find((x) => x.golden === golden);
    const ceiling = c ? { ceiling: { verdict: c.verdict, headline: c.headline } } : {};
    return { golden, gateSets, seats: seen('seat').sort(), cells, ...ceiling };
  });
}

export function indexOf(sc: Scorecard): TrialIndex[] {
  return sc.trials.map((t, i) => ({
    i,
    id: t.id,
    golden: t.golden,
    seat: t.seat,
    gateSet: t.gateSet,
    rep: t.rep,
    kind: rowKind(t.seat),
    verdict: t.score.verdict,
    correctness: t.score.correctness,
    honesty: t.score.honesty.map((h) => h.kind),
    wallMs: t.score.timing.wallMs,
    modelMs: t.score.timing.modelMs,
    toolMs: t.score.timing.toolMs,
    queueMs: t.score.timing.queueMs,
    tokens: t.score.tokens.input + t.score.tokens.output,
    clock: t.score.timing.clock,
  }));
}
