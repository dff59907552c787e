/**
 * DNS-rebinding protection of `bench mcp --http`, with raw HTTP requests (node:http, which can
 * forge Host and Origin as a rebinding attacker's browser would send them): Host must be this
 * server's loopback address and port, Origin absent or a loopback origin on the same port.
 */
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { startMcpHttp } from '../../src/mcp/serve.js';
import { buildWorld } from '../../src/world/build.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';

const golden = loadGolden(writeTinyGolden({ latencyMs: 0 }));

function post(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d.toString('utf8');
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', fail);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
}

describe('bench mcp --http: Host and Origin', async () => {
  const { backend } = createBackendStack(golden, buildWorld(golden), {
    faults: true,
    clock: new RealClock(),
    seed: 1,
  });
  const mcp = await startMcpHttp(backend, golden);
  const port = new URL(mcp.url).port;
  afterAll(() => mcp.close());

  it('answers a loopback Host with no Origin, or with a loopback Origin on its port', async () => {
    for (const headers of <Record<string, string>[]>[
      { host: `127.0.0.1:${port}` },
      { host: `localhost:${port}` },
      { host: `[::1]:${port}` },
      { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` },
      { host: `localhost:${port}`, origin: `http://localhost:${port}` },
    ]) {
      const r = await post(mcp.url, headers);
      expect({ headers, status: r.status }).toEqual({ headers, status: 200 });
      expect(r.body).toContain('query_prometheus');
    }
  });

  it('refuses a foreign Origin with 403, even with a good Host', async () => {
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      `https://127.0.0.1:${port}`,
      'null',
    ]) {
      const r = await post(mcp.url, { host: `127.0.0.1:${port}`, origin });
      expect({ origin, status: r.status }).toEqual({ origin, status: 403 });
      expect(r.body).not.toContain('query_prometheus');
    }
  });

  it('refuses a foreign or mismatched Host with 403', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${Number(port) + 1}`,
      '127.0.0.1',
    ]) {
      const r = await post(mcp.url, { host });
      expect({ host, status: r.status }).toEqual({ host, status: 403 });
    }
  });
});
