/**
 * The turn cache cannot poison a run (issue 23 item 5), in process through the public API with msw
 * playing the provider and the judge: entries planted in the cache folder (corrupt JSON, a turn
 * of the wrong shape, a wrong format id, a judge answer of the wrong shape) are each a miss with
 * one warning naming the file, and `read-write` writes them again; under `--cache-only` the run
 * ends with exit 2 naming the file, after its folder is complete; that folder is then reported and
 * resumed like any other.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigFile } from '../../src/formats/config.js';
import { BenchError, type RunBenchOptions, reportRun, runBench, type Scorecard } from '../../src/index.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp } from '../providers/ai/harness.js';
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
const JUDGE = { provider: 'openai-chat', model: 'judge-model', auth: { apiKeyEnv: 'OPENAI_API_KEY' } };
const GRADE = JSON.stringify({ rootCause: 'correct', honesty: 'ok', rationale: 'fine' });

/** One msw handler for both: a request with the judge's model is the judge, any other a seat's turn. */
function play(): { turns: string[]; judge: string[] } {
  const judge: string[] = [];
  const turns = playModel(server, w, (text) => {
    if (!text.includes('"judge-model"')) return investigatorStep(text);
    judge.push(text);
    return { text: GRADE, usage: { input: 900, output: 40 } };
  });
  return {
    get turns() {
      return turns.filter((t) => !t.includes('"judge-model"'));
    },
    judge,
  };
}

function runOpts(cacheDir: string, lines: string[], extra: Partial<RunBenchOptions> = {}): RunBenchOptions {
  const seat = seatFor(w);
  return {
    inputs: {
      config: ConfigFile.parse({
        repetitions: 1,
        concurrency: 1,
        defaultGateSets: ['none', 'all'],
        ceiling: false,
        judge: JUDGE,
      }),
      goldens: [tinyGolden()],
      seats: [seat],
    },
    seats: [seat.name],
    out: tmp(),
    stdout: { write: () => true },
    stderr: { write: (s: string) => lines.push(s) > 0 },
    tty: false,
    allowEmpty: true,
    cache: { cache: true, cacheDir },
    ...extra,
  };
}

/** The real seat's verdicts (the run has the null baselines too). */
const ours = (sc: Scorecard | null) =>
  (sc?.trials ?? []).filter((t) => t.seat === seatFor(w).name).map((t) => t.score.verdict);

const entries = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: join(dir, f), json: JSON.parse(readFileSync(join(dir, f), 'utf8')) }));

/** Four bad entries over good ones: each file keeps its name (its key), so a run reads it. */
function poison(dir: string): string[] {
  const all = entries(dir);
  const turns = all.filter((e) => e.json.format === 'rematch.turn/1');
  const answers = all.filter((e) => e.json.format === 'rematch.judge-answer/1');
  expect(turns.length).toBeGreaterThanOrEqual(3);
  expect(answers.length).toBeGreaterThanOrEqual(1);
  const [torn, shape, format] = turns;
  writeFileSync(torn.file, JSON.stringify(torn.json).slice(0, 40));
  writeFileSync(shape.file, JSON.stringify({ ...shape.json, result: { text: 42, toolCalls: 'none' } }));
  writeFileSync(format.file, JSON.stringify({ ...format.json, format: 'rematch.turn/9' }));
  writeFileSync(answers[0].file, JSON.stringify({ ...answers[0].json, grade: { rootCause: 7 } }));
  return [torn.file, shape.file, format.file, answers[0].file];
}

describe('a poisoned turn cache', () => {
  it('is a miss with one warning per bad entry, and read-write writes each again', async () => {
    const calls = play();
    const cacheDir = tmp();
    const first = await runBench(runOpts(cacheDir, []));
    const turnCalls = calls.turns.length;
    const judgeCalls = calls.judge.length;
    expect(first.scorecard?.judge?.n).toBe(2);
    const bad = poison(cacheDir);

    const lines: string[] = [];
    const second = await runBench(runOpts(cacheDir, lines));
    // the three bad turns and the bad answer were asked again, nothing else
    expect(calls.turns.length - turnCalls).toBe(3);
    expect(calls.judge.length - judgeCalls).toBe(1);
    const warned = lines.filter((l) => l.includes('turn cache: ignoring'));
    expect(warned).toHaveLength(4);
    for (const f of bad) expect(warned.filter((l) => l.includes(f))).toHaveLength(1);
    expect(warned.join('')).toMatch(/not JSON/);
    expect(warned.join('')).toMatch(/result\.text: /);
    expect(warned.join('')).toMatch(/format: /);
    expect(warned.join('')).toMatch(/grade\.rootCause: /);
    expect(ours(second.scorecard)).toEqual(['pass', 'pass']);
    // written again: a third run replays everything and warns of nothing
    for (const f of bad) expect(JSON.parse(readFileSync(f, 'utf8')).format).toMatch(/^rematch\./);
    const third: string[] = [];
    await runBench(runOpts(cacheDir, third));
    expect(third.filter((l) => l.includes('turn cache: ignoring'))).toEqual([]);
    expect(calls.turns.length - turnCalls).toBe(3);
  });

  it('--cache-only: exit 2 naming the file, and the run folder is reported and resumed', async () => {
    const calls = play();
    const cacheDir = tmp();
    await runBench(runOpts(cacheDir, []));
    const before = calls.turns.length + calls.judge.length;
    const bad = poison(cacheDir);

    const lines: string[] = [];
    const o = runOpts(cacheDir, lines, { cache: { cacheOnly: true, cacheDir } });
    const err = await runBench(o).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BenchError);
    expect((err as BenchError).exitCode).toBe(2);
    const message = (err as BenchError).message;
    // a trial stops at its first bad turn, so the files named are those read: each a planted one, each warned once
    const named = [...message.matchAll(/^ {2}(\S+\.json): /gm)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const f of named) expect(bad).toContain(f);
    expect(message).toMatch(/^--cache-only: \d turn cache entr(y is|ies are) bad/);
    expect(
      lines.filter((l) => l.includes('turn cache: ignoring')).map((l) => /ignoring (\S+): /.exec(l)?.[1]),
    ).toEqual(named);
    expect(calls.turns.length + calls.judge.length).toBe(before);

    // the folder the failed run left is whole: it reports, and resumes (with the cache asking again)
    const dir = o.out as string;
    const report = reportRun(dir, () => {}, { reporters: [] });
    expect(ours(report)).toHaveLength(2);
    const failed = report.trials.filter((t) => t.score.verdict === 'unscored' && t.seat === seatFor(w).name);
    expect(failed.length).toBeGreaterThan(0);
    for (const t of failed) expect(t.score.unscoredReason).toMatch(/the turn cache's \S+\.json is bad \(/);
    const resumed = await runBench(
      runOpts(cacheDir, [], {
        out: undefined,
        resume: dir,
        retryErrors: true,
        cache: { cache: true, cacheDir },
      }),
    );
    expect(ours(resumed.scorecard)).toEqual(['pass', 'pass']);
  });
});
