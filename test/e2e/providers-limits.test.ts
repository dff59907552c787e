/**
 * Rate limits and spend caps through runBench against msw. The provider enforces its own limit
 * (3 requests in any 1 s, else 429 with Retry-After: 1): with the run's shared limiter paced under
 * it no 429 is seen and the wait shows as limiter time; without it the turns collide and the
 * backoff shows in the wall-time split. A spend cap small enough stops the run after N trials:
 * the rest unscored with the projection, and the run fails (exit 1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBench } from '../../src/commands/run/index.js';
import { ThresholdError } from '../../src/errors.js';
import { runPlannedTrial } from '../../src/execute/trial.js';
import { ConfigFile } from '../../src/formats/config.js';
import type { EndEvent, ModelTurnEvent } from '../../src/formats/run/trace.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import { JOURNAL_FILE, readJournal } from '../../src/runlog/journal.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp, trialSpec } from '../providers/ai/harness.js';
import { investigatorStep } from '../providers/ai/scripted.js';
import { WIRES, type Wire } from '../providers/ai/wire.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const [k, v] of Object.entries(FAKE_KEYS)) vi.stubEnv(k, v);
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

const w = WIRES.find((x) => x.provider === 'openai-chat') as Wire;
const quiet = { write: () => true };

/** A provider allowing 3 requests in any 1 s (accepted ones count), 429 + Retry-After: 1 beyond. */
function limitedProvider(): { rejected: () => number } {
  const accepted: number[] = [];
  let rejected = 0;
  playModel(server, w, (text) => {
    const now = performance.now();
    if (accepted.filter((t) => t > now - 1000).length >= 3) {
      rejected++;
      return {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: { message: 'Rate limit reached for requests', type: 'requests' } },
      };
    }
    accepted.push(now);
    return investigatorStep(text);
  });
  return { rejected: () => rejected };
}

async function run(config: Record<string, unknown>, seat = seatFor(w, { retryAttempts: 8 })) {
  const out = tmp();
  const r = await runBench({
    inputs: {
      config: ConfigFile.parse({
        repetitions: 3,
        concurrency: 3,
        defaultGateSets: ['all'],
        ceiling: false,
        ...config,
      }),
      goldens: [tinyGolden()],
      seats: [seat],
    },
    seats: [seat.name],
    out,
    stdout: quiet,
    stderr: quiet,
    tty: false,
  });
  const traces = (r.scorecard?.trials ?? [])
    .filter((t) => t.seat === seat.name)
    .map((t) => readTrace(join(out, t.dir, 'trace.jsonl')));
  const turns = traces.flatMap((t) => t.events.filter((e): e is ModelTurnEvent => e.type === 'model_turn'));
  const ends = traces.map((t) => t.events.at(-1) as EndEvent);
  return { r, out, turns, ends };
}

describe('a provider that enforces a rate limit', () => {
  it('with the limiter paced under it: no 429, every trial scored, the wait shown as limiter time', async () => {
    const p = limitedProvider();
    const { r, out, turns, ends } = await run({ limits: { 'openai-chat': { requestsPerMinute: 120 } } });
    expect(p.rejected()).toBe(0);
    expect(r.scorecard?.rows.find((x) => x.seat === 't-openai-chat')).toMatchObject({ n: 3, unscored: 0 });
    expect(turns).toHaveLength(9);
    expect(turns.every((t) => t.attempts === 1 && t.backoffMs === 0)).toBe(true);
    // three trials asking at once: two of them waited 0.5 s and 1 s for their first turn
    expect(turns.filter((t) => (t.limiterMs ?? 0) >= 400).length).toBeGreaterThanOrEqual(2);
    expect(ends.every((e) => e.wall.backoffMs === 0 && (e.wall.limiterMs ?? 0) >= 0)).toBe(true);
    const md = readFileSync(join(out, 'walltime.md'), 'utf8');
    expect(md).toContain('rate limiter p50');
  }, 30_000);

  it('in contended mode too: the group shares the run limiter, so no 429', async () => {
    const p = limitedProvider();
    const { r, turns } = await run({
      contended: true,
      limits: { 'openai-chat': { requestsPerMinute: 120 } },
    });
    expect(p.rejected()).toBe(0);
    expect(r.scorecard?.rows.find((x) => x.seat === 't-openai-chat')).toMatchObject({ n: 3, unscored: 0 });
    expect(turns.every((t) => t.attempts === 1)).toBe(true);
    expect(turns.filter((t) => (t.limiterMs ?? 0) >= 400).length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('without limits: the turns collide into 429s, and the backoff is visible in the wall-time split', async () => {
    const p = limitedProvider();
    const { r, out, turns, ends } = await run({});
    expect(p.rejected()).toBeGreaterThan(0);
    expect(r.scorecard?.rows.find((x) => x.seat === 't-openai-chat')).toMatchObject({ n: 3, unscored: 0 });
    const retried = turns.filter((t) => t.attempts > 1);
    expect(retried.length).toBeGreaterThan(0);
    // Retry-After: 1 was honoured: each retried turn slept about a second per 429, apart from its latency
    for (const t of retried) expect(t.backoffMs).toBeGreaterThanOrEqual(900 * (t.attempts - 1));
    const backoff = ends.reduce((a, e) => a + (e.wall.backoffMs ?? 0), 0);
    expect(backoff).toBeGreaterThanOrEqual(900);
    const trials = r.scorecard?.trials ?? [];
    expect(trials.some((t) => (t.score.timing.backoffMs ?? 0) >= 900)).toBe(true);
    const md = readFileSync(join(out, 'walltime.md'), 'utf8');
    expect(md).toMatch(/\| rate limiter p50 \| backoff p50 \|/);
    expect(md).toMatch(/backoff \d/);
  }, 30_000);
});

describe('a turn that fails after its retries', () => {
  it("keeps its backoff in the unscored trial's wall split", async () => {
    playModel(server, w, (text, n) => (n === 1 ? investigatorStep(text) : { status: 500 }));
    const out = await runPlannedTrial(trialSpec(seatFor(w, { retryBaseMs: 50 })), { dir: tmp() });
    if (out.kind !== 'done') throw new Error('skipped');
    const end = readTrace(out.traceFile).events.at(-1) as EndEvent;
    expect(end).toMatchObject({ stop: 'error', unscored: true });
    // 4 attempts: 50 + 100 + 200 ms between them
    expect(end.wall.backoffMs).toBeGreaterThanOrEqual(340);
  });
});

describe('a trial cancelled during a backoff', () => {
  it('ends at once instead of sleeping out the Retry-After', async () => {
    const ac = new AbortController();
    playModel(server, w, (text, n) => {
      if (n === 1) return investigatorStep(text);
      setTimeout(() => ac.abort(new Error('interrupted')), 100);
      return { status: 429, headers: { 'retry-after': '30' } };
    });
    const started = performance.now();
    const out = await runPlannedTrial(trialSpec(seatFor(w)), { dir: tmp(), signal: ac.signal });
    if (out.kind !== 'done') throw new Error('skipped');
    // not the 30 s Retry-After: the bound sits halfway, far from both, for a loaded machine
    expect(performance.now() - started).toBeLessThan(15_000);
    const end = readTrace(out.traceFile).events.at(-1) as EndEvent;
    expect(end).toMatchObject({ stop: 'error', unscored: true });
    expect(end.error).toMatch(/\(after 1 attempt\)/);
  }, 60_000);
});

describe('a spend cap', () => {
  it('stops starting trials once the projection passes it: the rest unscored with the reason, exit 1', async () => {
    playModel(server, w, (text) => investigatorStep(text));
    // one trial: 3 turns of 100 input + 20 output tokens = 360 tokens at $10/MTok = $0.0036; before
    // any finished, the estimate is the whole 1,000-token budget at $10/MTok = $0.01
    const seat = {
      ...seatFor(w),
      budget: { turns: 12, toolCalls: 20, tokens: 1000, wallSeconds: 60 },
      pricing: {
        inputPerMTok: 10,
        outputPerMTok: 10,
        source: 'https://example.test/prices',
        asOf: '2026-12-01',
      },
    };
    const out = tmp();
    const running = runBench({
      inputs: {
        config: ConfigFile.parse({
          repetitions: 5,
          concurrency: 1,
          defaultGateSets: ['all'],
          ceiling: false,
        }),
        goldens: [tinyGolden()],
        seats: [seat],
      },
      seats: [seat.name],
      out,
      maxCost: 0.011,
      stdout: quiet,
      stderr: quiet,
      tty: false,
    });
    const err = await running.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ThresholdError);
    expect((err as Error).message).toContain('2 trials not started: spend cap: projected $0.0144 > $0.011');
    const recs = [...readJournal(join(out, JOURNAL_FILE)).values()].sort((a, b) => a.rep - b.rep);
    expect(recs.map((x) => x.score.verdict)).toEqual(['pass', 'pass', 'pass', 'unscored', 'unscored']);
    expect(recs.slice(0, 3).every((x) => Math.abs(x.score.costUsd - 0.0036) < 1e-9)).toBe(true);
    for (const x of recs.slice(3))
      expect(x.score.unscoredReason).toBe('spend cap: projected $0.0144 > $0.011');
    const md = readFileSync(join(out, 'scorecard.md'), 'utf8');
    expect(md).toContain('spend cap $0.011');
    expect(md).toContain('- t-openai-chat: 10 / 10 from https://example.test/prices, as of 2026-12-01');

    // a higher cap, and the capped trials run on resume (the journal's $0.0108 counted as spent)
    const resumed = await runBench({
      inputs: {
        config: ConfigFile.parse({
          repetitions: 5,
          concurrency: 1,
          defaultGateSets: ['all'],
          ceiling: false,
        }),
        goldens: [tinyGolden()],
        seats: [seat],
      },
      resume: out,
      retryErrors: true,
      maxCost: 0.02,
      stdout: quiet,
      stderr: quiet,
      tty: false,
    });
    expect(resumed.executed).toBe(2);
    expect(resumed.scorecard?.rows.find((x) => x.seat === seat.name)).toMatchObject({ n: 5, unscored: 0 });
  }, 30_000);
});

describe('a spend cap on resume', () => {
  it('counts what every earlier try of the run folder spent, the re-run trials included', async () => {
    // $10/MTok; a healthy trial is 3 turns of 120 tokens = $0.0036, one that fails its second turn $0.0012
    const seat = {
      ...seatFor(w, { retryAttempts: 1 }),
      budget: { turns: 12, toolCalls: 20, tokens: 1000, wallSeconds: 60 },
      pricing: { inputPerMTok: 10, outputPerMTok: 10 },
    };
    const inputs = {
      config: ConfigFile.parse({ repetitions: 2, concurrency: 1, defaultGateSets: ['all'], ceiling: false }),
      goldens: [tinyGolden()],
      seats: [seat],
    };
    const base = { inputs, stdout: quiet, stderr: quiet, tty: false };
    const reasons = (out: string) =>
      [...readJournal(join(out, JOURNAL_FILE)).values()]
        .sort((a, b) => a.rep - b.rep)
        .map((r) => r.score.unscoredReason);
    const out = tmp();
    // 1: both trials fail their second turn (unscored, $0.0012 each spent)
    playModel(server, w, (text) => (text.includes('call_t1') ? { status: 500 } : investigatorStep(text)));
    await runBench({ ...base, seats: [seat.name], out }).catch(() => undefined);
    expect(reasons(out).every((r) => r?.includes('500'))).toBe(true);
    server.resetHandlers();
    playModel(server, w, (text) => investigatorStep(text));
    // 2: both run again; $0.0024 is spent already, so after the first ($0.0036) the second is over the cap
    await runBench({ ...base, resume: out, retryErrors: true, maxCost: 0.008 }).catch(() => undefined);
    expect(reasons(out)).toEqual([undefined, 'spend cap: projected $0.0096 > $0.008']);
    // 3: the first try of each trial still counts though a later line replaced it: $0.006 spent
    await runBench({ ...base, resume: out, retryErrors: true, maxCost: 0.009 }).catch(() => undefined);
    expect(reasons(out)).toEqual([undefined, 'spend cap: projected $0.0096 > $0.009']);
  }, 30_000);
});
