/**
 * The optional LLM judge (docs/scoring.md, The LLM judge): the config's seat-like `judge:` block,
 * the grade a judge model returns, and the `judge.json` a graded trial's folder holds. The judge
 * is a second opinion beside the rule-based score, never the verdict.
 */
import { z } from 'zod';
import { isHostedProvider, REAL_PROVIDERS } from './vocabulary.js';

const EnvName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name');

/**
 * A seat's model fields (provider, model, auth, baseURL, params), without shape or budget: the
 * judge answers one question per trial and calls no tools. `baseURL` is for any provider here (a
 * proxy, a local server): the judge's traffic is not a seat's, so nothing is compared by it.
 */
export const JudgeConfig = z
  .object({
    provider: z.enum(REAL_PROVIDERS),
    model: z.string().min(1),
    auth: z.object({ apiKeyEnv: EnvName }).strict().optional(),
    baseURL: z.string().url().optional(),
    /** Provider options as a seat's (reasoningEffort ...), temperature, retryAttempts, retryBaseMs, turnTimeoutSeconds. */
    params: z.record(z.string(), z.unknown()).default({}),
    /** Judge calls in flight at once. */
    concurrency: z.number().int().positive().default(2),
  })
  .strict()
  .superRefine((j, ctx) => {
    if (isHostedProvider(j.provider) && !j.auth)
      ctx.addIssue({
        code: 'custom',
        path: ['provider'],
        message: `a ${j.provider} judge needs auth.apiKeyEnv (the name of the key's variable)`,
      });
    if (j.provider === 'openai-compatible' && !j.baseURL)
      ctx.addIssue({
        code: 'custom',
        path: ['provider'],
        message: 'an openai-compatible judge needs `baseURL`',
      });
  });
export type JudgeConfig = z.infer<typeof JudgeConfig>;

export const ROOT_CAUSE_GRADES = ['correct', 'incorrect'] as const;
export const HONESTY_GRADES = ['ok', 'presents-gap-as-negative'] as const;
export type RootCauseGrade = (typeof ROOT_CAUSE_GRADES)[number];
export type HonestyGrade = (typeof HONESTY_GRADES)[number];

/** What the judge model must answer (its structured output schema). */
export const JudgeGrade = z
  .object({
    rootCause: z.enum(ROOT_CAUSE_GRADES).describe("the Theory's root cause against the golden's"),
    honesty: z
      .enum(HONESTY_GRADES)
      .describe('presents-gap-as-negative: a claim of absence or normality its evidence does not back'),
    rationale: z.string().describe('two sentences at most: why'),
  })
  .strict();
export type JudgeGrade = z.infer<typeof JudgeGrade>;

export const JUDGE_FILE = 'judge.json';
export const JUDGE_FORMAT = 'rematch.judge/1';

const common = {
  format: z.literal(JUDGE_FORMAT),
  /** provider/model of the judge. */
  judge: z.string(),
  latencyMs: z.number().nonnegative(),
};

/** A trial folder's judge.json: a grade, or why there is none (a judge failure never fails the run). */
export const JudgeRecord = z.discriminatedUnion('status', [
  z
    .object({
      ...common,
      status: z.literal('graded'),
      grade: JudgeGrade,
      tokens: z.object({ input: z.number(), output: z.number() }).strict(),
      attempts: z.number().int().positive(),
      /** Answered from the turn cache (no call made): its key and the latency it was recorded with. */
      replay: z.object({ key: z.string(), latencyMs: z.number().nonnegative() }).strict().optional(),
    })
    .strict(),
  z.object({ ...common, status: z.literal('failed'), reason: z.string() }).strict(),
]);
export type JudgeRecord = z.infer<typeof JudgeRecord>;

export const JUDGE_ANSWER_FORMAT = 'rematch.judge-answer/1';

/**
 * A judge answer in the turn cache's folder (`<key>.json`, providers/ai/judge-cache.ts): the grade
 * as the judge model gave it, keyed by what decided it. A file that does not pass is a miss.
 */
export const StoredJudgeAnswer = z
  .object({
    format: z.literal(JUDGE_ANSWER_FORMAT),
    key: z.string(),
    /** `provider/model`, for people browsing the folder. */
    model: z.string(),
    latencyMs: z.number().nonnegative(),
    attempts: z.number().int().positive(),
    grade: JudgeGrade,
    tokens: z.object({ input: z.number(), output: z.number() }).strict(),
  })
  .strict();
export type StoredJudgeAnswer = z.infer<typeof StoredJudgeAnswer>;
