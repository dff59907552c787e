/**
 * A real Prometheus client against the HTTP adapter: Debian's promtool (scripts/install-prometheus.sh).
 * In CI a missing binary fails the test; elsewhere it is skipped with the reason printed.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { serveTest } from './server.js';

const PROMTOOL = resolve(__dirname, '../../.tmp/prometheus/usr/bin/promtool');
const have = existsSync(PROMTOOL);
if (!have && !process.env.CI) {
  console.warn(`skipping promtool tests: ${PROMTOOL} is missing (run scripts/install-prometheus.sh)`);
}

const { server } = await serveTest();

describe.skipIf(!have && !process.env.CI)('promtool against the HTTP adapter', () => {
  it('has the promtool binary (CI must install it)', () => {
    expect(have, `${PROMTOOL} missing: scripts/install-prometheus.sh failed`).toBe(true);
  });

  it('prints the value of an instant query', async () => {
    const t = String(Date.parse('2026-03-14T14:00:00Z') / 1000);
    const r = await execa(
      PROMTOOL,
      ['query', 'instant', '--time', t, server.promUrl, 'sum(http_requests_total{code="500"})'],
      {
        reject: false,
      },
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(`{} => 3600 @[${t}]`);
  });

  it('prints a range query and reports a bad query as an error', async () => {
    const start = '2026-03-14T14:00:00Z';
    const end = '2026-03-14T14:01:00Z';
    const ok = await execa(
      PROMTOOL,
      ['query', 'range', '--start', start, '--end', end, '--step', '30s', server.promUrl, 'up'],
      {
        reject: false,
      },
    );
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('up{job="checkout"} =>');
    expect(ok.stdout.match(/1 @\[/g)).toHaveLength(3);
    const bad = await execa(PROMTOOL, ['query', 'instant', server.promUrl, 'sum('], { reject: false });
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toMatch(/bad_data/);
  });
});
