/**
 * Real seats when the provider misbehaves, through runPlannedTrial and runBench with msw: a 429 is
 * retried (attempts in the trace), a 500 storm ends the trial unscored with the provider's error
 * text (and the scorecard counts it apart, never as a zero), and malformed tool arguments become a
 * `rejected` observation the model reads in its next request while the trial goes on.
 */
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBench } from '../../src/commands/run/index.js';
import { runPlannedTrial } from '../../src/execute/trial.js';
import { ConfigFile } from '../../src/formats/config.js';
import type { Trace } from '../../src/formats/run/trace.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import { scoreTrial } from '../../src/scoring/index.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp, trialSpec } from '../providers/ai/harness.js';
import { envelopesIn, investigatorStep, METRICS_ROUTE } from '../providers/ai/scripted.js';
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

async function trial(w: Wire, gates: 'none' | 'all' = 'all'): Promise<{ trace: Trace; dir: string }> {
  const dir = tmp();
  const out = await runPlannedTrial(trialSpec(seatFor(w), gates), { dir });
  if (out.kind !== 'done') throw new Error('skipped');
  return { trace: readTrace(out.traceFile), dir };
}

const endOf = (t: Trace) => {
  const e = t.events.at(-1);
  if (e?.type !== 'end') throw new Error('no end event');
  return e;
};

describe.each(WIRES)('$provider seat under provider failures', (w) => {
  it('retries a 429 inside a turn: attempts 2 in the trace, and the trial completes', async () => {
    playModel(server, w, (text, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '0' } } : investigatorStep(text),
    );
    const { trace } = await trial(w);
    const turns = trace.events.flatMap((e) => (e.type === 'model_turn' ? [e.attempts] : []));
    expect(turns).toEqual([2, 1, 1]);
    expect(endOf(trace)).toMatchObject({ stop: 'submitted', unscored: false });
  });

  it('ends a trial unscored, with the provider error text, when a 500 storm outlasts the retries', async () => {
    const bodies = playModel(server, w, (text, n) =>
      n === 1
        ? investigatorStep(text)
        : { status: 500, body: { error: { message: 'the model is overloaded', type: 'server_error' } } },
    );
    const { trace } = await trial(w);
    // Turn 1 went through; turn 2 was tried 4 times (the default policy) and gave up.
    expect(bodies).toHaveLength(5);
    expect(trace.events.filter((e) => e.type === 'tool_result')).toHaveLength(1);
    const end = endOf(trace);
    expect(end).toMatchObject({ stop: 'error', unscored: true });
    expect(end.error).toContain(`${w.provider}/test-model`);
    expect(end.error).toContain('the model is overloaded');
    expect(end.error).toContain('after 4 attempts');
    expect(trace.events.some((e) => e.type === 'theory')).toBe(false);
    const score = scoreTrial(tinyGolden(), trace, null);
    expect(score.verdict).toBe('unscored');
    expect(score.unscoredReason).toContain('the model is overloaded');
  });

  it('ends the trial unscored on a 200 response it cannot read, without retrying it', async () => {
    const bodies = playModel(server, w, (text, n) =>
      // Every provider's top-level fields present with the wrong types.
      n === 1
        ? investigatorStep(text)
        : { status: 200, body: { id: 1, output: 7, choices: 7, candidates: 7, content: 7, usage: 'x' } },
    );
    const { trace } = await trial(w);
    const end = endOf(trace);
    expect(end).toMatchObject({ stop: 'error', unscored: true });
    expect(end.error).toMatch(/after 1 attempt\)/);
    expect(bodies).toHaveLength(2);
  });

  // JSON-text APIs can send broken JSON; object APIs send well-formed objects that can still
  // violate the tool's schema. Both are answered `rejected` by the host.
  const objectArgs = w.provider === 'gemini' || w.provider === 'anthropic';
  it(`answers ${objectArgs ? 'schema-violating' : 'unparsable'} arguments with a rejected observation the model sees`, async () => {
    const bad = objectArgs
      ? { id: 'call_bad', name: 'query_metrics', args: { mode: 'instant' } }
      : {
          id: 'call_bad',
          name: 'query_metrics',
          args: null,
          rawArgs: `{"query": "${METRICS_ROUTE.slice(0, 12)}`,
        };
    const bodies = playModel(server, w, (text, n) => (n === 1 ? { calls: [bad] } : investigatorStep(text)));
    const { trace } = await trial(w);
    const first = trace.events.find((e) => e.type === 'tool_result');
    expect(first).toMatchObject({ id: 'c1', outcome: 'rejected' });
    // The next request carries the rejection, so the model can correct itself.
    const seen = envelopesIn(bodies[1]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      outcome: 'rejected',
      callId: 'c1',
      error: {
        type: 'bad_args',
        message: objectArgs ? expect.stringMatching(/query/) : expect.stringMatching(/malformed JSON/),
      },
    });
    // ... and the trial goes on: the corrected query, the logs, a Theory citing c2 and c3.
    expect(endOf(trace)).toMatchObject({ stop: 'submitted', unscored: false });
    const theory = trace.events.find((e) => e.type === 'theory');
    expect(theory?.type === 'theory' && theory.theory.parts.A.measurements[0].evidence).toEqual(['c2']);
  });
});

describe('bench run with a real seat', () => {
  it('counts a trial lost to a provider failure as unscored, not as a zero', async () => {
    const w = WIRES.find((x) => x.provider === 'openai-chat') as Wire;
    const seat = seatFor(w);
    // The first trial's three turns succeed; everything after is a 503 storm.
    playModel(server, w, (text, n) => (n <= 3 ? investigatorStep(text) : { status: 503 }));
    let stdout = '';
    let stderr = '';
    const r = await runBench({
      inputs: {
        config: ConfigFile.parse({
          repetitions: 2,
          concurrency: 1,
          defaultGateSets: ['all'],
          ceiling: false,
        }),
        goldens: [tinyGolden()],
        seats: [seat],
      },
      seats: [seat.name],
      out: tmp(),
      stdout: { write: (s: string) => Boolean((stdout += s)) },
      stderr: { write: (s: string) => Boolean((stderr += s)) },
      tty: false,
    });
    expect(r.executed).toBe(2);
    const row = r.scorecard?.rows.find((x) => x.seat === seat.name);
    expect(row).toMatchObject({ n: 1, unscored: 1, passRate: 1 });
    expect(row?.correctness.mean).toBeGreaterThanOrEqual(0.99);
    const lost = r.scorecard?.trials.find((t) => t.seat === seat.name && t.score.verdict === 'unscored');
    expect(lost?.score.unscoredReason).toMatch(/upstream said 503.*after 4 attempts/);
    // Summary-first terminal (issue 13): the grid cell says passes/scored, correctness, unscored.
    expect(stdout).toMatch(/t-openai-chat +│ 1\/1 1\.00 \(\+1 unscored\) +│/);
    expect(stderr).toMatch(/r2 unscored|r1 unscored/);
    expect(stderr).not.toContain(FAKE_KEYS.OPENAI_API_KEY);
  });
});

describe('a provider that stops answering', () => {
  const w = WIRES.find((x) => x.provider === 'openai-chat') as Wire;

  /** Turn 1 answers; from turn 2 on the provider hangs (until the request is aborted). */
  function hangFromTurn2(onHang: () => void = () => {}): () => number {
    let n = 0;
    server.use(
      http.post(w.url, async ({ request }) => {
        n += 1;
        const text = await request.text();
        if (n >= 2) {
          onHang();
          await delay('infinite');
        }
        return HttpResponse.json(w.body(investigatorStep(text), 'test-model') as Record<string, unknown>);
      }),
    );
    return () => n;
  }

  it('hits the per-turn timeout, retries, then ends the trial unscored', async () => {
    const requests = hangFromTurn2();
    const seat = seatFor(w, { turnTimeoutSeconds: 0.1, retryAttempts: 3 });
    const out = await runPlannedTrial(trialSpec(seat), { dir: tmp() });
    if (out.kind !== 'done') throw new Error('skipped');
    const end = endOf(readTrace(out.traceFile));
    expect(end).toMatchObject({ stop: 'error', unscored: true });
    expect(end.error).toMatch(/timeout.*\(after 3 attempts\)/);
    expect(requests()).toBe(4);
  });

  it('does not retry a turn when the trial itself is cancelled', async () => {
    const ac = new AbortController();
    const requests = hangFromTurn2(() => setTimeout(() => ac.abort(), 20));
    const seat = seatFor(w, { turnTimeoutSeconds: 30 });
    const out = await runPlannedTrial(trialSpec(seat), { dir: tmp(), signal: ac.signal });
    if (out.kind !== 'done') throw new Error('skipped');
    const end = endOf(readTrace(out.traceFile));
    expect(end).toMatchObject({ stop: 'error', unscored: true });
    expect(end.error).toMatch(/\(after 1 attempt\)/);
    expect(requests()).toBe(2);
  });
});
