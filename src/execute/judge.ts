/**
 * The LLM judge over a run (docs/scoring.md, The LLM judge): each trial, once scored and journaled,
 * is graded by the config's judge model while the run goes on, and its grade lands in the trial's
 * judge.json. The judge never touches a score or the journal, so no verdict can depend on it. A
 * judge that fails on a trial leaves a failed grade with the reason; without its key variable the
 * whole judge is skipped with one line (unless the turn cache is cache-only: then nothing is asked).
 * Only seats' trials are graded: not the null baselines (no Theory) nor the ceiling (not a seat).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../errors.js';
import type { Golden } from '../formats/golden/index.js';
import type { JudgeConfig, JudgeRecord } from '../formats/judge.js';
import { JUDGE_FORMAT } from '../formats/judge.js';
import { loadTheory } from '../formats/load.js';
import { readTrace } from '../formats/run/index.js';
import type { JudgeCacheSettings } from '../formats/turn-cache.js';
import { askJudge, judgeId } from '../providers/ai/index.js';
import { needsJudge, writeJudgeRecord } from '../runlog/judge-files.js';
import { judgePrompt, rowKind, type TrialRecord } from '../scoring/index.js';

export interface JudgeRunOptions {
  dir: string;
  judge: JudgeConfig;
  goldens: readonly Golden[];
  env: Record<string, string | undefined>;
  warn: (line: string) => void;
  /** --retry-errors: a resumed run grades again the trials whose grade failed. */
  retryFailed?: boolean;
  signal?: AbortSignal;
  /** The run's turn cache: the judge's answers are stored and replayed beside the seats' turns. */
  cache?: JudgeCacheSettings;
}

export interface Judging {
  /** Grade this trial when a lane is free (a no-op for one the judge does not grade). */
  submit(rec: TrialRecord): void;
  /** Grade those of `records` without a grade yet (a resumed run's), then wait for all. */
  finish(records: Iterable<TrialRecord>): Promise<void>;
}

/** Null, after its one line, when the judge's key variable is unset. */
export function startJudging(o: JudgeRunOptions): Judging | null {
  const keyEnv = o.judge.auth?.apiKeyEnv;
  if (keyEnv && !o.env[keyEnv] && o.cache?.mode !== 'only') {
    o.warn(`judge: skipped, ${keyEnv} not set\n`);
    return null;
  }
  const goldens = new Map(o.goldens.map((g) => [g.id, g]));
  const seen = new Set<string>();
  const queue: TrialRecord[] = [];
  const running = new Set<Promise<void>>();
  const pump = (): void => {
    while (running.size < o.judge.concurrency && queue.length) {
      const rec = queue.shift()!;
      // a judge.json that cannot be written (the disk) is said, and the run goes on without that grade
      const p: Promise<void> = gradeTrial(o, goldens.get(rec.golden), rec)
        .catch((e: unknown) => o.warn(`judge: ${rec.id}: ${redact(String((e as Error)?.message ?? e))}\n`))
        .finally(() => {
          running.delete(p);
          pump();
        });
      running.add(p);
    }
  };
  const submit = (rec: TrialRecord): void => {
    // the null baselines have no Theory and the ceiling is the bench's own reference, not a seat;
    // an unscored trial is the bench's fault, not the agent's answer
    if (seen.has(rec.id) || rowKind(rec.seat) !== 'seat' || rec.score.verdict === 'unscored') return;
    seen.add(rec.id);
    queue.push(rec);
    pump();
  };
  return {
    submit,
    async finish(records) {
      for (const r of records) if (needsJudge(o.dir, r, o.retryFailed ?? false)) submit(r);
      while (running.size) await Promise.all([...running]);
    },
  };
}

/** One trial: a Theory to grade, the judge's answer or its failure; throws only when judge.json cannot be written. */
async function gradeTrial(o: JudgeRunOptions, golden: Golden | undefined, rec: TrialRecord): Promise<void> {
  if (o.signal?.aborted) return;
  const folder = join(o.dir, rec.dir);
  const theoryFile = join(folder, 'theory.json');
  // a trial that ended without a Theory has nothing for the judge to read
  if (!golden || !existsSync(theoryFile)) return;
  const id = judgeId(o.judge);
  const started = performance.now();
  let out: JudgeRecord;
  try {
    const { system, prompt } = judgePrompt(
      golden,
      readTrace(join(folder, 'trace.jsonl')),
      loadTheory(theoryFile),
    );
    const a = await askJudge(
      o.judge,
      { system, prompt, signal: o.signal },
      { env: o.env, ...(o.cache ? { cache: o.cache } : {}) },
    );
    out = {
      format: JUDGE_FORMAT,
      judge: id,
      latencyMs: a.latencyMs,
      status: 'graded',
      grade: a.grade,
      tokens: a.tokens,
      attempts: a.attempts,
      ...(a.replay ? { replay: a.replay } : {}),
    };
  } catch (err) {
    // an interrupted run leaves the trial ungraded: a resume grades it
    if (o.signal?.aborted) return;
    const key = o.judge.auth ? o.env[o.judge.auth.apiKeyEnv] : undefined;
    const reason = redact(err instanceof Error ? err.message : String(err), [key]);
    out = {
      format: JUDGE_FORMAT,
      judge: id,
      latencyMs: Math.round(performance.now() - started),
      status: 'failed',
      reason,
    };
  }
  writeJudgeRecord(o.dir, rec.dir, out);
}
