/**
 * The status and discovery endpoints clients and Grafana call, driven by real clients against
 * `bench serve` (the built CLI): the npm `prometheus-query` driver's status(), statusFlags(),
 * statusRuntimeInfo(), statusBuildinfo(), statusTSDB(), alertmanagers() and targetsMetadata();
 * promtool; plain HTTP for Loki as Grafana and logcli send it. Where a real Prometheus runs
 * (scripts/install-prometheus.sh), each Prometheus answer's shape (the keys of `data`, and of
 * its entries) is compared with the real one's; Prometheus 3.x's additions to 2.42's shapes are
 * named, not hidden.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { PrometheusDriver } from 'prometheus-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPrometheusBinaries,
  type RunningPrometheus,
  startBackfilledPrometheus,
} from '../../src/backend/oracle/process.js';
import { LOKI_VERSION, PROMETHEUS_VERSION } from '../../src/formats/imitated.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { benchServe } from './bench-serve.js';

const ROOT = resolve(__dirname, '../..');
const PROMTOOL = resolve(ROOT, '.tmp/prometheus/usr/bin/promtool');
const bin = findPrometheusBinaries();
const GOLDEN = 'checkout-db-pool-logs-failed';
const served = await benchServe([GOLDEN, '--no-faults']);
const prom = new PrometheusDriver({ endpoint: served.url });

/** Keys 3.x added to 2.42's answers (web/api/v1/api.go RuntimeInfo at v3.14.0). */
const ADDED_IN_3 = new Set(['hostname', 'serverTime']);

let real: RunningPrometheus | undefined;
beforeAll(async () => {
  if (!bin) return;
  const g = loadGolden(resolve(ROOT, 'goldens', GOLDEN));
  real = await startBackfilledPrometheus(bin, buildWorld(g).metrics.select([], -Infinity, Infinity));
}, 120_000);
afterAll(async () => {
  await real?.stop();
});

async function realData(path: string): Promise<unknown> {
  const r = await fetch(`${real!.url}/api/v1/${path}`);
  return ((await r.json()) as { data: unknown }).data;
}

const keys = (o: unknown) => Object.keys(o as object).sort();

describe('Prometheus status endpoints through prometheus-query', () => {
  it('status(): the config as YAML, with the scrape interval of the world', async () => {
    const c = await prom.status();
    expect(c.yaml).toMatch(/^global:\n {2}scrape_interval: 15s\n/);
    if (real) expect(keys(c)).toEqual(keys(await realData('status/config')));
  });

  it("statusFlags(): the flags in force, the golden's limits and the server's timeout among them", async () => {
    const f = await prom.statusFlags();
    expect(f['query.max-samples']).toBe('50000000');
    expect(f['query.timeout']).toBe('30s');
    expect(f['query.lookback-delta']).toBe('5m');
    if (real) {
      const theirs = (await realData('status/flags')) as Record<string, string>;
      for (const k of keys(f)) expect(theirs, `flag ${k}`).toHaveProperty(k);
    }
  });

  it('statusRuntimeInfo() and statusBuildinfo(): the runtime shape and the imitated version', async () => {
    const info = await prom.statusRuntimeInfo();
    expect(info.reloadConfigSuccess).toBe(true);
    expect(info.startTime).toBe('2026-03-14T13:00:00Z');
    expect((await prom.statusBuildinfo()).version).toBe(PROMETHEUS_VERSION);
    if (real) {
      const theirs = keys(await realData('status/runtimeinfo'));
      expect(keys(info).filter((k) => !ADDED_IN_3.has(k))).toEqual(theirs);
      expect(keys(await prom.statusBuildinfo())).toEqual(keys(await realData('status/buildinfo')));
    }
  });

  it('statusTSDB(): head stats and cardinality lists of the served world', async () => {
    const t = await prom.statusTSDB();
    expect(t.headStats.numSeries).toBeGreaterThan(100);
    expect(t.seriesCountByMetricName[0]).toEqual({ name: expect.any(String), value: expect.any(Number) });
    expect(t.seriesCountByMetricName).toHaveLength(10);
    if (real) {
      const theirs = (await realData('status/tsdb')) as { headStats: object };
      expect(keys(t)).toEqual(keys(theirs));
      expect(keys(t.headStats)).toEqual(keys(theirs.headStats));
    }
  });

  it('alertmanagers(), walreplay and query_exemplars: what a server without them answers', async () => {
    const am = await prom.alertmanagers();
    expect(am).toEqual({ activeAlertmanagers: [], droppedAlertmanagers: [] });
    const wal = await (await fetch(`${served.url}/api/v1/status/walreplay`)).json();
    const ex = await (await fetch(`${served.url}/api/v1/query_exemplars?query=up`)).json();
    const bad = await fetch(`${served.url}/api/v1/query_exemplars?query=rate(`);
    if (real) {
      expect(am).toEqual(await realData('alertmanagers'));
      expect(wal).toEqual(await (await fetch(`${real.url}/api/v1/status/walreplay`)).json());
      expect(ex).toEqual(await (await fetch(`${real.url}/api/v1/query_exemplars?query=up`)).json());
      const theirs = await fetch(`${real.url}/api/v1/query_exemplars?query=rate(`);
      expect([bad.status, await bad.text()]).toEqual([theirs.status, await theirs.text()]);
    } else {
      expect(wal).toEqual({ status: 'success', data: { min: 0, max: 0, current: 0 } });
      expect(ex).toEqual({ status: 'success', data: [] });
      expect(bad.status).toBe(400);
    }
  });

  it('targetsMetadata(): type and help per target, filtered by match_target and metric', async () => {
    const all = await prom.targetsMetadata('{job="kubernetes-pods"}', 'http_requests_total');
    expect(all.length).toBeGreaterThan(1);
    expect(all[0]).toEqual({
      target: { instance: expect.any(String), job: 'kubernetes-pods' },
      metric: 'http_requests_total',
      type: 'counter',
      help: expect.any(String),
      unit: '',
    });
    expect(await prom.targetsMetadata('{job="nope"}')).toEqual([]);
  });
});

/** Queries whose printed form Prometheus 2.42 and 3.14 agree on (printer.go did not change for them). */
const FORMAT = [
  'sum(rate(x[5m]))by(a)',
  'up{job="a",instance=~"b.*"}',
  'rate(http_requests_total{code!="200"}[5m] offset 1h)',
  'topk(3, sum without(pod) (rate(x[1m])))',
  'a + on(job) group_left(team) b',
  'a > bool 1',
  'max_over_time(rate(x[5m])[1h:1m])',
  'histogram_quantile(0.99, sum by (le, service) (rate(http_request_duration_seconds_bucket{service="checkout", code=~"5.."}[5m]))) > 0.5 and on(service) up == 1',
  'count_values("v", up)',
  'up @ 1700000000',
  'x[5m:]',
  'sum by () (up)',
  'a unless ignoring(x) b',
  '{__name__=~"a.+"}',
  'rate(x[90m])',
  'sum(rate(',
];

describe('format_query, and the rules API printing the parsed expression', () => {
  it('formats each query as Prometheus does (long ones split over lines), and refuses a bad one alike', async () => {
    for (const q of FORMAT) {
      const mine = await fetch(`${served.url}/api/v1/format_query?query=${encodeURIComponent(q)}`);
      const body = await mine.text();
      if (real) {
        const theirs = await fetch(`${real.url}/api/v1/format_query?query=${encodeURIComponent(q)}`);
        expect([mine.status, body], q).toEqual([theirs.status, await theirs.text()]);
      } else expect(mine.status, q).toBe(q.endsWith('(') ? 400 : 200);
    }
  });

  it("prints the golden's alert expression as Prometheus' rule manager shows it", async () => {
    const groups = await prom.rules();
    const query = (groups[0].rules[0] as unknown as { query: string }).query;
    // The golden writes it over two lines, matchers in its own order; Prometheus prints the parsed
    // tree on one line, matchers sorted (printer.go String()).
    expect(query).toBe(
      'sum(rate(http_requests_total{code=~"5..",service="checkout"}[5m])) / sum(rate(http_requests_total{service="checkout"}[5m])) > 0.05',
    );
  });
});

describe.skipIf(!existsSync(PROMTOOL))('promtool against bench serve', () => {
  it("query series: a selector answers, a function is refused with Prometheus' parse error", async () => {
    const ok = await execa(PROMTOOL, ['query', 'series', served.url, '--match', 'up{service="checkout"}'], {
      reject: false,
    });
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('service="checkout"');
    const bad = await execa(PROMTOOL, ['query', 'series', served.url, '--match', 'rate(up[5m])'], {
      reject: false,
    });
    expect(bad.exitCode).toBe(1);
    expect(`${bad.stdout}${bad.stderr}`).toContain(
      'query error: bad_data: invalid parameter "match[]": 1:5: parse error: unexpected "("',
    );
  });
});

describe('Loki discovery endpoints over plain HTTP, as Grafana sends them', () => {
  const loki = async (path: string, q: Record<string, string> = {}) => {
    const r = await fetch(`${served.url}/loki/api/v1/${path}?${new URLSearchParams(q)}`);
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };

  it('status/buildinfo names the imitated version', async () => {
    expect((await loki('status/buildinfo')).json.version).toBe(LOKI_VERSION);
  });

  it('detected_labels: the stream labels worth grouping by, with their cardinality', async () => {
    const r = await loki('detected_labels');
    expect(r.json).toEqual({
      detectedLabels: [
        { label: 'app', cardinality: 10 },
        { label: 'namespace', cardinality: 1 },
      ],
    });
  });

  it("detected_fields: the JSON fields of payments' lines, typed", async () => {
    const r = await loki('detected_fields', { query: '{app="payments"}' });
    const fields = r.json.fields as { label: string; type: string; parsers: string[] }[];
    expect(r.json.limit).toBe(1000);
    expect(fields.find((f) => f.label === 'took_ms')).toMatchObject({ type: 'int', parsers: ['json'] });
    expect(fields.find((f) => f.label === 'level')).toMatchObject({ type: 'string' });
    expect(fields.some((f) => f.label === 'app')).toBe(false);
  });

  it('index/volume and volume_range: bytes per app, largest first', async () => {
    const v = await loki('index/volume', { query: '{app=~".+"}' });
    const result = (
      v.json.data as { resultType: string; result: { metric: object; value: [number, string] }[] }
    ).result;
    expect((v.json.data as { resultType: string }).resultType).toBe('vector');
    expect(result[0].metric).toEqual({ app: 'payments' });
    const bytes = result.map((x) => Number(x.value[1]));
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    const r = await loki('index/volume_range', { query: '{app="payments"}', step: '1200' });
    const m = (r.json.data as { result: { values: [number, string][] }[] }).result[0].values;
    expect(m.reduce((a, [, b]) => a + Number(b), 0)).toBe(bytes[0]);
  });

  it('format_query: the query prettified as Loki does, a bad one refused as invalid-query', async () => {
    const long =
      'sum by (route) (rate({app="payments", namespace="shop"} |= "error" | json | took_ms > 250 | line_format "{{.msg}}" [5m]))';
    const r = await fetch(`${served.url}/loki/api/v1/format_query`, {
      method: 'POST',
      body: new URLSearchParams({ query: long }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await r.text();
    // Go's json.Encoder: `>` escaped, one trailing newline.
    expect(text).toContain('took_ms\\u003e250');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      status: 'success',
      data: [
        'sum by (route)(',
        '  rate(',
        '    {app="payments", namespace="shop"} |= "error" | json | took_ms>250 | line_format "{{.msg}}" [5m]',
        '  )',
        ')',
      ].join('\n'),
    });
    const short = await loki('format_query', { query: '{app="payments"}|json' });
    expect(short.json).toEqual({ status: 'success', data: '{app="payments"} | json' });
    const bad = await loki('format_query', { query: '{app="payments}' });
    expect(bad).toEqual({
      status: 400,
      json: { status: 'invalid-query', error: 'parse error at line 1, col 6: literal not terminated' },
    });
  });

  it('series with no match lists every stream in range, as Loki 3 does', async () => {
    const r = await loki('series');
    expect(r.status).toBe(200);
    expect((r.json.data as object[]).length).toBe(10);
    const braces = await loki('series', { match: '{}' });
    expect(braces.json.data).toEqual(r.json.data);
  });
});
