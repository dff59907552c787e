/**
 * Retries with exponential backoff on 408 / 409 / 429 / 5xx and on network failures, waiting on the
 * trial's clock. The AI SDK's own retries are turned off so that every attempt is counted here.
 */
import type { Clock } from '../../clock.js';

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 500, maxMs: 8_000 };

export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true; // network failure, no response
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Delay before attempt `n` (1-based retries): base·2^(n-1), capped, honouring Retry-After seconds. */
export function backoffMs(policy: RetryPolicy, retry: number, retryAfter?: string): number {
  const after = retryAfter !== undefined ? Number(retryAfter) : Number.NaN;
  if (Number.isFinite(after) && after >= 0) return Math.min(after * 1000, policy.maxMs);
  return Math.min(policy.baseMs * 2 ** (retry - 1), policy.maxMs);
}

export async function withRetries<T>(
  clock: Clock,
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  classify: (err: unknown) => { retryable: boolean; retryAfter?: string },
): Promise<{ value: T; attempts: number }> {
  for (let n = 1; ; n++) {
    try {
      return { value: await attempt(n), attempts: n };
    } catch (err) {
      const c = classify(err);
      if (!c.retryable || n >= policy.attempts) throw Object.assign(err as object, { attempts: n });
      await clock.sleep(backoffMs(policy, n, c.retryAfter));
    }
  }
}
