/**
 * The turn cache through the built CLI against a real local OpenAI-compatible server (msw cannot
 * reach into a child process): in CI (CI=true) `bench run` caches real seats' turns by default
 * under <outDir>/.cache/turns, so a second run asks the server nothing; outside CI, with
 * --no-cache, or with `cache: {mode: off}` in the config it asks again; `bench replay` of a run
 * asks nothing and needs no key; `bench trial --cache-only` over an empty cache fails naming the key.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scorecard } from '../../src/index.js';
import { track } from '../children.js';
import { FAKE_KEYS, tmp } from '../providers/ai/harness.js';
import { investigatorStep } from '../providers/ai/scripted.js';
import { WIRES } from '../providers/ai/wire.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');

let server: Server;
let url = '';
let requests = 0;

beforeAll(async () => {
  const compat = WIRES.find((w) => w.provider === 'openai-compatible');
  const body = (req: IncomingMessage): Promise<string> =>
    new Promise((ok) => {
      let s = '';
      req.on('data', (c: Buffer) => {
        s += c.toString('utf8');
      });
      req.on('end', () => ok(s));
    });
  server = createServer(async (req, res) => {
    requests += 1;
    const text = await body(req);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(compat?.body(investigatorStep(text), 'local-model')));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => server.close());

function cli(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; out: string }> {
  return new Promise((ok) => {
    const child = track(spawn(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], { cwd, env }));
    let out = '';
    const add = (c: Buffer) => {
      out += c.toString('utf8');
    };
    child.stdout.on('data', add);
    child.stderr.on('data', add);
    child.on('close', (status) => ok({ status, out }));
  });
}

function project(extraConfig = ''): string {
  const cwd = tmp();
  mkdirSync(join(cwd, 'seats'));
  writeFileSync(
    join(cwd, 'seats', 'compat.yaml'),
    [
      'name: compat',
      'provider: openai-compatible',
      'model: local-model',
      `baseURL: ${url}`,
      'params: {retryBaseMs: 1}',
      'budget: {turns: 10, toolCalls: 20, tokens: 100000, wallSeconds: 60}',
      'auth: {apiKeyEnv: LOCAL_LLM_KEY}',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(cwd, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(writeTinyGolden())}]\nseats: [seats]\nrepetitions: 1\ndefaultGateSets: [none, all]\nceiling: false\n${extraConfig}`,
  );
  return cwd;
}

const env = (over: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NO_COLOR: '1',
  CI: '',
  ...FAKE_KEYS,
  ...over,
});

/** scorecard.json without real time and the run's identity (docs/reports.md#replaying-a-run). */
function scorecard(dir: string): unknown {
  const sc = JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8')) as Scorecard;
  const drop = ['meta', 'wall', 'wallP50Ms', 'timing', 'replayed'];
  return JSON.parse(JSON.stringify(sc, (k, v: unknown) => (drop.includes(k) ? undefined : v)));
}

describe('the turn cache through the CLI', () => {
  it('is on by default in CI, off outside it or with --no-cache, and bench replay asks nothing', async () => {
    const cwd = project();
    const ci = env({ CI: 'true' });
    const first = await cli(['run', '--seat', 'compat', '--out', 'out1'], cwd, ci);
    expect(first.status).toBe(0);
    const calls = requests;
    expect(calls).toBeGreaterThan(0);
    const cacheDir = join(cwd, 'reports', '.cache', 'turns');
    expect(first.out).toContain(`turn cache: read-write at ${cacheDir}`);
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);

    const second = await cli(['run', '--seat', 'compat', '--out', 'out2'], cwd, ci);
    expect(second.status).toBe(0);
    expect(requests).toBe(calls);
    expect(scorecard(join(cwd, 'out2'))).toEqual(scorecard(join(cwd, 'out1')));

    expect((await cli(['run', '--seat', 'compat', '--out', 'out3', '--no-cache'], cwd, ci)).status).toBe(0);
    expect(requests).toBeGreaterThan(calls);
    const afterNoCache = requests;
    const outside = await cli(['run', '--seat', 'compat', '--out', 'out4'], cwd, env({}));
    expect(outside.out).not.toContain('turn cache:');
    expect(requests).toBeGreaterThan(afterNoCache);

    const before = requests;
    const replay = await cli(['replay', 'out3', '--out', 'out5'], cwd, env({ LOCAL_LLM_KEY: '' }));
    expect(replay.status).toBe(0);
    expect(replay.out).toContain('replaying recorded turns');
    expect(requests).toBe(before);
    expect(scorecard(join(cwd, 'out5'))).toEqual(scorecard(join(cwd, 'out3')));
  }, 120_000);

  it('the config can turn the CI default off', async () => {
    const cwd = project('cache: {mode: off}\n');
    const ci = env({ CI: 'true' });
    await cli(['run', '--seat', 'compat', '--out', 'a'], cwd, ci);
    const calls = requests;
    await cli(['run', '--seat', 'compat', '--out', 'b'], cwd, ci);
    expect(requests - calls).toBeGreaterThan(0);
  }, 60_000);

  it("a config's cache.dir is relative to the config file's folder", async () => {
    const cwd = project();
    mkdirSync(join(cwd, 'sub'));
    writeFileSync(
      join(cwd, 'sub', 'bench.config.yaml'),
      `${readFileSync(join(cwd, 'bench.config.yaml'), 'utf8').replace('seats: [seats]', 'seats: [../seats]')}cache: {mode: read-write, dir: turns}\n`,
    );
    const r = await cli(
      ['run', '-c', 'sub/bench.config.yaml', '--seat', 'compat', '--out', 'o'],
      cwd,
      env({}),
    );
    expect(r.status).toBe(0);
    expect(r.out).toContain(`turn cache: read-write at ${join(cwd, 'sub', 'turns')}`);
    expect(readdirSync(join(cwd, 'sub', 'turns')).length).toBeGreaterThan(0);
  }, 60_000);

  it.each([
    [['--no-cache', '--cache-only'], '--no-cache and --cache-only'],
    [['--cache', '--cache-only'], '--cache and --cache-only'],
    [['--cache', '--no-cache'], '--cache and --no-cache'],
  ])(
    'contradicting cache flags %j exit 2 before anything runs',
    async (flags, named) => {
      const cwd = project();
      const before = requests;
      const r = await cli(['run', '--seat', 'compat', '--out', 'o', ...flags], cwd, env({}));
      expect(r.status).toBe(2);
      expect(r.out).toContain(`${named} contradict each other`);
      expect(requests).toBe(before);
      const t = await cli(['trial', '--golden', 'tiny-checkout', '--seat', 'compat', ...flags], cwd, env({}));
      expect(t.status).toBe(2);
      expect(t.out).toContain(`${named} contradict each other`);
    },
    60_000,
  );

  it('bench trial --cache-only over an empty cache fails the trial unscored, naming the key', async () => {
    const cwd = project();
    const before = requests;
    const r = await cli(
      [
        'trial',
        '--golden',
        'tiny-checkout',
        '--seat',
        'compat',
        '--cache-only',
        '--cache-dir',
        'empty',
        '--out',
        't',
      ],
      cwd,
      env({ LOCAL_LLM_KEY: '' }),
    );
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      /turn [0-9a-f]{64} is not in the turn cache \(cache-only: no provider call is made\); looked in .*empty\/[0-9a-f]{64}\.json/,
    );
    expect(requests).toBe(before);
  }, 60_000);
});
