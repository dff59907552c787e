/**
 * The LLM judge's one model call (docs/scoring.md, The LLM judge): a prompt in, a structured grade
 * out, through the same provider factory as the seats. Everything the judge sends goes through
 * `askJudge`, and the turn cache wraps it here (judge-cache.ts): a stored answer is returned
 * without a call, `only` fails a missing one without a call, `read-write` stores what it asked. A failure (HTTP, a
 * reply that is not a grade) is thrown as a `ProviderError` with the key redacted; the caller
 * records it as the trial's failed grade, never as a failed run. The AI SDK is imported at the
 * first live call (factory.ts says why).
 */
import { APICallError } from '@ai-sdk/provider';
import { RealClock } from '../../clock.js';
import { JUDGE_ANSWER_FORMAT, type JudgeConfig, JudgeGrade } from '../../formats/judge.js';
import type { Seat } from '../../formats/seat.js';
import type { JudgeCacheSettings } from '../../formats/turn-cache.js';
import { ProviderError } from '../../protocol/model.js';
import { createProviderSetup } from './factory.js';
import { JudgeAnswers, judgeKey } from './judge-cache.js';
import { redact } from './redact.js';
import { DEFAULT_RETRY, isRetryableStatus, type RetryPolicy, withRetries } from './retry.js';

export interface JudgeRequest {
  system: string;
  prompt: string;
  signal?: AbortSignal;
}

export interface JudgeAnswer {
  grade: JudgeGrade;
  tokens: { input: number; output: number };
  latencyMs: number;
  attempts: number;
  /** Answered from the turn cache: no call was made (its key and the recorded latency). */
  replay?: { key: string; latencyMs: number };
}

export interface JudgeCallOptions {
  /** The environment the judge's key variable is read from. */
  env: Record<string, string | undefined>;
  fetch?: typeof globalThis.fetch;
  /** The run's turn cache (docs/providers.md#turn-cache); absent: every grade is asked. */
  cache?: JudgeCacheSettings;
}

/** The judge as the provider factory reads a seat: its model fields, no shape or budget in use. */
export function judgeSeat(j: JudgeConfig, file: string): Seat {
  return {
    file,
    name: 'judge',
    provider: j.provider,
    model: j.model,
    shape: 'react',
    params: j.params,
    budget: { turns: 1, toolCalls: 1, tokens: 400_000, wallSeconds: 600 },
    ...(j.auth ? { auth: j.auth } : {}),
    ...(j.baseURL ? { baseURL: j.baseURL } : {}),
  };
}

export const judgeId = (j: JudgeConfig): string => `${j.provider}/${j.model}`;

export async function askJudge(
  j: JudgeConfig,
  req: JudgeRequest,
  opts: JudgeCallOptions,
): Promise<JudgeAnswer> {
  const key = j.auth ? opts.env[j.auth.apiKeyEnv] : undefined;
  const fail = (err: unknown, sdk?: Sdk): ProviderError => judgeError(j, err, key, sdk);
  const answers = opts.cache ? new JudgeAnswers(opts.cache.dir) : undefined;
  const cacheKey = judgeKey(j, req);
  const read = answers?.get(cacheKey);
  // a bad file is told once and is a miss: never a grade of the wrong shape in judge.json
  if (read?.kind === 'bad') {
    opts.cache?.onBadEntry?.(read.file, read.problem);
    if (opts.cache?.mode === 'only')
      throw new ProviderError(
        `${judgeId(j)}: judge answer ${cacheKey}: the turn cache's ${read.file} is bad (${read.problem}); cache-only: no provider call is made`,
      );
  }
  const hit = read?.kind === 'hit' ? read.entry : undefined;
  if (hit)
    return {
      grade: hit.grade,
      tokens: hit.tokens,
      latencyMs: 0,
      attempts: hit.attempts,
      replay: { key: cacheKey, latencyMs: hit.latencyMs },
    };
  if (opts.cache?.mode === 'only')
    throw new ProviderError(
      `${judgeId(j)}: judge answer ${cacheKey} is not in the turn cache (cache-only: no provider call is made); looked in ${answers?.fileOf(cacheKey)}`,
    );
  const answer = await askLive(j, req, opts, key, fail);
  if (opts.cache?.mode === 'read-write')
    answers?.put({
      format: JUDGE_ANSWER_FORMAT,
      key: cacheKey,
      model: judgeId(j),
      latencyMs: answer.latencyMs,
      attempts: answer.attempts,
      grade: answer.grade,
      tokens: answer.tokens,
    });
  return answer;
}

/** The parts of the AI SDK the judge calls. */
type Sdk = Pick<typeof import('ai'), 'generateText' | 'NoObjectGeneratedError' | 'Output'>;

async function askLive(
  j: JudgeConfig,
  req: JudgeRequest,
  opts: JudgeCallOptions,
  key: string | undefined,
  fail: (err: unknown, sdk?: Sdk) => ProviderError,
): Promise<JudgeAnswer> {
  let setup: Awaited<ReturnType<typeof createProviderSetup>>;
  try {
    setup = await createProviderSetup(judgeSeat(j, 'judge'), key, opts.fetch);
  } catch (err) {
    throw fail(err);
  }
  const sdk: Sdk = await import('ai');
  const { generateText, Output } = sdk;
  const timeoutMs = Number(j.params.turnTimeoutSeconds ?? 120) * 1000;
  const started = performance.now();
  try {
    const { value: res, attempts } = await withRetries(
      new RealClock(),
      retryPolicy(j),
      () =>
        generateText({
          model: setup.model,
          system: req.system,
          prompt: req.prompt,
          output: Output.object({ schema: JudgeGrade, name: 'grade' }),
          providerOptions: setup.providerOptions,
          maxRetries: 0,
          abortSignal: AbortSignal.any([...(req.signal ? [req.signal] : []), AbortSignal.timeout(timeoutMs)]),
          temperature: typeof j.params.temperature === 'number' ? j.params.temperature : undefined,
        }),
      (err) =>
        req.signal?.aborted || !APICallError.isInstance(err)
          ? { retryable: false }
          : {
              retryable: isRetryableStatus(err.statusCode),
              retryAfter: err.responseHeaders?.['retry-after'],
            },
    );
    return {
      grade: res.output,
      tokens: { input: res.usage.inputTokens ?? 0, output: res.usage.outputTokens ?? 0 },
      latencyMs: Math.round(performance.now() - started),
      attempts,
    };
  } catch (err) {
    throw fail(err, sdk);
  }
}

function retryPolicy(j: JudgeConfig): RetryPolicy {
  const { retryAttempts: attempts, retryBaseMs: baseMs } = j.params;
  return {
    ...DEFAULT_RETRY,
    attempts: typeof attempts === 'number' && attempts >= 1 ? attempts : DEFAULT_RETRY.attempts,
    baseMs: typeof baseMs === 'number' && baseMs >= 0 ? baseMs : DEFAULT_RETRY.baseMs,
  };
}

/** The reason a grade failed, in one line, the key redacted before anything is cut. */
function judgeError(j: JudgeConfig, err: unknown, key: string | undefined, sdk?: Sdk): ProviderError {
  const status = APICallError.isInstance(err) ? err.statusCode : undefined;
  const attempts = (err as { attempts?: number }).attempts ?? 1;
  let detail = err instanceof Error ? err.message : String(err);
  // only an SDK call throws its errors: without the SDK loaded, err is not one
  if (sdk?.NoObjectGeneratedError.isInstance(err))
    detail = `the reply is not a grade (${err.message}): ${JSON.stringify(err.text ?? '').slice(0, 200)}`;
  else if (APICallError.isInstance(err) && err.responseBody) detail += `: ${err.responseBody}`;
  const text = redact(`${judgeId(j)}: ${detail}`, [key])
    .replace(/\s+/g, ' ')
    .slice(0, 500);
  return new ProviderError(`${text} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`, {
    status,
    retryable: isRetryableStatus(status),
  });
}
