/**
 * Unanswerable twins (docs/twins.md): each kind's fault, and the truths and `obtainable` flags it
 * derives, on the shipped checkout-db-pool golden (three metric measurements in Part A, three log
 * measurements in Part B).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerableUnder,
  hasOwnVariant,
  loadGolden,
  parseTwinId,
  TWIN_KINDS,
  twinOf,
  twinsOf,
  withTwins,
} from '../../src/index.js';

const ROOT = resolve(__dirname, '../..');
const base = loadGolden(resolve(ROOT, 'goldens/checkout-db-pool/golden.yaml'));
const handWritten = loadGolden(resolve(ROOT, 'goldens/checkout-db-pool-logs-failed/golden.yaml'));

const flags = (g: typeof base) =>
  [...g.parts.A.measurements, ...g.parts.B.measurements].map((m) => [
    m.id,
    m.obtainable,
    m.truth !== undefined,
  ]);

describe('twin generation', () => {
  it('names a twin <id>~<kind>, tags it and puts its fault first', () => {
    const t = twinOf(base, 'logs-failed');
    expect(t.id).toBe('checkout-db-pool~logs-failed');
    expect(parseTwinId(t.id)).toEqual({ base: 'checkout-db-pool', kind: 'logs-failed' });
    expect(parseTwinId('checkout-db-pool')).toBeUndefined();
    expect(t.tags).toEqual(expect.arrayContaining(['twin', 'twin:logs-failed']));
    expect(t.faults[0]).toMatchObject({
      kind: 'failed-envelope',
      match: { api: ['loki.query', 'loki.query_range'] },
    });
    expect(t.world).toBe(base.world);
  });

  it('logs-failed and logs-empty: every log measurement is unobtainable, without a truth', () => {
    for (const kind of ['logs-failed', 'logs-empty'] as const) {
      const t = twinOf(base, kind);
      expect(flags(t)).toEqual([
        ['peak_error_ratio', true, true],
        ['payments_pool_in_use_peak', true, true],
        ['payments_pool_acquire_p99', true, true],
        ['pool_exhausted_lines', false, false],
        ['checkout_payment_failures', false, false],
        ['pool_wait_timeout_ms', false, false],
      ]);
    }
    expect(twinOf(base, 'logs-empty').faults[0]).toMatchObject({ kind: 'empty' });
  });

  it('metrics-failed: every metric measurement is unobtainable', () => {
    const t = twinOf(base, 'metrics-failed');
    expect(t.faults[0]).toMatchObject({
      kind: 'failed-envelope',
      match: { api: ['prom.query', 'prom.query_range'] },
    });
    expect(flags(t).map(([id, ok]) => [id, ok])).toEqual([
      ['peak_error_ratio', false],
      ['payments_pool_in_use_peak', false],
      ['payments_pool_acquire_p99', false],
      ['pool_exhausted_lines', true],
      ['checkout_payment_failures', true],
      ['pool_wait_timeout_ms', true],
    ]);
  });

  it('a hidden measurement the root cause rests on leaves the root cause unscored, its evidence named', () => {
    const t = twinOf(base, 'logs-failed');
    expect(t.weights).toEqual({ rootCause: 0, A: 1, B: 1 });
    expect(t.rootCause.evidence).toContain('pool_exhausted_lines');
    const stale = twinOf(base, 'stale-catalog');
    expect(stale.weights).toBe(base.weights);
    expect(stale.rootCause).toBe(base.rootCause);
  });

  it('query-length: a Loki limit of 30m; a count or max over 1h splits exactly and stays obtainable', () => {
    const t = twinOf(base, 'query-length');
    expect(t.faults[0]).toMatchObject({ kind: 'max-query-length', limit: '30m' });
    expect(flags(t).every(([, ok, truth]) => ok && truth)).toBe(true);
    const limit = 30 * 60_000;
    expect(answerableUnder('sum(count_over_time({app="x"} |= "e" [1h]))', limit)).toBe(true);
    expect(answerableUnder('max(max_over_time({app="x"} | json | unwrap ms [1h]))', limit)).toBe(true);
    expect(answerableUnder('sum(rate({app="x"}[1h]))', limit)).toBe(false);
    expect(answerableUnder('quantile_over_time(0.99, {app="x"} | json | unwrap ms [1h])', limit)).toBe(false);
    expect(answerableUnder('sum(rate({app="x"}[5m]))', limit)).toBe(true);
    expect(answerableUnder('sum(count_over_time({app="x"}[13h]))', limit)).toBe(false);
  });

  it('stale-catalog: each stream gets a retired twin with one line at time.start; truths unchanged', () => {
    const t = twinOf(base, 'stale-catalog');
    expect(t.faults).toBe(base.faults);
    expect(flags(t)).toEqual(flags(base));
    const added = t.world.logs.slice(base.world.logs.length);
    expect(added.map((b) => b.stream)).toEqual(
      expect.arrayContaining([
        { namespace: 'shop', app: 'payments-legacy' },
        { namespace: 'shop', app: 'checkout-legacy' },
      ]),
    );
    expect(added.every((b) => b.lines?.length === 1 && b.lines[0].at === '0s')).toBe(true);
  });

  it('stale-tools: every query tool stale until a refresh; nothing hidden, truths unchanged', () => {
    const t = twinOf(base, 'stale-tools');
    expect(t.faults[0]).toEqual({
      id: 'twin-stale-tools',
      kind: 'stale-tools',
      match: { api: ['prom.query', 'prom.query_range', 'loki.query', 'loki.query_range'] },
    });
    expect(t.faults.slice(1)).toEqual(base.faults);
    expect(flags(t)).toEqual(flags(base));
    expect(t.weights).toBe(base.weights);
    expect(t.description).toMatch(/until it is refreshed/);
    // a golden with its own stale-tools fault gets no second catalog
    const own = { ...base, faults: [{ id: 'own', kind: 'stale-tools', match: { api: ['loki.query'] } }] };
    expect(hasOwnVariant(own as typeof base, 'stale-tools')).toBe(true);
  });

  it('drops the golden faulted expectations and keeps the clean ones', () => {
    const t = twinOf(handWritten, 'metrics-failed');
    expect(t.expect.some((e) => e.faults)).toBe(false);
    expect(t.expect.length).toBe(handWritten.expect.filter((e) => !e.faults).length);
  });

  it('makes no twin of a kind the golden already is, and never twins a twin', () => {
    expect(hasOwnVariant(handWritten, 'logs-failed')).toBe(true);
    expect(hasOwnVariant(base, 'logs-failed')).toBe(false);
    expect(twinsOf(handWritten).map((t) => t.id)).not.toContain('checkout-db-pool-logs-failed~logs-failed');
    expect(twinsOf(base).map((t) => t.id)).toEqual(TWIN_KINDS.map((k) => `checkout-db-pool~${k}`));
    const once = withTwins([base], ['logs-failed']);
    expect(withTwins(once, ['logs-failed']).map((g) => g.id)).toEqual([
      'checkout-db-pool',
      'checkout-db-pool~logs-failed',
    ]);
    expect(withTwins([base], [])).toEqual([base]);
  });
});
