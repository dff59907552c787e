/**
 * The LLM judge's calls in the turn cache (docs/providers.md#turn-cache): a judge answer is keyed
 * like a turn, by a SHA-256 of what decides it (the judge's provider, model, base URL without
 * credentials, the params that change what is asked, the system prompt, the prompt and the grade's
 * JSON Schema; never the key), and stored in the same folder as `<key>.json`, so `--cache` and
 * `--cache-only` cover the judge as they cover the seats. A trial's grade itself is recorded in
 * its judge.json, which `bench replay` copies. The stored answer's format: formats/judge.ts.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type JudgeConfig, JudgeGrade, StoredJudgeAnswer } from '../../formats/judge.js';
import { askedSettings, baseUrlOf, canonicalJson } from './cache-key.js';
import { type CacheRead, TurnStore } from './cache-store.js';

/** Bumped when the normalized judge request changes, so an old answer misses. */
export const JUDGE_KEY_VERSION = 1;

/** The grade's schema as sent (structured output): a changed schema asks another question. */
const GRADE_SCHEMA = z.toJSONSchema(JudgeGrade);

export function judgeKey(j: JudgeConfig, req: { system: string; prompt: string }): string {
  const normalized = {
    v: JUDGE_KEY_VERSION,
    kind: 'judge',
    provider: j.provider,
    model: j.model,
    baseURL: baseUrlOf(j),
    settings: askedSettings(j.params),
    system: req.system,
    prompt: req.prompt,
    schema: GRADE_SCHEMA,
  };
  return createHash('sha256').update(canonicalJson(normalized)).digest('hex');
}

/**
 * The judge's answers in a turn cache folder, each checked whole when read (a grade goes into
 * judge.json as it is): a missing file is a miss, one that fails the check is `bad` (askJudge
 * tells the run and treats it as a miss).
 */
export class JudgeAnswers {
  private readonly store: TurnStore;

  constructor(dir: string) {
    this.store = new TurnStore(dir);
  }

  fileOf(key: string): string {
    return this.store.fileOf(key);
  }

  get(key: string): CacheRead<StoredJudgeAnswer> {
    return this.store.lookup(key, StoredJudgeAnswer);
  }

  put(answer: StoredJudgeAnswer): void {
    this.store.write(answer.key, JSON.stringify(answer));
  }
}
