/**
 * API keys never reach a report or the terminal. Fake keys are planted in the environment; trials
 * run (one per seat passing, one per seat failing with a provider error body that echoes the key and
 * the auth headers back); then every file under the run folder and everything printed is searched
 * for any 8-character piece of any key. In process through runBench with msw for all six providers,
 * and through the built CLI against a real local OpenAI-compatible server (msw cannot reach into a
 * child process).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBench } from '../../src/commands/run/index.js';
import { ConfigFile } from '../../src/formats/config.js';
import { track } from '../children.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp } from '../providers/ai/harness.js';
import { investigatorStep } from '../providers/ai/scripted.js';
import { WIRES } from '../providers/ai/wire.js';
import { filesUnder } from './files-under.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');

/** Any 8-character window of any planted key found in `text`: [which key, the piece]. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const [name, key] of Object.entries(FAKE_KEYS))
    for (let i = 0; i + 8 <= key.length; i++) {
      const piece = key.slice(i, i + 8);
      if (text.includes(piece)) found.push(`${name}:${piece}`);
    }
  return found;
}

/**
 * A provider error (in the provider's own error shape, so the SDK reads its message) that echoes
 * the key and every auth header it was sent, as some gateways do. The key's first occurrence
 * straddles character 500 of the JSON body, where the adapter cuts its excerpt of the body: a cut
 * through the key must not leave a fragment behind.
 */
function echoingError(provider: string, key: string, headers: (name: string) => string | null): unknown {
  const sent = ['authorization', 'x-api-key', 'x-goog-api-key']
    .map((h) => `${h}: ${headers(h) ?? '-'}`)
    .join('; ');
  const wrap = (message: string) =>
    provider === 'anthropic'
      ? { type: 'error', error: { message, type: 'authentication_error' } }
      : provider === 'gemini'
        ? { error: { message, code: 500, status: 'INTERNAL' } }
        : { error: { message, type: 'invalid_request_error', code: 'invalid_api_key' } };
  const at = JSON.stringify(wrap('@')).indexOf('@');
  const filler = 'x'.repeat(500 - at - 10);
  return wrap(`${filler}${key} Incorrect API key provided: ${key}. Request headers were ${sent}.`);
}

describe('no key in reports or output (in process, all providers)', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.unstubAllEnvs();
  });
  afterAll(() => server.close());

  it('runs passing and failing trials for six seats and finds no piece of any key', async () => {
    for (const [k, v] of Object.entries(FAKE_KEYS)) vi.stubEnv(k, v);
    const seats = WIRES.map((w) => seatFor(w, { retryAttempts: 2 }));
    WIRES.forEach((w, i) => {
      const key = FAKE_KEYS[seats[i].auth?.apiKeyEnv ?? ''];
      // Each seat's first trial (three turns) passes; its second gets a 500 echoing the key.
      playModel(server, w, (text, n, headers) =>
        n <= 3
          ? investigatorStep(text)
          : {
              status: 500,
              body: echoingError(w.provider, key, (h) => headers.get(h)),
              headers: { 'x-echo-key': key },
            },
      );
    });
    const out = tmp();
    let printed = '';
    const sink = { write: (s: string) => Boolean((printed += s)) };
    const r = await runBench({
      inputs: {
        // no ceiling trial: the files counted below are the seats'
        config: ConfigFile.parse({
          repetitions: 2,
          concurrency: 1,
          defaultGateSets: ['none'],
          ceiling: false,
        }),
        goldens: [tinyGolden()],
        seats,
      },
      seats: seats.map((s) => s.name),
      out,
      stdout: sink,
      stderr: sink,
      tty: false,
    });
    const rows = r.scorecard?.rows.filter((x) => x.seat.startsWith('t-')) ?? [];
    expect(rows.map((x) => [x.seat, x.n, x.unscored])).toEqual(seats.map((s) => [s.name, 1, 1]).sort());
    // The failure text is kept (that is what makes a lost trial diagnosable), only the key is gone.
    const lost = r.scorecard?.trials.filter((t) => t.score.verdict === 'unscored') ?? [];
    expect(lost).toHaveLength(6);
    for (const t of lost) expect(t.score.unscoredReason).toMatch(/Incorrect API key provided: \[redacted\]/);

    const files = filesUnder(out);
    expect(files.map(([p]) => p)).toEqual(
      expect.arrayContaining(['journal.jsonl', 'scorecard.json', 'scorecard.md', 'junit.xml', 'walltime.md']),
    );
    expect(files.filter(([p]) => p.endsWith('trace.jsonl'))).toHaveLength(12);
    for (const [p, text] of files) expect({ file: p, leaks: leaks(text) }).toEqual({ file: p, leaks: [] });
    expect(leaks(printed)).toEqual([]);
  });
});

/** The scripted model as a real OpenAI-compatible server; `/bad/` paths answer a 500 echoing the key. */
function startModelServer(): Promise<{ server: Server; url: string; requests: () => number }> {
  let requests = 0;
  const body = (req: IncomingMessage): Promise<string> =>
    new Promise((ok) => {
      let s = '';
      req.on('data', (c: Buffer) => {
        s += c.toString('utf8');
      });
      req.on('end', () => ok(s));
    });
  const server = createServer(async (req, res) => {
    requests += 1;
    const text = await body(req);
    const auth = req.headers.authorization ?? '';
    const key = auth.replace(/^Bearer /, '');
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.url?.startsWith('/bad/')) {
      send(
        500,
        echoingError('openai-compatible', key, (h) =>
          typeof req.headers[h] === 'string' ? String(req.headers[h]) : null,
        ),
      );
      return;
    }
    const compat = WIRES.find((w) => w.provider === 'openai-compatible');
    send(200, compat?.body(investigatorStep(text), 'local-model'));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: () => requests,
      }),
    ),
  );
}

function runCli(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; out: string }> {
  return new Promise((ok) => {
    const child = track(spawn(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], { cwd, env }));
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.on('close', (status) => ok({ status, out }));
  });
}

describe('no key in reports or output (bench run CLI, real local server)', () => {
  it('runs a passing and a failing OpenAI-compatible seat and finds no piece of any key', async () => {
    const model = await startModelServer();
    try {
      const cwd = tmp();
      mkdirSync(join(cwd, 'seats'));
      const seat = (name: string, path: string) =>
        writeFileSync(
          join(cwd, 'seats', `${name}.yaml`),
          [
            `name: ${name}`,
            'provider: openai-compatible',
            'model: local-model',
            `baseURL: ${model.url}/${path}/v1`,
            'params: {retryAttempts: 2, retryBaseMs: 1}',
            'budget: {turns: 10, toolCalls: 20, tokens: 100000, wallSeconds: 60}',
            'auth: {apiKeyEnv: LOCAL_LLM_KEY}',
            '',
          ].join('\n'),
        );
      seat('compat-good', 'good');
      seat('compat-bad', 'bad');
      writeFileSync(
        join(cwd, 'bench.config.yaml'),
        `goldens: [${JSON.stringify(writeTinyGolden())}]\nseats: [seats]\nrepetitions: 1\ndefaultGateSets: [all]\nceiling: false\n`,
      );
      const env = { ...process.env, NO_COLOR: '1', ...FAKE_KEYS };
      const r = await runCli(['run', '--seat', 'compat-good', 'compat-bad', '--out', 'out'], cwd, env);
      expect(r.status).toBe(0);
      // Both seats really ran: three turns for the good one, two attempts for the bad one.
      expect(model.requests()).toBe(5);
      expect(r.out).toMatch(/compat-good.*pass/);
      expect(r.out).toMatch(/compat-bad.*unscored/);
      const files = filesUnder(join(cwd, 'out'));
      expect(files.filter(([p]) => p.endsWith('trace.jsonl'))).toHaveLength(2);
      const badTrace = files.find(([p]) => p.includes('compat-bad') && p.endsWith('trace.jsonl'))?.[1] ?? '';
      expect(badTrace).toContain('Incorrect API key provided: [redacted]');
      for (const [p, text] of files) expect({ file: p, leaks: leaks(text) }).toEqual({ file: p, leaks: [] });
      expect(leaks(r.out)).toEqual([]);
    } finally {
      model.server.close();
    }
  }, 60_000);
});
