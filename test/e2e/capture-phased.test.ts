/**
 * `bench capture` of a realistic world (checkout-db-pool served by `bench serve` as both
 * Prometheus and Loki): its generated series are scraped at a phase (`:06.213`), so each gets a
 * load block at its first sample (`at:`, issue 15 part 3); the capture validates with its ceiling
 * and every truth equals the live answer. Needs `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MetricBlock } from '../../src/formats/golden/schema.js';
import { bench, tempDir } from '../formats/helpers.js';
import { benchServe } from './bench-serve.js';

const loadTakesAt = MetricBlock.safeParse({ load: '15s', at: '1m', series: '' }).success;

describe.skipIf(!loadTakesAt)('bench capture of a phased world', () => {
  let url = '';
  beforeAll(async () => {
    url = (await benchServe(['goldens/checkout-db-pool', '--no-faults'])).url;
  }, 60_000);

  it('writes off-grid series at their first sample, validates, and matches the live truths', () => {
    const cwd = tempDir();
    const r = bench(
      [
        'capture',
        '--prometheus',
        url,
        '--loki',
        url,
        '--start',
        '2026-03-14T13:50:00Z',
        '--end',
        '2026-03-14T14:40:00Z',
        '--out',
        'phased',
        '--id',
        'phased',
        '--alert',
        'CheckoutHighErrorRate',
        '--measure-metrics',
        'pool_peak=max(max_over_time(db_pool_connections_in_use{service="payments"}[30m]))',
        '--measure-logs',
        'exhausted=sum(count_over_time({app="payments"} |= "pool exhausted" [30m]))',
        '--page-limit',
        '5000',
        '--chunk',
        '25m',
      ],
      cwd,
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = parse(readFileSync(join(cwd, 'phased/golden.yaml'), 'utf8'));
    expect(doc.world.metrics.some((b: { at?: string }) => b.at !== undefined)).toBe(true);
    expect(doc.parts.A.measurements[0].truth).toBe(50);
    expect(doc.parts.B.measurements[0].truth).toBeGreaterThan(5000); // more than one page
    const v = bench(['validate', 'phased'], cwd);
    expect(v.stdout).toContain('ceiling passes on 1/1');
    expect(v.status).toBe(0);
  }, 60_000);
});
