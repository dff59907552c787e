/**
 * Real clients against `bench serve` over 127.0.0.1 (the built CLI): promtool's `query instant URL
 * 'ALERTS'`, the npm Prometheus client `prometheus-query` (alerts, rules, targets, queries) and the
 * npm Loki client `@myunisoft/loki` (series with `match=`, query_range, labels), and curl on Loki's
 * series route. The shifted server (`--shift-to-now`) must answer in wall-clock time everywhere:
 * sample times, the alert's activeAt, and the clock functions `time()`, `timestamp()` and LogQL's
 * `__timestamp__`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { GrafanaApi } from '@myunisoft/loki';
import { execa } from 'execa';
import { PrometheusDriver } from 'prometheus-query';
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../src/formats/load.js';
import { benchServe } from './bench-serve.js';

const ROOT = resolve(__dirname, '../..');
const PROMTOOL = resolve(ROOT, '.tmp/prometheus/usr/bin/promtool');
const havePromtool = existsSync(PROMTOOL);
if (!havePromtool && !process.env.CI) {
  console.warn(`skipping the promtool case: ${PROMTOOL} is missing (run scripts/install-prometheus.sh)`);
}

// latency-label-mismatch: its alert is still firing at the golden's now.
const golden = loadGolden(resolve(ROOT, 'goldens/latency-label-mismatch'));
const started = Date.now();
const shifted = await benchServe(['latency-label-mismatch', '--shift-to-now']);
/** The server's shift, within the second it took to start. */
const shiftLo = started - golden.ms.now;
const shiftHi = Date.now() - golden.ms.now;

const inShiftedNow = (sec: number, slackSec = 2) => {
  const now = Date.now() / 1000;
  return sec >= (started - 1000) / 1000 - slackSec && sec <= now + slackSec;
};

describe.skipIf(!havePromtool && !process.env.CI)('promtool against bench serve --shift-to-now', () => {
  it("prints the golden's alert firing at now (no --time: the wall clock)", async () => {
    expect(havePromtool, `${PROMTOOL} missing: scripts/install-prometheus.sh failed`).toBe(true);
    const r = await execa(PROMTOOL, ['query', 'instant', shifted.url, 'ALERTS'], { reject: false });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toMatch(
      /^ALERTS\{alertname="SearchLatencyP99High", alertstate="firing", service="search", severity="page", team="discovery"\} => 1 @\[\d+(\.\d+)?\]$/,
    );
  });
});

describe('prometheus-query against bench serve --shift-to-now', () => {
  const prom = new PrometheusDriver({ endpoint: shifted.url });

  it("lists the golden's alert as firing since its activeAt, moved into wall-clock time", async () => {
    const alerts = await prom.alerts();
    expect(alerts).toHaveLength(1);
    const a = alerts[0];
    expect(a.state).toBe('firing');
    expect(a.labels).toMatchObject({
      alertname: 'SearchLatencyP99High',
      severity: 'page',
      service: 'search',
    });
    const activeAt = new Date(a.activeAt).getTime();
    expect(activeAt).toBeGreaterThanOrEqual(golden.ms.activeAt + shiftLo - 1000);
    expect(activeAt).toBeLessThanOrEqual(golden.ms.activeAt + shiftHi + 1000);
  });

  it('reads the rule, the targets and the ALERTS series', async () => {
    const groups = await prom.rules();
    expect(groups).toHaveLength(1);
    expect(groups[0].rules[0]).toMatchObject({
      name: 'SearchLatencyP99High',
      type: 'alerting',
      health: 'ok',
    });
    const targets = (await prom.targets()) as { activeTargets: { health: string }[] };
    expect(targets.activeTargets.length).toBeGreaterThan(0);
    const firing = await prom.instantQuery('ALERTS{alertstate="firing"}');
    expect(firing.result.map((s) => s.metric.labels.alertname)).toEqual(['SearchLatencyP99High']);
    const forState = await prom.instantQuery('ALERTS_FOR_STATE');
    const activeSec = Number(forState.result[0].value.value);
    expect(activeSec * 1000).toBeGreaterThanOrEqual(golden.ms.activeAt + shiftLo - 1000);
    expect(activeSec * 1000).toBeLessThanOrEqual(golden.ms.activeAt + shiftHi + 1000);
    // the value moves inside the engine, so an expression over it is an age, whatever the shift
    const age = await prom.instantQuery('time() - ALERTS_FOR_STATE');
    const ageSec = Number(age.result[0].value.value);
    const want = (golden.ms.now - golden.ms.activeAt) / 1000;
    expect(Math.abs(ageSec - want)).toBeLessThan(120);
  });

  it('answers time(), timestamp() and hour() in the shifted (wall-clock) time', async () => {
    // A scalar comes back as Prometheus' own [time, "value"] pair from this client.
    const [, v] = (await prom.instantQuery('time()')).result as unknown as [number, string];
    expect(inShiftedNow(Number(v))).toBe(true);
    const ts = await prom.instantQuery('max(timestamp(up))');
    expect(inShiftedNow(Number(ts.result[0].value.value), 60)).toBe(true);
    const h = await prom.instantQuery('hour()');
    expect(Number(h.result[0].value.value)).toBe(new Date(Number(v) * 1000).getUTCHours());
  });
});

describe('@myunisoft/loki against bench serve --shift-to-now', () => {
  const loki = new GrafanaApi({ remoteApiURL: `${shifted.url}/` }).Loki;

  it('lists series with `match=` (what this client sends) and reads labels', async () => {
    const series = await loki.series('{app="search-api"}');
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) expect(s.app).toBe('search-api');
    expect(await loki.labels()).toContain('app');
  });

  it("answers a metric range query over the last 30 minutes of the client's own clock", async () => {
    const r = await loki.queryRangeMatrix('sum(count_over_time({app="search-api"}[5m]))', { start: '30m' });
    expect(r.metrics).toHaveLength(1);
    const last = r.metrics[0].values.at(-1);
    expect(last).toBeDefined();
    expect(inShiftedNow(Number(last?.[0]), 60)).toBe(true);
    expect(Number(last?.[1])).toBeGreaterThan(0);
  });

  it('formats __timestamp__ in line_format as the shifted entry time', async () => {
    const q = '{app="search-api"} | line_format "{{ __timestamp__ | unixEpoch }}"';
    const r = await loki.queryRange(q, { start: '10m', limit: 3 });
    expect(r.logs.length).toBeGreaterThan(0);
    for (const line of r.logs) expect(inShiftedNow(Number(line), 600)).toBe(true);
  });
});

describe('curl against bench serve', () => {
  it('answers /loki/api/v1/series?match={app="checkout"} like Loki', async () => {
    const { url } = await benchServe(['checkout-db-pool']);
    const r = await execa('curl', [
      '-s',
      '-G',
      `${url}/loki/api/v1/series`,
      '--data-urlencode',
      'match={app="checkout"}',
    ]);
    expect(JSON.parse(r.stdout)).toEqual({
      status: 'success',
      data: [{ app: 'checkout', namespace: 'shop' }],
    });
  });
});
