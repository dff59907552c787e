/**
 * The turn cache and `bench replay` (issue 16 part 1), in process through the public API with msw
 * playing each provider: a second run with the cache makes no HTTP call and scores the same;
 * --cache-only over an empty cache fails each trial unscored naming the missing key; neither the
 * cache nor a run folder holds the key; a recorded run replays offline, without keys, into the same
 * scorecard.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigFile } from '../../src/formats/config.js';
import { type RunBenchOptions, readTrace, replayRun, runBench, type Scorecard } from '../../src/index.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp } from '../providers/ai/harness.js';
import { investigatorStep } from '../providers/ai/scripted.js';
import { WIRES, type Wire } from '../providers/ai/wire.js';
import { filesUnder } from './files-under.js';
import { writeTinyGolden } from './tiny-golden.js';

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

const quiet = { write: () => true };

function runOpts(w: Wire, extra: Partial<RunBenchOptions> = {}): RunBenchOptions {
  const seat = seatFor(w);
  return {
    inputs: {
      config: ConfigFile.parse({
        repetitions: 2,
        concurrency: 1,
        defaultGateSets: ['none', 'all'],
        ceiling: false,
      }),
      goldens: [tinyGolden()],
      seats: [seat],
    },
    seats: [seat.name],
    out: tmp(),
    stdout: quiet,
    stderr: quiet,
    tty: false,
    allowEmpty: true,
    ...extra,
  };
}

/**
 * The scorecard without what a rerun cannot repeat: real time (trial and run wall, model/tool/queue
 * split, elapsed), the run's identity (meta), and the replayed counts (how much of a run came from
 * a cache is what differs between a run and its replay).
 */
function comparable(sc: Scorecard | null): unknown {
  return JSON.parse(
    JSON.stringify(sc, (k, v: unknown) =>
      ['meta', 'wall', 'wallP50Ms', 'timing', 'elapsedMs', 'replayed', 'replayedTokens'].includes(k)
        ? undefined
        : v,
    ),
  );
}

const modelTurns = (dir: string) =>
  filesUnder(dir)
    .filter(([p]) => p.endsWith('trace.jsonl'))
    .flatMap(([p]) => readTrace(join(dir, p)).events.filter((e) => e.type === 'model_turn'));

describe.each(WIRES)('$provider seat with the turn cache', (w) => {
  it('a second run makes zero HTTP calls, marks every turn replayed and gives the same scorecard', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const cacheDir = tmp();
    const first = await runBench(runOpts(w, { cache: { cache: true, cacheDir } }));
    const calls = bodies.length;
    expect(calls).toBeGreaterThan(0);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.json')).length).toBe(calls);
    const second = await runBench(runOpts(w, { cache: { cache: true, cacheDir } }));
    expect(bodies.length).toBe(calls);
    expect(comparable(second.scorecard)).toEqual(comparable(first.scorecard));
    const ours = second.scorecard?.trials.filter((t) => t.seat === seatFor(w).name) ?? [];
    expect(ours.map((t) => t.score.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);

    const turns = modelTurns(second.dir as string);
    expect(turns.length).toBeGreaterThanOrEqual(calls);
    for (const t of turns) {
      expect(t.type === 'model_turn' && t.replay?.key).toMatch(/^[0-9a-f]{64}$/);
      expect(t.type === 'model_turn' && t.attempts).toBe(0);
    }
    // the end event counts the replayed part apart: here all of it
    for (const rec of ours) {
      const trace = readTrace(join(second.dir as string, rec.dir, 'trace.jsonl'));
      const end = trace.events.at(-1);
      if (end?.type !== 'end') throw new Error('no end event');
      expect(end.usage.replayed?.turns).toBe(end.usage.turns);
      expect(end.usage.replayed?.tokens).toEqual(end.usage.tokens);
      expect(end.usage.replayed?.costUsd).toBeCloseTo(end.usage.costUsd ?? -1, 12);
    }

    // the scorecard's rows say how much was replayed, which is what differs from the first run
    const rows = second.scorecard?.rows.filter((r) => r.seat === seatFor(w).name) ?? [];
    const turnsOf = (sc: Scorecard | null) =>
      (sc?.trials ?? [])
        .filter((t) => t.seat === seatFor(w).name)
        .reduce((a, t) => a + t.score.counts.turns, 0);
    expect(rows.reduce((a, r) => a + (r.replayed?.turns ?? 0), 0)).toBe(turnsOf(second.scorecard));
    // the first run replayed nothing: each trial (gate set × repetition) keeps answers of its own
    expect(first.scorecard?.rows.some((r) => r.replayed)).toBe(false);
    expect(calls).toBe(turnsOf(first.scorecard));

    // neither the cache nor either run folder holds any piece of the key
    const key = FAKE_KEYS[seatFor(w).auth?.apiKeyEnv ?? ''];
    for (const dir of [cacheDir, first.dir as string, second.dir as string])
      for (const [p, text] of filesUnder(dir))
        expect({ p, has: text.includes(key.slice(4, 14)) }).toEqual({ p, has: false });
  });
});

describe('--cache-only', () => {
  const w = WIRES.find((x) => x.provider === 'openai-chat') as Wire;

  it('with an empty cache makes no HTTP call and fails every trial unscored naming the missing key', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const cacheDir = tmp();
    const r = await runBench(runOpts(w, { cache: { cacheOnly: true, cacheDir } }));
    expect(bodies).toHaveLength(0);
    const trials = r.scorecard?.trials.filter((t) => t.seat === 't-openai-chat') ?? [];
    expect(trials).toHaveLength(4);
    for (const t of trials) {
      expect(t.score.verdict).toBe('unscored');
      expect(t.score.unscoredReason).toMatch(
        new RegExp(
          `turn [0-9a-f]{64} is not in the turn cache \\(cache-only: no provider call is made\\); looked in ${cacheDir}/[0-9a-f]{64}\\.json`,
        ),
      );
    }
  });

  it("is also the config's `cache: {mode: only}`: a keyless seat then runs, and its turns miss", async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    vi.unstubAllEnvs();
    vi.stubEnv('OPENAI_API_KEY', '');
    const o = runOpts(w, { env: {} });
    const inputs = o.inputs as NonNullable<RunBenchOptions['inputs']>;
    const config = { ...inputs.config, cache: { mode: 'only' as const, dir: tmp() } };
    const r = await runBench({ ...o, inputs: { ...inputs, config } });
    expect(bodies).toHaveLength(0);
    expect(r.skipped).toEqual([]);
    const trials = r.scorecard?.trials.filter((t) => t.seat === 't-openai-chat') ?? [];
    expect(trials.map((t) => t.score.verdict)).toEqual(['unscored', 'unscored', 'unscored', 'unscored']);
  });

  it('needs no key: a seat whose key variable is unset runs from the cache instead of being skipped', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const cacheDir = tmp();
    const first = await runBench(runOpts(w, { cache: { cache: true, cacheDir } }));
    const calls = bodies.length;
    vi.unstubAllEnvs();
    vi.stubEnv('OPENAI_API_KEY', '');
    const offline = await runBench(runOpts(w, { env: {}, cache: { cacheOnly: true, cacheDir } }));
    expect(bodies.length).toBe(calls);
    expect(offline.skipped).toEqual([]);
    expect(comparable(offline.scorecard)).toEqual(comparable(first.scorecard));
  });
});

describe('a golden and its twin', () => {
  const w = WIRES.find((x) => x.provider === 'openai-chat') as Wire;

  // the twin has the golden's prompt, alert and clock, so both trials open with the same request:
  // only the golden in the key keeps one's answer from being replayed for the other
  it.each([false, true])('keep answers of their own (contended: %s)', async (contended) => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const cacheDir = tmp();
    const o = runOpts(w, { cache: { cache: true, cacheDir } });
    const inputs = o.inputs as NonNullable<RunBenchOptions['inputs']>;
    const config = {
      ...inputs.config,
      twins: ['logs-failed' as const],
      repetitions: 1,
      defaultGateSets: ['none'],
      contended,
    };
    const r = await runBench({ ...o, inputs: { ...inputs, config } });
    const trials = r.scorecard?.trials.filter((t) => t.seat === seatFor(w).name) ?? [];
    expect(new Set(trials.map((t) => t.golden)).size).toBe(2);
    const firstTurn = (dir: string) =>
      JSON.parse(readFileSync(join(r.dir as string, dir, 'turns.jsonl'), 'utf8').split('\n')[0]) as {
        key: string;
      };
    const [a, b] = trials.map((t) => firstTurn(t.dir).key);
    expect(a).not.toBe(b);
    // nothing was replayed within the run: every turn was asked, and stored under a key of its own
    expect(r.scorecard?.rows.some((x) => x.replayed)).toBe(false);
    const turns = trials.reduce((n, t) => n + t.score.counts.turns, 0);
    expect(bodies.length).toBe(turns);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.json'))).toHaveLength(turns);
  });
});

describe('contended mode', () => {
  const w = WIRES.find((x) => x.provider === 'gemini') as Wire;

  it('hands the cache to a real seat in a contended group too', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const cacheDir = tmp();
    const opts = (cache: RunBenchOptions['cache']) => {
      const o = runOpts(w, { cache });
      const inputs = o.inputs as NonNullable<RunBenchOptions['inputs']>;
      return { ...o, inputs: { ...inputs, config: { ...inputs.config, contended: true } } };
    };
    const first = await runBench(opts({ cache: true, cacheDir }));
    const calls = bodies.length;
    expect(calls).toBeGreaterThan(0);
    const second = await runBench(opts({ cacheOnly: true, cacheDir }));
    expect(bodies.length).toBe(calls);
    expect(comparable(second.scorecard)).toEqual(comparable(first.scorecard));
  });
});

describe('bench replay', () => {
  const w = WIRES.find((x) => x.provider === 'anthropic') as Wire;

  /** A config, golden and seat on disk: a replay reads them back from run.json's paths. */
  function inputsOnDisk(): string {
    const dir = tmp();
    mkdirSync(join(dir, 'seats'));
    writeFileSync(
      join(dir, 'seats', 't-anthropic.yaml'),
      'name: t-anthropic\nprovider: anthropic\nmodel: test-model\nshape: react\nparams: {retryBaseMs: 1}\n' +
        'budget: {turns: 12, toolCalls: 20, tokens: 200000, wallSeconds: 120}\n' +
        'auth: {apiKeyEnv: ANTHROPIC_API_KEY}\npricing: {inputPerMTok: 1, outputPerMTok: 4}\n',
    );
    // a seat whose key is never set: the recording skips it, and so does the replay
    writeFileSync(
      join(dir, 'seats', 't-nokey.yaml'),
      'name: t-nokey\nprovider: openai-chat\nmodel: test-model\nshape: react\n' +
        'budget: {turns: 12, toolCalls: 20, tokens: 200000, wallSeconds: 120}\nauth: {apiKeyEnv: REMATCH_UNSET_KEY}\n',
    );
    const config = join(dir, 'bench.config.yaml');
    writeFileSync(
      config,
      `goldens: [${JSON.stringify(writeTinyGolden())}]\nseats: [${JSON.stringify(join(dir, 'seats'))}]\n` +
        'repetitions: 2\nconcurrency: 1\ndefaultGateSets: [none, all]\nceiling: false\n',
    );
    return config;
  }

  it('re-runs a recorded run (no cache) offline, without keys, into an identical scorecard', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const config = inputsOnDisk();
    const recorded = await runBench({
      config,
      seats: ['t-anthropic', 't-nokey'],
      out: tmp(),
      stdout: quiet,
      stderr: quiet,
      tty: false,
    });
    const calls = bodies.length;
    expect(calls).toBeGreaterThan(0);
    vi.unstubAllEnvs();
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    const out = tmp();
    const replayed = await replayRun({
      dir: recorded.dir as string,
      out,
      stdout: quiet,
      stderr: quiet,
      tty: false,
      env: {},
    });
    expect(bodies.length).toBe(calls);
    const file = (d: string) => JSON.parse(readFileSync(join(d, 'scorecard.json'), 'utf8')) as Scorecard;
    expect(comparable(file(out))).toEqual(comparable(file(recorded.dir as string)));
    const ours = file(out).trials.filter((t) => t.seat === 't-anthropic');
    expect(ours.map((t) => t.score.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
    // every turn of the replay is a replayed one, and the replay records its turns in turn
    expect(replayed.dir).toBe(out);
    expect(file(out).skipped).toEqual([{ seat: 't-nokey', reason: '$REMATCH_UNSET_KEY is not set' }]);
    for (const t of ours) expect(t.score.replayed?.turns).toBe(t.score.counts.turns);
    expect(filesUnder(out).filter(([p]) => p.endsWith('turns.jsonl'))).toHaveLength(4);
  });

  it('refuses a run folder whose inputs changed since it was recorded', async () => {
    playModel(server, w, (text) => investigatorStep(text));
    const config = inputsOnDisk();
    const recorded = await runBench({
      config,
      seats: ['t-anthropic'],
      out: tmp(),
      stdout: quiet,
      stderr: quiet,
      tty: false,
    });
    writeFileSync(config, `${readFileSync(config, 'utf8')}seed: 9\n`);
    await expect(
      replayRun({ dir: recorded.dir as string, out: tmp(), stdout: quiet, stderr: quiet, tty: false }),
    ).rejects.toThrow(
      /bench replay .*: the inputs changed since the run was recorded:\n {2}config .*bench\.config\.yaml changed since the run started \(seed\)/,
    );
  });
});
