/**
 * Seeded fuzz over HTTP: 10,000 mutated PromQL queries (from the real-world corpus and the
 * conformance scripts in ../shared, or, in a clone without them, from the repo's own goldens:
 * alerts, routes and expectations) to the Prometheus routes, and 10,000 mutated LogQL queries to
 * the Loki routes, of a real server on loopback. No crash, no hang, and every answer is a result
 * or a typed error: Prometheus' JSON error envelope, Loki's plain-text error. With
 * REMATCH_REQUIRE_SHARED=1 (CI) the shared seeds must be there.
 *
 * A hang is a request nothing works on, not a slow one. The server evaluates on this thread (no
 * engine workers), so while a request is outstanding the event loop is either busy (with it or
 * with the other lanes': slow on a loaded machine, never hung) or idle, waiting for nothing that
 * will come. A request outstanding while the loop sat idle for HANG_IDLE_MS in all is hung: it is
 * aborted and named. A wall-clock deadline measured the machine instead: at a load average of 20,
 * parse errors queued behind the lanes' slow subqueries missed a 10 s one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden, loadGoldens } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { missingMessage, requireShared, sharedPath } from '../shared-data.js';
import { mulberry32, mutate } from './mutate.js';

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const LANES = 8;
/** Idle time of the event loop (not wall time) a request may stay unanswered through. */
const HANG_IDLE_MS = 10_000;
const CORPUS = sharedPath('corpus/promql-alert-rules.jsonl');
const PROMQLTEST = sharedPath('promqltest');

function sharedPromSeeds(): string[] {
  const corpus = readFileSync(CORPUS.path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { expr: string }).expr);
  const conformance: string[] = [];
  for (const f of readdirSync(PROMQLTEST.path)) {
    if (!f.endsWith('.test')) continue;
    for (const line of readFileSync(join(PROMQLTEST.path, f), 'utf8').split('\n')) {
      const m = /^eval(?:_\w+)?\s+(?:instant at \S+|range from \S+ to \S+ step \S+)\s+(.+)$/.exec(line);
      if (m) conformance.push(m[1]);
    }
  }
  return [...corpus, ...conformance];
}

/** The repo's own PromQL: every golden's alert, metrics routes and expect queries. */
function goldenPromSeeds(): string[] {
  return loadGoldens(['goldens']).flatMap((g) => [
    g.alert.expr,
    ...[...g.parts.A.measurements, ...g.parts.B.measurements].flatMap((m) =>
      m.source === 'metrics' && m.route ? [m.route] : [],
    ),
    ...g.expect.filter((e) => e.lang !== 'logql').map((e) => e.query),
  ]);
}

function promSeeds(): string[] {
  const missing = [CORPUS, PROMQLTEST].filter((p) => !p.present).map((p) => p.path);
  if (!missing.length) return sharedPromSeeds();
  if (requireShared()) throw new Error(`conformance data not found at ${missing.join(', ')}`);
  for (const path of missing) console.warn(`fuzz: ${missingMessage(path)}; seeding from the repo's goldens`);
  return goldenPromSeeds();
}

const LOGQL_SEEDS = [
  '{app="payments"} |= "pool"',
  '{app="payments", level=~"error|warn"} |~ "(?i)timeout" != "retry"',
  '{app="checkout"} | logfmt | status >= 500 | line_format "{{.status}} {{.msg}}"',
  '{app="checkout"} | json | __error__="" | duration > 250ms',
  'sum by (level) (count_over_time({app="payments"}[5m]))',
  'sum(rate({app="checkout"} |= "payment failed" [1m]))',
  'quantile_over_time(0.99, {app="checkout"} | logfmt | unwrap duration(duration) [5m]) by (route)',
  'topk(3, sum by (app) (bytes_over_time({app=~".+"}[10m])))',
  '{app="payments"} | pattern `<_> level=<level> <_>` | level="error"',
  '{app="payments"} | regexp `pool=(?P<pool>\\w+)` | pool != ""',
];

type Verdict = 'result' | 'typed-error' | 'bad';

/** The event loop's idle milliseconds so far: time in which this thread ran nothing. */
const idleMs = (): number => performance.eventLoopUtilization().idle;

/** Requests outstanding, each with the loop's idle time when it was sent and a way to abort it. */
const outstanding = new Set<{ idleAt: number; abort: () => void }>();

/** Aborts every request outstanding through HANG_IDLE_MS of idle loop: see the file's comment. */
function watchForHangs(): () => void {
  const timer = setInterval(() => {
    const idle = idleMs();
    for (const r of outstanding) if (idle - r.idleAt > HANG_IDLE_MS) r.abort();
  }, 250);
  return () => clearInterval(timer);
}

/** Keep-alive sockets, one per lane, as a client library's pool keeps them. */
const agent = new Agent({ keepAlive: true, maxSockets: LANES });

/** A transport failure or a hang is an answer too: the worst kind. */
function post(
  url: string,
  body: URLSearchParams,
): Promise<{ status: number; text: string; contentType: string } | { error: string }> {
  const form = body.toString();
  return new Promise((done) => {
    const req = request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(form),
      },
    });
    const entry = {
      idleAt: idleMs(),
      abort: () => req.destroy(new Error(`no answer through ${HANG_IDLE_MS / 1000} s of an idle event loop`)),
    };
    outstanding.add(entry);
    const answer = (a: { status: number; text: string; contentType: string } | { error: string }) => {
      outstanding.delete(entry);
      done(a);
    };
    req.on('error', (e: Error) => answer({ error: `${e.name}: ${e.message}` }));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('error', (e: Error) => answer({ error: `${e.name}: ${e.message}` }));
      res.on('close', () => {
        if (!res.complete) answer({ error: 'the connection closed before the answer ended' });
      });
      res.on('end', () =>
        answer({ status: res.statusCode ?? 0, text, contentType: res.headers['content-type'] ?? '' }),
      );
    });
    req.end(form);
  });
}

function judgeProm(status: number, text: string): Verdict {
  try {
    const b = JSON.parse(text) as {
      status?: string;
      errorType?: string;
      error?: string;
      data?: { resultType?: string };
    };
    if (status === 200 && b.status === 'success' && b.data?.resultType) return 'result';
    if (status >= 400 && b.status === 'error' && b.errorType && typeof b.error === 'string')
      return 'typed-error';
  } catch {
    // not JSON: bad
  }
  return 'bad';
}

function judgeLoki(status: number, text: string, contentType: string): Verdict {
  if (status === 200) {
    try {
      const b = JSON.parse(text) as { status?: string; data?: { resultType?: string } };
      return b.status === 'success' && b.data?.resultType ? 'result' : 'bad';
    } catch {
      return 'bad';
    }
  }
  return status >= 400 && status < 600 && contentType.startsWith('text/plain') && text.length > 0
    ? 'typed-error'
    : 'bad';
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

describe('fuzz: mutated queries over HTTP', () => {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  let t: number;
  let stopWatching = () => {};

  beforeAll(async () => {
    const golden = loadGolden('goldens/checkout-db-pool-logs-failed');
    const { backend } = createBackendStack(golden, buildWorld(golden), {
      faults: false,
      clock: new RealClock(),
      seed: 1,
      capacity: false,
    });
    server = await startHttpServer(backend);
    t = golden.ms.now / 1000;
    stopWatching = watchForHangs();
  });
  afterAll(async () => {
    stopWatching();
    agent.destroy();
    await server?.close();
  });

  it('answers 10,000 mutated PromQL queries with a result or a typed error', async () => {
    const seeds = promSeeds();
    const rnd = mulberry32(20261130);
    const queries = Array.from({ length: CASES }, () => mutate(seeds[Math.floor(rnd() * seeds.length)], rnd));
    const bad: string[] = [];
    const tally = { result: 0, 'typed-error': 0, bad: 0 };
    await pool(queries, LANES, async (q) => {
      const range = q.length % 2 === 0;
      const body = new URLSearchParams(
        range
          ? { query: q, start: String(t - 3600), end: String(t), step: '60' }
          : { query: q, time: String(t) },
      );
      const url = `${server.promUrl}/api/v1/${range ? 'query_range' : 'query'}`;
      const r = await post(url, body);
      const verdict = 'error' in r ? 'bad' : judgeProm(r.status, r.text);
      tally[verdict]++;
      if (verdict === 'bad' && bad.length < 20) bad.push(`${'error' in r ? r.error : r.status} ${q}`);
    });
    process.stdout.write(`fuzz promql: ${JSON.stringify(tally)}\n`);
    expect(bad).toEqual([]);
    expect(tally.result).toBeGreaterThan(0);
    expect(tally['typed-error']).toBeGreaterThan(0);
  }, 600_000);

  it('answers 10,000 mutated LogQL queries with a result or a plain-text error', async () => {
    const rnd = mulberry32(11302026);
    const queries = Array.from({ length: CASES }, () =>
      mutate(LOGQL_SEEDS[Math.floor(rnd() * LOGQL_SEEDS.length)], rnd),
    );
    const bad: string[] = [];
    const tally = { result: 0, 'typed-error': 0, bad: 0 };
    await pool(queries, LANES, async (q) => {
      const body = new URLSearchParams({
        query: q,
        start: String(t - 3600),
        end: String(t),
        step: '60',
        limit: '50',
      });
      const r = await post(`${server.lokiUrl}/loki/api/v1/query_range`, body);
      const verdict = 'error' in r ? 'bad' : judgeLoki(r.status, r.text, r.contentType);
      tally[verdict]++;
      if (verdict === 'bad' && bad.length < 20) bad.push(`${'error' in r ? r.error : r.status} ${q}`);
    });
    process.stdout.write(`fuzz logql: ${JSON.stringify(tally)}\n`);
    expect(bad).toEqual([]);
    expect(tally.result).toBeGreaterThan(0);
    expect(tally['typed-error']).toBeGreaterThan(0);
  }, 600_000);
});
