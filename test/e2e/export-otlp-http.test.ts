/**
 * `bench export otlp --endpoint` against an OTLP/HTTP receiver on loopback in this test (node:http
 * on 127.0.0.1): it receives the same requests the file holds, POSTed to /v1/traces as JSON, after
 * the 429 and 503 it answers first (retried, as the OTLP spec says); a 400 is final; an endpoint
 * nobody listens on is exit 1 naming the URL. The CLI runs as a child process, so the receiver in
 * this process keeps answering while it runs.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { track } from '../children.js';
import { bench } from '../formats/helpers.js';
import { makeRunFolder, ROOT } from './otlp-run.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

let run = '';
let lines: string[] = [];
let server: Server | undefined;

/** A receiver answering from `script` in turn (then 200 `{}`), recording every request. */
async function receiver(script: Answer[]): Promise<{ url: string; got: Received[] }> {
  const got: Received[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const a = script.shift() ?? { status: 200, body: '{}' };
      const body = Buffer.concat(chunks).toString('utf8');
      got.push({ method: req.method!, url: req.url!, headers: req.headers, body, status: a.status });
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got };
}

function benchAsync(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = track(
      spawn(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1' },
      }),
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => done({ status, stderr }));
  });
}

beforeAll(() => {
  run = makeRunFolder();
  const out = join(run, '..', 'otlp.jsonl');
  expect(bench(['export', 'otlp', run, '--out', out], ROOT).status).toBe(0);
  lines = readFileSync(out, 'utf8').trim().split('\n');
});

afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

describe('bench export otlp --endpoint', () => {
  it('POSTs each trial to /v1/traces as JSON, retrying a 429 and a 503; the receiver gets the file', async () => {
    const partial = JSON.stringify({ partialSuccess: { rejectedSpans: '2', errorMessage: 'spans too old' } });
    const { url, got } = await receiver([
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 503 },
      { status: 200, body: partial },
    ]);
    const token = 'Bearer otlp-test-token-123456';
    const r = await benchAsync([
      'export',
      'otlp',
      run,
      '--endpoint',
      url,
      '--header',
      `authorization=${token}`,
    ]);
    expect(r.stderr).toContain(`sent 5 trials`);
    expect(r.stderr).toContain(`to ${url}/v1/traces; the endpoint rejected 2 spans`);
    expect(r.stderr).toContain('spans too old');
    expect(r.stderr).not.toContain('otlp-test-token');
    expect(r.status).toBe(0);
    expect(got.map((g) => g.status)).toEqual([429, 503, 200, 200, 200, 200, 200]);
    for (const g of got) {
      expect([g.method, g.url, g.headers['content-type']]).toEqual([
        'POST',
        '/v1/traces',
        'application/json',
      ]);
      expect(g.headers.authorization).toBe(token);
    }
    // the retried request is sent again whole; what was accepted is the file, line for line
    expect(got[0].body).toBe(lines[0]);
    expect(got.filter((g) => g.status === 200).map((g) => g.body)).toEqual(lines);
  });

  it('stops at a 400 (not retryable): exit 1 naming the URL, the token masked', async () => {
    const token = 'sk-otlpsecretsecret1234567';
    const { url, got } = await receiver([{ status: 400, body: `{"message":"bad key ${token}"}` }]);
    const r = await benchAsync([
      'export',
      'otlp',
      run,
      '--endpoint',
      `${url}/v1/traces`,
      '--header',
      `x-api-key=${token}`,
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`export otlp: ${url}/v1/traces: HTTP 400`);
    expect(r.stderr).not.toContain(token);
    expect(got).toHaveLength(1);
  });

  it('names the URL when nothing listens there, after retrying (exit 1)', async () => {
    const { url } = await receiver([]);
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    const r = await benchAsync(['export', 'otlp', run, '--endpoint', url]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`export otlp: ${url}/v1/traces: unreachable .*gave up after 4 attempts`),
    );
  });

  it('sends a curl-style "Name: value" header; a malformed one is exit 2 naming its position, never its value', async () => {
    const secret = 'hcaik_01SECRETsecret0123456789';
    // a receiver whose partial-success message echoes the key: masked on stderr too
    const echo = JSON.stringify({
      partialSuccess: { rejectedSpans: '1', errorMessage: `team ${secret} over quota` },
    });
    const { url, got } = await receiver([{ status: 200, body: echo }]);
    const ok = await benchAsync([
      'export',
      'otlp',
      run,
      '--endpoint',
      url,
      '--header',
      `x-honeycomb-team: ${secret}`,
    ]);
    expect(ok.status).toBe(0);
    expect(ok.stderr).not.toContain(secret);
    expect(got.length).toBe(lines.length);
    for (const g of got) expect(g.headers['x-honeycomb-team']).toBe(secret);
    for (const bad of [secret, `x honeycomb: ${secret}`, `x-team=${secret}\nmore`, 'x-team=']) {
      const r = await benchAsync([
        'export',
        'otlp',
        run,
        '--endpoint',
        url,
        '--header',
        'a=b',
        '--header',
        bad,
      ]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toContain('--header #2');
      expect(r.stderr).not.toContain('SECRET');
    }
    expect(got.length).toBe(lines.length);
  });

  it('refuses credentials in the endpoint URL at once (exit 2), without printing them or trying to send', async () => {
    const { url, got } = await receiver([]);
    const withCreds = url.replace('http://', 'http://user:tokSECRET123@');
    const r = await benchAsync(['export', 'otlp', run, '--endpoint', withCreds]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/credentials in the URL/);
    expect(r.stderr).not.toContain('tokSECRET123');
    expect(r.stderr).not.toContain('user:tok');
    expect(r.stderr).not.toMatch(/unreachable|attempts/);
    expect(got).toHaveLength(0);
  });
});
