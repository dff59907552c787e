/**
 * The LLM judge's record in a trial's folder (`judge.json`, formats/judge.ts), written atomically
 * once the judge answers or fails. It sits beside score.json and is never read into a score: the
 * scorecard reports it beside the rule-based one.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../formats/files.js';
import { JUDGE_FILE, JUDGE_FORMAT, JudgeRecord } from '../formats/judge.js';
import type { TrialRecord } from '../scoring/index.js';

export function judgeFileOf(runDir: string, trialDir: string): string {
  return join(runDir, trialDir, JUDGE_FILE);
}

export function writeJudgeRecord(runDir: string, trialDir: string, rec: JudgeRecord): void {
  writeAtomic(judgeFileOf(runDir, trialDir), `${JSON.stringify(rec, null, 2)}\n`);
}

/** Whether a trial still needs the judge: no judge.json, or (with `retryFailed`) a failed one. */
export function needsJudge(runDir: string, trial: TrialRecord, retryFailed: boolean): boolean {
  if (!existsSync(judgeFileOf(runDir, trial.dir))) return true;
  return retryFailed && readJudgeRecords(runDir, [trial])[trial.id]?.status === 'failed';
}

/**
 * Every trial's judge record that exists, by trial id. An unreadable one (hand-edited, another
 * format) is reported as a failed grade with the reason, never as a broken run folder.
 */
export function readJudgeRecords(
  runDir: string,
  trials: readonly TrialRecord[],
): Record<string, JudgeRecord> {
  const out: Record<string, JudgeRecord> = {};
  for (const t of trials) {
    const file = judgeFileOf(runDir, t.dir);
    if (!existsSync(file)) continue;
    let parsed: ReturnType<typeof JudgeRecord.safeParse> | undefined;
    try {
      parsed = JudgeRecord.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      parsed = undefined;
    }
    out[t.id] = parsed?.success
      ? parsed.data
      : {
          format: JUDGE_FORMAT,
          judge: 'unknown',
          latencyMs: 0,
          status: 'failed',
          reason: `${JUDGE_FILE} is unreadable`,
        };
  }
  return out;
}

/**
 * `bench replay`: each trial's recorded judge.json, copied (atomically) into the new run's trial
 * folder, so the replay's judge section is the recording's without asking any judge. A trial the
 * recording never graded stays ungraded. Returns how many were copied.
 */
export function copyJudgeRecords(fromRun: string, toRun: string, trials: Iterable<TrialRecord>): number {
  let n = 0;
  for (const t of trials) {
    const from = judgeFileOf(fromRun, t.dir);
    if (!existsSync(from)) continue;
    mkdirSync(join(toRun, t.dir), { recursive: true });
    writeAtomic(judgeFileOf(toRun, t.dir), readFileSync(from, 'utf8'));
    n++;
  }
  return n;
}
