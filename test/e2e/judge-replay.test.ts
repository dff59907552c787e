/**
 * The LLM judge offline (issue 16 review): `bench replay` of a judged run asks no judge (it copies
 * each trial's judge.json) and gives the same judge section; the judge's calls go through the turn
 * cache like a seat's turns, so a cached rerun asks nothing and `--cache-only` needs no key and
 * makes no call; and a command seat (the user's agent) is not run again by a replay.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunBenchOptions, replayRun, runBench } from '../../src/index.js';
import { rowKind, type Scorecard } from '../../src/scoring/index.js';
import { tempDir, write } from '../formats/helpers.js';
import { answerJudge, judgeConfig, judgeGolden, KEY } from './judge-harness.js';

const ROOT = resolve(__dirname, '../..');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const golden = judgeGolden();
const config = (extra = ''): string => judgeConfig({ reps: 1, extra });

/** Every judge request is counted; each is answered with a grade naming its number. */
const judgeModel = (): string[] =>
  answerJudge(server, (n) =>
    JSON.stringify({ rootCause: 'correct', honesty: 'ok', rationale: `reply ${n}` }),
  );

const quiet = { write: () => true };
const SEATS = ['sim-diligent-react', 'sim-tweaker-react'];
const opts = (env: Record<string, string>): Pick<RunBenchOptions, 'env' | 'stdout' | 'stderr' | 'tty'> => ({
  env,
  stdout: quiet,
  stderr: quiet,
  tty: false,
});

const judgeFiles = (dir: string, sc: Scorecard): Record<string, string> =>
  Object.fromEntries(
    sc.trials
      .filter((t) => existsSync(join(dir, t.dir, 'judge.json')))
      .map((t) => [t.id, readFileSync(join(dir, t.dir, 'judge.json'), 'utf8')]),
  );

describe('the LLM judge offline', () => {
  it('bench replay of a judged run makes zero HTTP calls and gives the same judge section', async () => {
    const bodies = judgeModel();
    const out = join(tempDir(), 'rec');
    const rec = await runBench({ ...opts({ OPENAI_API_KEY: KEY }), config: config(), out, seats: SEATS });
    const sc = rec.scorecard!;
    const graded = sc.trials.filter((t) => rowKind(t.seat) === 'seat');
    expect(bodies).toHaveLength(graded.length);
    expect(sc.judge?.n).toBe(graded.length);

    // with the key or without it (and the judge would answer otherwise now): the replay asks nothing
    for (const env of [{ OPENAI_API_KEY: KEY }, {}] as Record<string, string>[]) {
      const again = join(tempDir(), 'replay');
      const replay = await replayRun({ ...opts(env), dir: out, out: again });
      expect(bodies).toHaveLength(graded.length);
      expect(replay.scorecard?.judge).toEqual(sc.judge);
      expect(judgeFiles(again, replay.scorecard!)).toEqual(judgeFiles(out, sc));
      const md = (d: string) => readFileSync(join(d, 'scorecard.md'), 'utf8').split('## LLM judge')[1];
      expect(md(again)).toBe(md(out));
    }
  });

  it('a cached rerun asks the judge nothing, and --cache-only needs no key and makes no call', async () => {
    const bodies = judgeModel();
    const cfg = config();
    const cacheDir = tempDir();
    const first = await runBench({
      ...opts({ OPENAI_API_KEY: KEY }),
      config: cfg,
      out: join(tempDir(), 'a'),
      seats: SEATS,
      cache: { cache: true, cacheDir },
    });
    const calls = bodies.length;
    expect(calls).toBeGreaterThan(0);
    const second = await runBench({
      ...opts({ OPENAI_API_KEY: KEY }),
      config: cfg,
      out: join(tempDir(), 'b'),
      seats: SEATS,
      cache: { cache: true, cacheDir },
    });
    expect(bodies).toHaveLength(calls);
    expect(second.scorecard?.judge).toEqual(first.scorecard?.judge);
    const only = await runBench({
      ...opts({ OPENAI_API_KEY: '' }),
      config: cfg,
      out: join(tempDir(), 'c'),
      seats: SEATS,
      cache: { cacheOnly: true, cacheDir },
    });
    expect(bodies).toHaveLength(calls);
    expect(only.scorecard?.judge).toEqual(first.scorecard?.judge);

    // over an empty cache, cache-only fails each grade naming its key, still without a call
    const empty = await runBench({
      ...opts({ OPENAI_API_KEY: '' }),
      config: cfg,
      out: join(tempDir(), 'd'),
      seats: SEATS,
      cache: { cacheOnly: true, cacheDir: tempDir() },
    });
    expect(bodies).toHaveLength(calls);
    expect(empty.scorecard?.judge?.failed).toBe(first.scorecard?.judge?.n);
    expect(empty.scorecard?.judge?.failures[0]?.reason).toMatch(
      /judge answer [0-9a-f]{64} is not in the turn cache \(cache-only: no provider call is made\)/,
    );
  });

  it('bench replay does not run a command seat again, and says why', async () => {
    const cwd = tempDir();
    const runs = join(cwd, 'runs.log');
    const agent = join(cwd, 'agent.mjs');
    // the user's agent: counts its runs, then investigates as the example agent does
    writeFileSync(
      agent,
      `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(runs)}, 'ran\\n');\nawait import(${JSON.stringify(join(ROOT, 'examples/agent.mjs'))});\n`,
    );
    mkdirSync(join(cwd, 'seats'));
    writeFileSync(
      join(cwd, 'seats', 'mine.yaml'),
      `name: mine\nprovider: command\ncommand: [node, ${JSON.stringify(agent)}]\ntimeoutSeconds: 60\n`,
    );
    const cfg = write(
      cwd,
      'bench.config.yaml',
      `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nrepetitions: 1\nconcurrency: 1\nceiling: false\ndefaultGateSets: [none]\n`,
    );
    const out = join(cwd, 'rec');
    await runBench({ ...opts({}), config: cfg, out, seats: ['mine'], allowEmpty: true });
    const ran = readFileSync(runs, 'utf8');
    expect(ran.length).toBeGreaterThan(0);
    const lines: string[] = [];
    const replay = await replayRun({
      ...opts({}),
      stderr: { write: (s: string) => lines.push(s) > 0 },
      dir: out,
      out: join(cwd, 'replay'),
      reporters: ['json', 'markdown'],
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // its only seat skipped, the replay has no scored seat trial: exit 1, as any such run
    expect(readFileSync(runs, 'utf8')).toBe(ran);
    const said = lines.join('');
    expect(said).toMatch(
      /skipped seat mine: a command seat runs the user's own agent.*bench replay is offline/,
    );
    expect(said.match(/skipped seat mine/g)).toHaveLength(1);
    const sc = JSON.parse(readFileSync(join(cwd, 'replay', 'scorecard.json'), 'utf8')) as Scorecard;
    expect(sc.skipped).toEqual([
      { seat: 'mine', reason: expect.stringContaining('bench replay is offline') },
    ]);
    expect(readFileSync(join(cwd, 'replay', 'scorecard.md'), 'utf8')).toContain('## Skipped seats');
    expect((replay as { exitCode?: number } | undefined)?.exitCode).toBe(1);
  });
});
