/**
 * Backoff between attempts on a VirtualClock: a Retry-After or exponential delay is slept on the
 * trial's clock, and the turn's signal ends that sleep at once (the last failure is thrown, with
 * its attempts and the backoff actually slept).
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock.js';
import { withRetries } from '../../../src/providers/ai/retry.js';

const policy = { attempts: 4, baseMs: 10_000, maxMs: 60_000 };

describe('withRetries', () => {
  it('stops a backoff sleep as soon as the signal aborts', async () => {
    const clock = new VirtualClock();
    const ac = new AbortController();
    let calls = 0;
    const failing = withRetries(
      clock,
      policy,
      async () => {
        calls++;
        throw new Error('503 from the provider');
      },
      () => ({ retryable: true, retryAfter: '30' }),
      { signal: ac.signal },
    ).then(
      () => null,
      (e: unknown) => ({ e, at: clock.now() }),
    );
    await clock.sleep(100);
    ac.abort(new Error('trial cancelled'));
    const r = await failing;
    expect(r?.at).toBe(100);
    expect(calls).toBe(1);
    expect(r?.e).toMatchObject({ message: '503 from the provider', attempts: 1, backoffMs: 100 });
    expect(clock.pending()).toBe(0);
  });
});
