/** The shipped goldens keep the promises docs/goldens.md makes about them. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGoldens } from '../../src/formats/load.js';

const goldens = loadGoldens([resolve(__dirname, '../../goldens')]);
const byId = new Map(goldens.map((g) => [g.id, g]));
const get = (id: string) => {
  const g = byId.get(id);
  if (!g) throw new Error(`golden ${id} is missing`);
  return g;
};

describe('the shipped goldens', () => {
  it('are the five of issue 2, each with its tags', () => {
    const tags: Record<string, string[]> = {
      'checkout-db-pool': ['dual-part'],
      'checkout-db-pool-logs-failed': ['dual-part', 'fault:logs-failed-envelope'],
      'latency-label-mismatch': ['dual-part', 'label-discovery'],
      'scrape-gap-false-positive': ['dual-part', 'false-positive', 'measured-negative'],
      'contended-backend': ['dual-part', 'contended'],
    };
    for (const [id, want] of Object.entries(tags)) expect(get(id).tags).toEqual(expect.arrayContaining(want));
  });

  for (const g of goldens) {
    it(`${g.id}: the prompt names every measurement; A is metrics, B is logs; the alert is inside the window`, () => {
      for (const m of [...g.parts.A.measurements, ...g.parts.B.measurements])
        expect(g.prompt).toContain(m.id);
      expect(g.parts.A.measurements.every((m) => m.source === 'metrics')).toBe(true);
      expect(g.parts.B.measurements.every((m) => m.source === 'logs')).toBe(true);
      expect(g.ms.activeAt).toBeGreaterThan(g.ms.start);
      expect(g.ms.activeAt).toBeLessThan(g.ms.now);
      expect(g.ms.now).toBeLessThanOrEqual(g.ms.end);
    });
  }

  it('the two checkout goldens share one world (the copy is kept in sync)', () => {
    expect(get('checkout-db-pool-logs-failed').world).toEqual(get('checkout-db-pool').world);
  });

  it('the logs-failed golden fails Part B on the payments stream and keeps one measurement obtainable', () => {
    const g = get('checkout-db-pool-logs-failed');
    const b = g.parts.B.measurements;
    expect(b.filter((m) => !m.obtainable).map((m) => m.id)).toEqual([
      'pool_exhausted_lines',
      'pool_wait_timeout_ms',
    ]);
    expect(b.filter((m) => m.obtainable).map((m) => m.route)).toEqual([
      expect.stringContaining('{app="checkout"}'),
    ]);
    const fault = g.faults.find((f) => f.kind === 'failed-envelope');
    expect(fault?.match.api).toEqual(expect.arrayContaining(['loki.query_range']));
    expect(new RegExp(fault!.match.query!).test('{app="payments"} |= "pool exhausted"')).toBe(true);
    expect(new RegExp(fault!.match.query!).test('{app="checkout"} |= "payment failed"')).toBe(false);
  });

  it('the contended golden has two slots per backend and lognormal latency', () => {
    const c = get('contended-backend').capacity;
    expect(c.prometheus).toMatchObject({ slots: 2, latency: { dist: 'lognormal', median: 400, sigma: 0.5 } });
    expect(c.loki?.slots).toBe(2);
  });

  it('two goldens carry a skill text', () => {
    expect(goldens.filter((g) => g.skills.length > 0).length).toBeGreaterThanOrEqual(2);
  });
});
