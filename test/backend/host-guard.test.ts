/**
 * DNS-rebinding protection of the loopback HTTP backend (`bench serve`, command seats' servers),
 * with raw HTTP requests that forge Host and Origin: a foreign Host or Origin gets 403 and no data;
 * the server's own loopback names pass. Also through the built CLI's `bench serve`.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { stop, track } from '../children.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';

const BIN = resolve(__dirname, '../../bin/bench.js');
const PATH = `/api/v1/query?query=${encodeURIComponent('count(http_requests_total)')}`;

function get(base: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const u = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: PATH, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => {
        body += d.toString('utf8');
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function checkGuard(url: string): Promise<void> {
  const port = new URL(url).port;
  for (const headers of <Record<string, string>[]>[
    { host: `127.0.0.1:${port}` },
    { host: `localhost:${port}` },
    { host: `[::1]:${port}` },
    { host: `LOCALHOST:${port}`, origin: `http://localhost:${port}` },
  ]) {
    const r = await get(url, headers);
    expect({ headers, status: r.status }).toEqual({ headers, status: 200 });
    expect(r.body).toContain('"status":"success"');
  }
  for (const headers of <Record<string, string>[]>[
    { host: 'evil.example' },
    { host: `evil.example:${port}` },
    { host: `127.0.0.1:${Number(port) + 1}` },
    { host: `127.0.0.1:${port}`, origin: 'http://evil.example' },
    { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${Number(port) + 1}` },
  ]) {
    const r = await get(url, headers);
    expect({ headers, status: r.status }).toEqual({ headers, status: 403 });
    expect(r.body).not.toContain('success');
  }
}

describe('loopback HTTP backend: Host and Origin', async () => {
  const golden = loadGolden(writeTinyGolden({ latencyMs: 0 }));
  const { backend } = createBackendStack(golden, buildWorld(golden), {
    faults: false,
    clock: new RealClock(),
    seed: 1,
  });
  const server = await startHttpServer(backend, { golden });
  afterAll(() => server.close());

  it('answers its own loopback names and refuses foreign ones (in process)', () => checkGuard(server.url));

  it('bench serve (built CLI) refuses a rebinding Host', async () => {
    const child = track(
      spawn(process.execPath, [BIN, 'serve', 'checkout-db-pool-logs-failed', '--no-faults'], {
        cwd: resolve(__dirname, '../..'),
      }),
    );
    try {
      let out = '';
      const url = await new Promise<string>((ready, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString('utf8');
          const m = /Prometheus: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m && out.includes('serving until interrupted')) ready(m[1]);
        });
        child.on('exit', () => fail(new Error(`serve exited early: ${out}`)));
      });
      const port = new URL(url).port;
      expect((await get(url, { host: `127.0.0.1:${port}` })).status).toBe(200);
      expect((await get(url, { host: `evil.example:${port}` })).status).toBe(403);
      expect((await get(url, { host: `127.0.0.1:${port}`, origin: 'http://evil.example' })).status).toBe(403);
    } finally {
      await stop(child);
    }
  }, 60_000);
});
