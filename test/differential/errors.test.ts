/**
 * Error bytes against a real Prometheus (Debian's 2.42, scripts/install-prometheus.sh): the same
 * requests to it and to the embedded server over HTTP, status, content type and body compared byte
 * for byte, for the error classes an agent meets: bad parameters (`invalid parameter "end": `,
 * `"step": `, `'time'`), non-selector `match[]`, many-to-many matching, the points limit, unknown
 * `/api/v1/*` paths.
 *
 * The bench imitates Prometheus 3.14.0 (src/formats/imitated.ts). Where 3.14 words a refusal
 * differently from 2.42, the case is listed in VERSION_DIFFERENCES with what 3.14 answers (from its
 * source, web/api/v1/api.go at tag v3.14.0) and the bench must answer that; the test fails on any
 * other difference, and on a listed one that no longer differs (keep the list true).
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackendStack, type HttpServerHandle, startHttpServer } from '../../src/backend/index.js';
import {
  findPrometheusBinaries,
  type RunningPrometheus,
  startBackfilledPrometheus,
} from '../../src/backend/oracle/process.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';

const bin = findPrometheusBinaries();
const inCI = process.env.CI === 'true';
const SKIPPED = 'skipped: Prometheus binaries not found (run scripts/install-prometheus.sh)';
if (!bin && !inCI) {
  console.warn(`differential errors: ${SKIPPED}`);
  describe('differential: error bytes vs a real Prometheus (not run)', () => {
    it.skip(SKIPPED, () => {});
  });
}

const golden = loadGolden(resolve(__dirname, '../../goldens/checkout-db-pool'));
const world = buildWorld(golden);
const T = String(golden.ms.now / 1000);

interface Case {
  name: string;
  path: string;
  params: [string, string][];
}

const c = (name: string, path: string, params: Record<string, string | string[]>): Case => ({
  name,
  path,
  params: Object.entries(params).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => [k, x] as [string, string]),
  ),
});

const CASES: Case[] = [
  c('range: bad end', '/api/v1/query_range', { query: 'up', start: T, end: 'x', step: '15' }),
  c('range: bad start', '/api/v1/query_range', { query: 'up', start: 'soon', end: T, step: '15' }),
  c('range: no start', '/api/v1/query_range', { query: 'up' }),
  c('range: bad step', '/api/v1/query_range', { query: 'up', start: T, end: T, step: 'x' }),
  c('range: no step', '/api/v1/query_range', { query: 'up', start: T, end: T }),
  c('range: end before start', '/api/v1/query_range', {
    query: 'up',
    start: T,
    end: String(Number(T) - 1),
    step: 'x',
  }),
  c('range: zero step', '/api/v1/query_range', { query: 'up', start: T, end: T, step: '0' }),
  c('range: negative step', '/api/v1/query_range', { query: 'up', start: T, end: T, step: '-15' }),
  c('range: 11,001 intervals', '/api/v1/query_range', {
    query: 'up',
    start: String(Number(T) - 11_001),
    end: T,
    step: '1',
  }),
  c('range: bad timeout', '/api/v1/query_range', { query: 'up', start: T, end: T, step: '15', timeout: 'x' }),
  c('range: parse error', '/api/v1/query_range', { query: 'sum(rate(up[5m])', start: T, end: T, step: '15' }),
  c('range: matrix result', '/api/v1/query_range', { query: 'up[5m]', start: T, end: T, step: '15' }),
  c('instant: bad time', '/api/v1/query', { query: 'up', time: 'x' }),
  c('instant: bad timeout', '/api/v1/query', { query: 'up', time: T, timeout: 'soon' }),
  c('instant: no query', '/api/v1/query', { time: T }),
  c('instant: parse error', '/api/v1/query', { query: 'up{job=}', time: T }),
  c('instant: unknown function', '/api/v1/query', { query: 'rat(up[5m])', time: T }),
  c('instant: many-to-many on the right', '/api/v1/query', { query: 'up * on(job) up', time: T }),
  c('instant: many-to-many with group_left', '/api/v1/query', {
    query: 'up * on(job) group_left up',
    time: T,
  }),
  c('instant: bad limit', '/api/v1/query', { query: 'up', time: T, limit: 'x' }),
  c('series: none', '/api/v1/series', {}),
  c('series: a function', '/api/v1/series', { 'match[]': 'rate(up[5m])' }),
  c('series: an aggregation', '/api/v1/series', { 'match[]': ['up', 'sum(up)'] }),
  c('series: an operator', '/api/v1/series', { 'match[]': 'up+1' }),
  c('series: a number', '/api/v1/series', { 'match[]': '1' }),
  c('series: a negation', '/api/v1/series', { 'match[]': '-up' }),
  c('series: a string', '/api/v1/series', { 'match[]': '"x"' }),
  c('series: a range', '/api/v1/series', { 'match[]': 'up[5m]' }),
  c('series: an offset', '/api/v1/series', { 'match[]': 'up offset 5m' }),
  c('series: unclosed braces', '/api/v1/series', { 'match[]': 'up{' }),
  c('series: empty braces', '/api/v1/series', { 'match[]': '{}' }),
  c('series: matches empty', '/api/v1/series', { 'match[]': '{job=~".*"}' }),
  c('series: bad start', '/api/v1/series', { 'match[]': 'up', start: 'x' }),
  c('series: bad end', '/api/v1/series', { 'match[]': 'up', end: 'x' }),
  c('labels: a function', '/api/v1/labels', { 'match[]': 'rate(up[5m])' }),
  c('labels: a number', '/api/v1/labels', { 'match[]': '1' }),
  c('labels: bad start', '/api/v1/labels', { start: 'x' }),
  c('labels: negative limit', '/api/v1/labels', { limit: '-1' }),
  c('label values: a function', '/api/v1/label/job/values', { 'match[]': 'rate(up[5m])' }),
  c('label values: bad end', '/api/v1/label/job/values', { end: 'x' }),
  c('unknown API path', '/api/v1/nope', {}),
  c('unknown status path', '/api/v1/status/nope', {}),
];

/**
 * 2.42 → 3.14.0 differences: what 3.14.0 answers (web/api/v1/api.go at v3.14.0) where 2.42 differs.
 * - parseTimeParam lower-cased "Invalid time value" in 3.x;
 * - a range query's parse and type errors are wrapped as `invalid parameter "query": ` in 3.x;
 * - `limit` on /query and the listing APIs is 3.x's (2.42 ignores it and answers 200).
 */
const VERSION_DIFFERENCES: Record<string, { status: number; error: string; why: string }> = {
  'instant: bad time': {
    status: 400,
    error: `invalid parameter "time": invalid time value for 'time': cannot parse "x" to a valid timestamp`,
    why: '3.x lower-cased parseTimeParam\'s "Invalid time value"',
  },
  'series: bad start': {
    status: 400,
    error: `invalid parameter "start": invalid time value for 'start': cannot parse "x" to a valid timestamp`,
    why: '3.x lower-cased parseTimeParam\'s "Invalid time value"',
  },
  'series: bad end': {
    status: 400,
    error: `invalid parameter "end": invalid time value for 'end': cannot parse "x" to a valid timestamp`,
    why: '3.x lower-cased parseTimeParam\'s "Invalid time value"',
  },
  'labels: bad start': {
    status: 400,
    error: `invalid parameter "start": invalid time value for 'start': cannot parse "x" to a valid timestamp`,
    why: '3.x lower-cased parseTimeParam\'s "Invalid time value"',
  },
  'label values: bad end': {
    status: 400,
    error: `invalid parameter "end": invalid time value for 'end': cannot parse "x" to a valid timestamp`,
    why: '3.x lower-cased parseTimeParam\'s "Invalid time value"',
  },
  'range: parse error': {
    status: 400,
    error: 'invalid parameter "query": 1:17: parse error: unclosed left parenthesis',
    why: '3.x wraps what NewRangeQuery refuses as an invalid "query" (2.42: unwrapped)',
  },
  'range: matrix result': {
    status: 400,
    error:
      'invalid parameter "query": invalid expression type "range vector" for range query, must be Scalar or instant Vector',
    why: '3.x wraps what NewRangeQuery refuses as an invalid "query" (2.42: unwrapped)',
  },
  'instant: bad limit': {
    status: 400,
    error: 'invalid parameter "limit": strconv.Atoi: parsing "x": invalid syntax',
    why: '`limit` on /query is 3.x (2.42 ignores it)',
  },
  'labels: negative limit': {
    status: 400,
    error: 'invalid parameter "limit": limit must be non-negative',
    why: '`limit` on the listing APIs is 3.x (2.42 ignores it)',
  },
};

async function ask(base: string, k: Case) {
  const u = new URL(k.path, base);
  for (const [n, v] of k.params) u.searchParams.append(n, v);
  const r = await fetch(u);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

/** A 3.14.0 error envelope as Prometheus encodes it (`<`, `>`, `&` escaped, as Go does). */
function envelope(error: string): string {
  return JSON.stringify({ status: 'error', errorType: 'bad_data', error }).replace(
    /[<>&]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

describe.skipIf(!bin && !inCI)('differential: error bytes vs a real Prometheus', () => {
  let prom: RunningPrometheus;
  let ours: HttpServerHandle;
  const stack = createBackendStack(golden, world, {
    faults: false,
    clock: new RealClock(),
    seed: 1,
    capacity: false,
  });

  beforeAll(async () => {
    if (!bin)
      throw new Error(
        'Prometheus binaries not found: run scripts/install-prometheus.sh (CI must install them)',
      );
    prom = await startBackfilledPrometheus(bin, world.metrics.select([], -Infinity, Infinity));
    ours = await startHttpServer(stack.backend);
  }, 120_000);

  afterAll(async () => {
    await ours?.close();
    await prom?.stop();
  });

  it('answers every error case with the bytes Prometheus sends, 3.14 where 2.42 differs', async () => {
    const mismatches: string[] = [];
    const listedButEqual: string[] = [];
    for (const k of CASES) {
      const [theirs, mine] = [await ask(prom.url, k), await ask(ours.url, k)];
      const known = VERSION_DIFFERENCES[k.name];
      const same = theirs.status === mine.status && theirs.type === mine.type && theirs.body === mine.body;
      if (known) {
        if (same) listedButEqual.push(k.name);
        const want = { status: known.status, type: 'application/json', body: envelope(known.error) };
        if (JSON.stringify(mine) !== JSON.stringify(want))
          mismatches.push(`${k.name} (3.14): ours ${JSON.stringify(mine)}, 3.14 ${JSON.stringify(want)}`);
      } else if (!same) {
        mismatches.push(`${k.name}: ours ${JSON.stringify(mine)}, Prometheus ${JSON.stringify(theirs)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(listedButEqual).toEqual([]);
    // The refusals really are refusals on both sides (a case that succeeds tests nothing here).
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  }, 120_000);

  it('answers a form body over 10 MiB as Prometheus does: /series refuses it, /query reads the URL alone', async () => {
    const body = `query=up&match[]=up&pad=${'a'.repeat(10 << 20)}`;
    const post = async (base: string, path: string) => {
      const r = await fetch(`${base}${path}?time=${T}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      return { status: r.status, body: await r.text() };
    };
    for (const path of ['/api/v1/series', '/api/v1/query']) {
      expect(await post(ours.url, path), path).toEqual(await post(prom.url, path));
    }
    // /labels drops the body's match[] on both and lists every name (ours adds the served ALERTS
    // series' labels, so only the status is compared).
    expect((await post(ours.url, '/api/v1/labels')).status).toBe(
      (await post(prom.url, '/api/v1/labels')).status,
    );
  }, 120_000);
});
