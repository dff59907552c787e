/**
 * The shared rate limiter on a VirtualClock: requests and tokens paced per minute, estimates
 * corrected by actual usage, concurrency slots, Retry-After pauses, and the decorator's wait split.
 * Retry-After is read as seconds or as an HTTP date.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock.js';
import type { Seat } from '../../../src/formats/seat.js';
import type { Model, TurnRequest, TurnResult } from '../../../src/protocol/model.js';
import {
  backoffMs,
  estimateInputTokens,
  type Grant,
  LimitedModel,
  Limiter,
  RateLimiters,
  retryAfterMs,
} from '../../../src/providers/ai/index.js';
import { DEFAULT_RETRY, withRetries } from '../../../src/providers/ai/retry.js';

const used = (input = 0, output = 0, requests = 1) => ({ requests, input, output });

/** Admission times of `n` turns asked for together, each released at once with `use`. */
async function admissions(l: Limiter, clock: VirtualClock, n: number, input = 0, use = used()) {
  const at: number[] = [];
  await Promise.all(
    Array.from({ length: n }, async () => {
      const g = await l.acquire(clock, input);
      at.push(clock.now());
      g.release(use);
    }),
  );
  return at;
}

describe('Limiter', () => {
  it('spaces requests evenly at requestsPerMinute, in arrival order', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', { requestsPerMinute: 60 });
    expect(await admissions(l, clock, 4)).toEqual([0, 1000, 2000, 3000]);
  });

  it('paces input tokens by the estimate, then corrects by the actual count', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', { inputTokensPerMinute: 6000 });
    // estimated 100 tokens each (1 s at 100 tokens/s) but each really used 300: the debt is waited out
    const g1 = await l.acquire(clock, 100);
    g1.release(used(300));
    const t0 = clock.now();
    const g2 = await l.acquire(clock, 100);
    expect(clock.now() - t0).toBe(3000);
    g2.release(used(100));
  });

  it('paces output tokens by the mean of the turns so far', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', { outputTokensPerMinute: 600 });
    (await l.acquire(clock, 0)).release(used(0, 20)); // 20 tokens = 2 s, charged after the turn
    const g = await l.acquire(clock, 0);
    expect(clock.now()).toBe(2000);
    g.release(used(0, 20));
    await l.acquire(clock, 0); // the guess (mean 20) plus the correction: 2 s more
    expect(clock.now()).toBe(4000);
  });

  it('holds a turn while `concurrency` turns are in flight', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', { concurrency: 1 });
    const first = await l.acquire(clock, 0);
    let second = false;
    const p = l.acquire(clock, 0).then((g) => {
      second = true;
      return g;
    });
    await clock.sleep(5000);
    expect(second).toBe(false);
    first.release(used());
    const g = await p;
    expect(second).toBe(true);
    expect(g.waitedMs).toBe(5000);
  });

  it('admits nobody during a Retry-After pause', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', {});
    await clock.sleep(100);
    l.pause(2500, clock);
    const g = await l.acquire(clock, 0);
    expect(clock.now()).toBe(2600);
    expect(g.waitedMs).toBe(2500);
  });

  it('frees the queue when a waiting turn is aborted', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', { requestsPerMinute: 6 }); // 10 s apart
    (await l.acquire(clock, 0)).release(used());
    const ac = new AbortController();
    const aborted = l.acquire(clock, 0, ac.signal);
    ac.abort(new Error('trial cancelled'));
    await expect(aborted).rejects.toThrow('trial cancelled');
    await l.acquire(clock, 0);
    expect(clock.now()).toBe(10_000);
  });

  it('rejects an aborted turn at once, however far back in the queue, and skips its place', async () => {
    const clock = new VirtualClock();
    const l = new Limiter('k', { requestsPerMinute: 60 });
    const at = async (p: Promise<Grant>) => {
      (await p).release(used());
      return clock.now();
    };
    const ahead = Array.from({ length: 4 }, () => at(l.acquire(clock, 0)));
    const ac = new AbortController();
    const aborted = l.acquire(clock, 0, ac.signal).then(
      () => 'admitted',
      () => clock.now(),
    );
    const behind = at(l.acquire(clock, 0));
    await clock.sleep(100);
    ac.abort(new Error('trial cancelled'));
    expect(await aborted).toBe(100);
    expect(await Promise.all(ahead)).toEqual([0, 1000, 2000, 3000]);
    expect(await behind).toBe(4000);
  });
});

describe('RateLimiters', () => {
  const seat = (over: Partial<Seat>): Seat => ({
    file: 'seats/a.yaml',
    name: 'a',
    provider: 'openai-chat',
    model: 'm',
    shape: 'react',
    params: {},
    budget: { turns: 1, toolCalls: 1, tokens: 1, wallSeconds: 1 },
    auth: { apiKeyEnv: 'OPENAI_API_KEY' },
    ...over,
  });

  it('shares one limiter per provider key and adds a seat limiter for seats with limits', () => {
    const r = new RateLimiters({ 'openai-chat': { requestsPerMinute: 10 } });
    const a = r.forSeat(seat({}));
    const b = r.forSeat(seat({ name: 'b', file: 'seats/b.yaml' }));
    const other = r.forSeat(seat({ name: 'c', auth: { apiKeyEnv: 'OTHER_KEY' } }));
    const own = r.forSeat(seat({ name: 'd', limits: { concurrency: 1 } }));
    expect(a).toHaveLength(1);
    expect(b[0]).toBe(a[0]);
    expect(other[0]).not.toBe(a[0]);
    expect(own).toHaveLength(2);
    expect(own[1]).toBe(a[0]);
    expect(r.forSeat(seat({ provider: 'sim' }))).toEqual([]);
  });

  it('shares one limiter per account (key variable and host) across provider names, each limit the stricter', async () => {
    const r = new RateLimiters({
      'openai-responses': { requestsPerMinute: 20, concurrency: 1 },
      'openai-chat': { requestsPerMinute: 10, concurrency: 4 },
    });
    const responses = r.forSeat(seat({ name: 'r', provider: 'openai-responses' }))[0];
    const chat = r.forSeat(seat({ name: 'c' }))[0];
    expect(chat).toBe(responses);
    expect(r.forSeat(seat({ name: 'x', baseURL: 'https://api.openai.com/v1' }))[0]).toBe(chat);
    expect(r.forSeat(seat({ name: 'p', baseURL: 'https://proxy.example.test/v1' }))[0]).not.toBe(chat);
    // 10 a minute (chat's, stricter than 20), one at a time (responses', stricter than 4)
    const clock = new VirtualClock();
    const first = await chat.acquire(clock, 0);
    let second = -1;
    const p = chat.acquire(clock, 0).then((g) => {
      second = clock.now();
      return g;
    });
    await clock.sleep(8000);
    expect(second).toBe(-1);
    first.release(used());
    (await p).release(used());
    expect(second).toBe(8000);
    await chat.acquire(clock, 0);
    expect(clock.now()).toBe(14_000);
  });
});

describe('LimitedModel', () => {
  const req: TurnRequest = {
    messages: [{ role: 'user', content: 'x'.repeat(400) }],
    tools: [],
    node: { id: 'root', depth: 0, goal: '', role: 'root' },
  };
  const inner = (latency: number): Model => ({
    id: 'fake/m',
    clock: 'virtual',
    async turn(_r, clock): Promise<TurnResult> {
      await clock.sleep(latency);
      return {
        text: '',
        toolCalls: [],
        usage: { input: 100, output: 10, reasoning: 0 },
        latencyMs: latency,
        attempts: 1,
        waits: { limiterMs: 0, backoffMs: 0 },
      };
    },
  });

  it('estimates about four characters a token', () => {
    expect(estimateInputTokens(req)).toBe(100);
  });

  /** A provider that fails a turn's first attempt (503), retried through withRetries like a real seat. */
  const flaky = (sent: string[]): Model => ({
    id: 'fake/flaky',
    clock: 'virtual',
    async turn(r, clock): Promise<TurnResult> {
      const { attempts, limiterMs } = await withRetries(
        clock,
        { attempts: 3, baseMs: 0, maxMs: 0 },
        async (n) => {
          sent.push(`${r.node.id}#${n}@${clock.now()}`);
          if (n === 1 && r.node.id === 'a') throw new Error('503');
        },
        () => ({ retryable: true }),
        { beforeRetry: r.paceRetry && (() => r.paceRetry!(clock)) },
      );
      return {
        text: '',
        toolCalls: [],
        usage: { input: 0, output: 0, reasoning: 0 },
        latencyMs: 0,
        attempts,
        waits: { limiterMs, backoffMs: 0 },
      };
    },
  });

  it('paces a retry like any request, and reports its wait as limiter time', async () => {
    const clock = new VirtualClock();
    const sent: string[] = [];
    // concurrency 1 too: the retry must not queue behind b, which waits for a's own slot
    const m = new LimitedModel(flaky(sent), [new Limiter('k', { requestsPerMinute: 60, concurrency: 1 })]);
    const node = (id: string) => ({ ...req, node: { ...req.node, id } });
    const [a, b] = await Promise.all([m.turn(node('a'), clock), m.turn(node('b'), clock)]);
    expect(sent).toEqual(['a#1@0', 'a#2@1000', 'b#1@2000']);
    expect(a).toMatchObject({ attempts: 2, waits: { limiterMs: 1000, backoffMs: 0 } });
    expect(b.waits?.limiterMs).toBe(2000);
    // the retry's request was taken when it went: the next turn is paced after both
    await m.turn(node('c'), clock);
    expect(sent.at(-1)).toBe('c#1@3000');
  });

  it('reports the limiter wait apart from the provider latency', async () => {
    const clock = new VirtualClock();
    const m = new LimitedModel(inner(300), [new Limiter('k', { requestsPerMinute: 30 })]);
    const [a, b] = await Promise.all([m.turn(req, clock), m.turn(req, clock)]);
    expect(a.waits).toEqual({ limiterMs: 0, backoffMs: 0 });
    expect(b.waits).toEqual({ limiterMs: 2000, backoffMs: 0 });
    expect(b.latencyMs).toBe(300);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('Tue, 01 Dec 2026 12:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Tuesday, 01-Dec-26 12:00:02 GMT', now)).toBe(2000);
    expect(retryAfterMs('Tue, 01 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('Friday', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('is honoured up to the policy cap instead of the exponential delay', () => {
    expect(backoffMs(DEFAULT_RETRY, 1, '12')).toBe(12_000);
    expect(backoffMs(DEFAULT_RETRY, 1, 'Tue, 01 Dec 2026 12:00:07 GMT', now)).toBe(7000);
    expect(backoffMs(DEFAULT_RETRY, 1, '3600')).toBe(60_000);
    expect(backoffMs(DEFAULT_RETRY, 2)).toBe(1000);
  });
});
