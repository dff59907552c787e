/**
 * `bench capture` end to end: a real Prometheus (Debian's, `bash scripts/install-prometheus.sh`)
 * backfilled with a golden's world and `bench serve` as Loki; the captured golden validates, runs,
 * and its route truths equal the live servers' answers. Needs `npm run build`.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  findPrometheusBinaries,
  type RunningPrometheus,
  startBackfilledPrometheus,
} from '../../src/backend/oracle/process.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { bench, tempDir } from '../formats/helpers.js';
import { benchServe } from './bench-serve.js';

const ROOT = resolve(__dirname, '../..');
const bin = findPrometheusBinaries();
const START = '2026-03-14T13:00:00Z';
const END = '2026-03-14T14:00:00Z';
const NOW = '2026-03-14T13:50:00Z';
const ERRORS = 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))';
const LINES = 'sum(count_over_time({app="payments"} |= "pool exhausted" [30m]))';

function sourceGolden(dir: string): string {
  const lines: string[] = [];
  for (let s = 1200; s < 3600; s += 7) {
    lines.push(
      `        - {at: ${s}s, line: 'level=error msg="pool exhausted" auth="Bearer sk1234567890abcdef" n=${s}'}`,
    );
  }
  const yaml = `id: capture-source
title: capture source
time: {start: ${START}, end: ${END}, now: 50m}
alert: {name: CheckoutErrors, labels: {service: checkout}, expr: '${ERRORS} > 0.5', activeAt: 20m, summary: checkout 5xx}
prompt: |
  Part A: report errors. Part B: report lines.
parts:
  A:
    question: q
    measurements: [{id: errors, unit: per_second, truth: 0, tolerance: {abs: 100}, source: metrics, route: '${ERRORS}'}]
  B:
    question: q
    measurements: [{id: lines, unit: count, truth: 0, tolerance: {abs: 1000}, source: logs, route: '${LINES}'}]
rootCause: {component: payments, mechanism: pool exhaustion, accept: [[pool]]}
world:
  metrics:
    - load: 15s
      series: |
        http_requests_total{service="checkout",code="200",pod="a"} 0+150x240
        http_requests_total{service="checkout",code="500",pod="a"} 0+1x80 81+15x80 _x19 1282+15x59
        http_requests_total{service="search",code="200",pod="b"} 0+10x240
  logs:
    - stream: {app: payments, pod: payments-0}
      lines:
${lines.join('\n')}
    - stream: {app: search}
      lines: [{at: 10m, line: 'level=info msg="unrelated"'}]
`;
  mkdirSync(join(dir, 'source'));
  writeFileSync(join(dir, 'source/golden.yaml'), yaml);
  return join(dir, 'source');
}

/** golden.yaml and its data files (gunzipped), as one text: what the capture wrote. */
function folderText(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((f) => {
      const raw = readFileSync(join(dir, f));
      return (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    })
    .join('\n');
}

async function live(base: string, path: string, query: string, time: string): Promise<number> {
  const r = await fetch(`${base}${path}?${new URLSearchParams({ query, time })}`);
  const body = (await r.json()) as { data: { result: { value: [number, string] }[] } };
  return Number(body.data.result[0].value[1]);
}

describe.skipIf(!bin && process.env.CI !== 'true')(
  'bench capture (real Prometheus, bench serve as Loki)',
  () => {
    let cwd = '';
    let prom: RunningPrometheus | undefined;
    let loki = '';
    beforeAll(async () => {
      if (!bin) throw new Error('Prometheus is not installed: bash scripts/install-prometheus.sh');
      cwd = tempDir();
      const src = sourceGolden(cwd);
      prom = await startBackfilledPrometheus(
        bin,
        buildWorld(loadGolden(src)).metrics.select([], -Infinity, Infinity),
      );
      loki = (await benchServe([src, '--no-faults'])).url;
    }, 60_000);
    afterAll(() => prom?.stop());

    const args = (out: string, extra: string[] = []) => [
      'capture',
      '--prometheus',
      prom!.url,
      '--loki',
      loki,
      '--start',
      START,
      '--end',
      END,
      '--now',
      NOW,
      '--out',
      out,
      '--id',
      'captured-checkout',
      '--alert',
      'CheckoutErrors',
      '--alert-expr',
      `${ERRORS} > 0.5`,
      '--measure-metrics',
      `errors=${ERRORS}`,
      '--measure-logs',
      `lines=${LINES}`,
      '--chunk',
      '20m',
      '--page-limit',
      '100',
      ...extra,
    ];

    it('writes a golden that validates and runs, with truths equal to the live answers', async () => {
      const r = bench(args('captured', ['--hash-label', 'pod']), cwd);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const file = join(cwd, 'captured/golden.yaml');
      const doc = parse(readFileSync(file, 'utf8'));
      // Samples and lines are in gzipped data files beside golden.yaml (the default).
      expect(doc.world.metrics.every((b: { file?: string }) => b.file?.endsWith('.txt.gz'))).toBe(true);
      expect(doc.world.logs.every((b: { file?: string }) => b.file?.endsWith('.jsonl.gz'))).toBe(true);
      const text = folderText(join(cwd, 'captured'));
      const errorsLive = await live(prom!.url, '/api/v1/query', ERRORS, String(Date.parse(NOW) / 1000));
      const linesLive = await live(loki, '/loki/api/v1/query', LINES, `${Date.parse(NOW)}000000`);
      expect(doc.parts.A.measurements[0].truth).toBeCloseTo(errorsLive, 9);
      expect(doc.parts.B.measurements[0].truth).toBe(linesLive);
      expect(linesLive).toBeGreaterThan(100); // more than one page of lines
      // The gap in the 5xx counter stays a gap; the unrelated search series and stream are not captured.
      expect(text).toContain('_x19');
      expect(text).not.toContain('search');
      // Credential-shaped fragments are masked, hashed labels hashed.
      expect(text).not.toContain('sk1234567890abcdef');
      expect(text).toContain('[redacted]');
      expect(text).not.toContain('payments-0');
      // No rule on the real Prometheus: the first 1m evaluation at which the expression returns.
      expect(doc.alert.activeAt).toBe('2026-03-14T13:23:00.000Z');

      const v = bench(['validate', 'captured'], cwd);
      expect(v.stderr + v.stdout).not.toMatch(/error/i);
      expect(v.status).toBe(0);

      mkdirSync(join(cwd, 'seats'), { recursive: true });
      copyFileSync(join(ROOT, 'seats/sim-diligent-react.yaml'), join(cwd, 'seats/sim-diligent-react.yaml'));
      writeFileSync(join(cwd, 'bench.config.yaml'), 'goldens: [captured]\nseats: [seats]\nrepetitions: 1\n');
      const run = bench(['run', '--out', 'out'], cwd);
      expect(run.stdout).toContain('captured-checkout');
      expect(run.status).toBe(0);
    }, 60_000);

    it('keeps samples and lines inline in golden.yaml with --inline', () => {
      // Over an earlier capture's data files (--force: a golden there is refused without it):
      // --inline removes them (none is left unnamed).
      expect(bench(args('inline'), cwd).status).toBe(0);
      expect(existsSync(join(cwd, 'inline/metrics-1.txt.gz'))).toBe(true);
      const r = bench(args('inline', ['--inline', '--force']), cwd);
      expect(r.status).toBe(0);
      expect(readdirSync(join(cwd, 'inline'))).toEqual(['golden.yaml']);
      const text = readFileSync(join(cwd, 'inline/golden.yaml'), 'utf8');
      expect(text).toContain('_x19');
      expect(text).toContain('pool exhausted');
      expect(existsSync(join(cwd, 'inline/metrics-1.txt.gz'))).toBe(false);
      const v = bench(['validate', 'inline'], cwd);
      expect(v.status).toBe(0);
    }, 60_000);

    it('refuses bad flags with exit 2 and a cap with exit 2', () => {
      expect(bench(['capture', '--start', START, '--end', END, '--out', 'x'], cwd).status).toBe(2);
      const bad = bench(args('x', ['--bearer-env', 'NOPE_NOT_SET']), cwd);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('NOPE_NOT_SET is not set');
      const q = bench([...args('x'), '--measure-logs', 'broken=sum(count_over_time({app="x"} [1h]'], cwd);
      expect(q.status).toBe(2);
      expect(q.stderr).toContain('a query does not parse');
      const cap = bench(args('x', ['--max-lines', '50']), cwd);
      expect(cap.status).toBe(2);
      expect(cap.stderr).toMatch(/more than 50 log lines.*--max-lines/);
    });

    it("names the URL of a server's error, exit 1, with the token masked", () => {
      const r = bench(
        [
          ...args('x', ['--bearer-env', 'CAPTURE_TOKEN']).map((a) =>
            a === loki ? `${loki}/nothing-here` : a,
          ),
        ],
        cwd,
        { CAPTURE_TOKEN: 'tok-abcdefgh12345678' },
      );
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`${loki}/nothing-here/loki/api/v1/query_range`);
      expect(r.stderr).not.toContain('tok-abcdefgh12345678');
    });

    it('takes the alert from /api/v1/rules, and lists a truth the capture cannot reproduce', () => {
      // bench serve as the Prometheus too: it has the golden's alerting rule; no --alert-expr.
      const base = args('partial').map((a) => (a === prom!.url ? loki : a));
      const at = base.indexOf('--alert-expr');
      base.splice(at, 2);
      const r = bench([...base, '--select', '{__name__="http_requests_total",code="200"}'], cwd);
      expect(r.status).toBe(0);
      const text = readFileSync(join(cwd, 'partial/golden.yaml'), 'utf8');
      const doc = parse(text);
      expect(doc.alert.labels).toEqual({ service: 'checkout' });
      expect(doc.alert.summary).toBe('checkout 5xx');
      // Only the 200s were captured: the 5xx rate cannot be reproduced, and capture says so.
      expect(r.stderr).toMatch(/truth differs from the live server: errors: /);
      expect(text).toMatch(/^# truth errors: .*DIFFERS/m);
    });
  },
);
