/**
 * Retries with exponential backoff on 408 / 409 / 429 / 5xx and on network failures, waiting on the
 * trial's clock. The AI SDK's own retries are turned off so that every attempt is counted here.
 * A `Retry-After` (seconds or an HTTP date) is the provider saying when to come back: it is waited
 * out (up to `maxRetryAfterMs`) instead of the exponential delay, and reported to `onRateLimit` so a
 * shared limiter can hold every other turn on that provider back too.
 */
import type { Clock } from '../../clock.js';

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
  /** The longest Retry-After honoured; a longer one is cut to this (default 60 s). */
  maxRetryAfterMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 500, maxMs: 8_000, maxRetryAfterMs: 60_000 };

export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true; // network failure, no response
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * A Retry-After header in ms from `nowMs` (epoch ms): delta-seconds or an HTTP date (RFC 9110
 * §10.2.3); undefined when absent or unreadable. A date in the past is 0.
 */
export function retryAfterMs(header: string | undefined, nowMs = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const v = header.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000;
  // every HTTP date form opens with the weekday; Date.parse alone would also take "5" or "2026"
  if (!/^(mon|tue|wed|thu|fri|sat|sun)/i.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/** Delay before retry `n` (1-based): base·2^(n-1), capped; a Retry-After instead when given. */
export function backoffMs(policy: RetryPolicy, retry: number, retryAfter?: string, nowMs?: number): number {
  const after = retryAfterMs(retryAfter, nowMs);
  if (after !== undefined) return Math.min(after, policy.maxRetryAfterMs ?? policy.maxMs);
  return Math.min(policy.baseMs * 2 ** (retry - 1), policy.maxMs);
}

export interface Classified {
  retryable: boolean;
  retryAfter?: string;
  /** 429: the provider's rate limit, which a shared limiter should respect too. */
  rateLimited?: boolean;
}

export interface RetryHooks {
  /** A 429 or a Retry-After: the provider wants no request for `ms` (from `clock.now()`). */
  onRateLimit?: (ms: number, clock: Clock) => void;
  /** The turn's signal: its abort ends a backoff sleep at once (the last failure is thrown). */
  signal?: AbortSignal;
  /** Awaited after the backoff, before each retry: the rate limiter admitting one more request. */
  beforeRetry?: () => Promise<void>;
}

/**
 * `backoffMs`: the time this call spent sleeping between attempts; `limiterMs`: waiting in
 * `beforeRetry` (both on the clock). A failure is thrown with `attempts`, `backoffMs` and `limiterMs`.
 */
export async function withRetries<T>(
  clock: Clock,
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  classify: (err: unknown) => Classified,
  hooks: RetryHooks = {},
): Promise<{ value: T; attempts: number; backoffMs: number; limiterMs: number }> {
  let slept = 0;
  let paced = 0;
  for (let n = 1; ; n++) {
    try {
      return { value: await attempt(n), attempts: n, backoffMs: slept, limiterMs: paced };
    } catch (err) {
      const c = classify(err);
      const failed = () => Object.assign(err as object, { attempts: n, backoffMs: slept, limiterMs: paced });
      if (!c.retryable || n >= policy.attempts) throw failed();
      const wait = backoffMs(policy, n, c.retryAfter);
      if (c.rateLimited || c.retryAfter !== undefined) hooks.onRateLimit?.(wait, clock);
      // cancelled while waiting (backoff or limiter): the trial is going, and this failure is its last
      const before = clock.now();
      try {
        await clock.sleep(wait, hooks.signal);
      } catch {
        slept += clock.now() - before;
        throw failed();
      }
      slept += clock.now() - before;
      const asked = clock.now();
      try {
        await hooks.beforeRetry?.();
      } catch {
        paced += clock.now() - asked;
        throw failed();
      }
      paced += clock.now() - asked;
    }
  }
}
