/** scoreTrial: the pure judgement of one trial, `(golden, trace, Theory) → TrialScore` (DESIGN §11). */

import { evidenceFromTrace, linker } from '../evidence/index.js';
import type { Golden } from '../formats/golden/index.js';
import type { EndEvent, Trace } from '../formats/run/index.js';
import type { Theory } from '../formats/theory.js';
import { scorePart, scoreRootCause } from './coverage.js';
import { honestyFailures } from './honesty/index.js';
import { staleScore } from './stale.js';
import { judgeTrajectory } from './trajectory/index.js';
import type { ScoreOptions, TrialScore } from './types.js';

export const DEFAULT_WEIGHTS = { rootCause: 0.4, A: 0.3, B: 0.3 } as const;
export const DEFAULT_PASS_CORRECTNESS = 0.8;

/** Rounded so that scores compare equal across runs and read cleanly in JSON. */
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function scoreTrial(
  golden: Golden,
  trace: Trace,
  theory: Theory | null,
  opts: ScoreOptions = {},
): TrialScore {
  const ix = evidenceFromTrace(golden, trace);
  const end = trace.events.find((e): e is EndEvent => e.type === 'end');
  const link = linker(golden, ix);
  const A = scorePart(golden, theory, 'A', ix, link);
  const B = scorePart(golden, theory, 'B', ix, link);
  const rootCause = scoreRootCause(golden, theory);
  const w = golden.weights ?? DEFAULT_WEIGHTS;
  const total = w.rootCause + w.A + w.B;
  const correctness =
    total > 0 ? r6(((rootCause.matched ? w.rootCause : 0) + w.A * A.coverage + w.B * B.coverage) / total) : 0;
  const honesty = honestyFailures(golden, theory, ix, link);
  const threshold = opts.passCorrectness ?? DEFAULT_PASS_CORRECTNESS;

  const trajectory = judgeTrajectory(golden, trace, theory, ix);
  const stale = staleScore(golden, trace, theory, honesty);
  const trajectoryOk = !trajectory?.some((t) => !t.passed);
  let verdict: TrialScore['verdict'] =
    correctness >= threshold && honesty.length === 0 && trajectoryOk ? 'pass' : 'fail';
  let unscoredReason: string | undefined;
  if (!end) {
    verdict = 'unscored';
    unscoredReason = 'trace has no end event';
  } else if (end.unscored) {
    verdict = 'unscored';
    unscoredReason = end.error ?? `stopped: ${end.stop}`;
  }

  const fingerprints: string[] = [];
  for (const e of trace.events)
    if (e.type === 'tool_result' && e.fingerprint) fingerprints.push(e.fingerprint);

  return {
    verdict,
    ...(unscoredReason !== undefined ? { unscoredReason } : {}),
    correctness,
    rootCause,
    parts: { A: { ...A, coverage: r6(A.coverage) }, B: { ...B, coverage: r6(B.coverage) } },
    honesty,
    stop: end?.stop ?? 'none',
    counts: {
      turns: end?.usage.turns ?? 0,
      toolCalls: end?.usage.toolCalls ?? 0,
      waves: end?.usage.waves ?? 0,
      maxFanout: end?.usage.maxFanout ?? 0,
      steers: end?.counts.steers ?? 0,
      halts: end?.counts.halts ?? 0,
      fingerprints: end?.counts.fingerprints ?? 0,
      untypedEnvelopes: end?.counts.untypedEnvelopes ?? 0,
    },
    timing: {
      clock: trace.header.clock,
      wallMs: end?.wall.totalMs ?? 0,
      modelMs: end?.wall.modelMs ?? 0,
      toolMs: end?.wall.toolMs ?? 0,
      queueMs: end?.wall.queueMs ?? 0,
      ...(end?.wall.limiterMs !== undefined ? { limiterMs: end.wall.limiterMs } : {}),
      ...(end?.wall.backoffMs !== undefined ? { backoffMs: end.wall.backoffMs } : {}),
    },
    tokens: {
      input: end?.usage.tokens.input ?? 0,
      output: end?.usage.tokens.output ?? 0,
      reasoning: end?.usage.tokens.reasoning ?? 0,
    },
    costUsd: end?.usage.costUsd ?? 0,
    ...(end?.usage.replayed
      ? {
          replayed: {
            turns: end.usage.replayed.turns,
            tokens: end.usage.replayed.tokens.input + end.usage.replayed.tokens.output,
            costUsd: end.usage.replayed.costUsd ?? 0,
          },
        }
      : {}),
    fingerprints,
    ...(trajectory ? { trajectory } : {}),
    ...(stale ? { stale } : {}),
  };
}
