/** Start a real backend stack over HTTP on 127.0.0.1 for a test, and fetch helpers. */
import { afterAll } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { makeGolden, makeWorld } from './fixtures.js';

export async function serveTest(extra: Record<string, unknown> = {}, faults = true) {
  const golden = makeGolden({ capacity: { prometheus: { latency: 0 }, loki: { latency: 0 } }, ...extra });
  const { backend, queryLog } = createBackendStack(golden, makeWorld(), {
    faults,
    clock: new RealClock(),
    seed: 1,
  });
  const server = await startHttpServer(backend, { port: 0 });
  afterAll(() => server.close());
  const get = async (path: string, q: Record<string, string | string[]> = {}) => {
    const u = new URL(path, server.url);
    for (const [k, v] of Object.entries(q))
      for (const x of Array.isArray(v) ? v : [v]) u.searchParams.append(k, x);
    const r = await fetch(u);
    return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
  };
  const post = async (path: string, form: Record<string, string>) => {
    const r = await fetch(new URL(path, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
  };
  return { server, queryLog, get, post };
}

/** Unix seconds as Prometheus takes them. */
export const sec = (iso: string) => String(Date.parse(iso) / 1000);
