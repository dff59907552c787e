/**
 * One trial as report.html shows it when opened: its timeline rows (rows.ts), the final
 * Theory, the golden's truth beside it, and the verdict with the rules that decided it.
 */
import type { Golden } from '../../formats/golden/index.js';
import type { Trace } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import { explainScore, type TrialRecord, type TrialScore } from '../../scoring/index.js';
import { rowsOf, type TimelineRow } from './rows.js';

export interface TruthMeasurement {
  id: string;
  part: 'A' | 'B';
  source: string;
  truth?: number;
  unit?: string;
  tolerance?: { abs?: number; rel?: number };
  obtainable: boolean;
}

export interface TrialDetail {
  id: string;
  header: Trace['header'] | null;
  rows: TimelineRow[];
  theory: Theory | null;
  truth: {
    component: string;
    mechanism: string;
    accept: string[][];
    measurements: TruthMeasurement[];
  } | null;
  verdict: { headline: string; reasons: string[] };
  score: Pick<TrialScore, 'verdict' | 'correctness' | 'rootCause' | 'parts' | 'honesty'>;
  /** Why the trace could not be shown (missing or unreadable), when it could not. */
  problem?: string;
}

export function truthOf(g: Golden): TrialDetail['truth'] {
  const measurements = (['A', 'B'] as const).flatMap((part) =>
    g.parts[part].measurements.map((m) => ({
      id: m.id,
      part,
      source: m.source,
      truth: m.truth,
      unit: m.unit,
      tolerance: m.tolerance,
      obtainable: m.obtainable,
    })),
  );
  const { component, mechanism, accept } = g.rootCause;
  return { component, mechanism, accept, measurements };
}

export function trialDetail(
  rec: Pick<TrialRecord, 'id' | 'score'>,
  read: { trace: Trace | null; theory: Theory | null; problem?: string },
  golden: Golden | undefined,
  passCorrectness: number,
): TrialDetail {
  const { verdict, correctness, rootCause, parts, honesty } = rec.score;
  const lastTheory = read.trace?.events.findLast((e) => e.type === 'theory');
  return {
    id: rec.id,
    header: read.trace?.header ?? null,
    rows: read.trace ? rowsOf(read.trace.events) : [],
    theory: read.theory ?? (lastTheory?.type === 'theory' ? lastTheory.theory : null),
    truth: golden ? truthOf(golden) : null,
    verdict: explainScore(rec.score, { passCorrectness }),
    score: { verdict, correctness, rootCause, parts, honesty },
    problem: read.problem,
  };
}
