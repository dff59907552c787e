/**
 * One resolver for golden and seat references (commands/resolve.ts): ids, paths, globs and
 * `tag:<t>` mean the same thing to every command, `bench run --golden` included.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveGoldens, resolveOneGolden, resolveSeats, runBench } from '../../src/index.js';
import { golden } from '../scoring/fixtures.js';
import { config, seats } from './fake.js';

const repo = () => loadConfig('bench.config.yaml').config;

describe('golden and seat references', () => {
  it('takes ids, paths, globs and tags, in the order given, each golden once', () => {
    const ids = (refs: string[]) => resolveGoldens(refs, repo()).map((g) => g.id);
    expect(ids(['latency-label-mismatch'])).toEqual(['latency-label-mismatch']);
    expect(ids(['goldens/contended-backend'])).toEqual(['contended-backend']);
    expect(ids(['goldens/contended-backend/golden.yaml'])).toEqual(['contended-backend']);
    // the shipped config runs the logs-failed twins (docs/twins.md): a glob over ids finds them too
    expect(ids(['checkout-*'])).toEqual([
      'checkout-db-pool',
      'checkout-db-pool~logs-failed',
      'checkout-db-pool-logs-failed',
    ]);
    expect(ids(['*~logs-failed'])).toContain('contended-backend~logs-failed');
    expect(ids(['tag:db', 'checkout-db-pool'])).toEqual(['checkout-db-pool', 'checkout-db-pool-logs-failed']);
    expect(resolveSeats(['sim-diligent-*'], repo()).map((s) => s.name)).toEqual(
      expect.arrayContaining(['sim-diligent-react']),
    );
  });

  it('names what is known when a reference matches nothing, and refuses several where one is wanted', () => {
    expect(() => resolveGoldens(['no-such-golden'], repo())).toThrow(/no golden "no-such-golden" \(known: /);
    expect(() => resolveGoldens(['tag:no-such-tag'], repo())).toThrow(/no golden tagged "no-such-tag"/);
    expect(() => resolveGoldens(['zzz-*'], repo())).toThrow(/no golden matches "zzz-\*"/);
    expect(() => resolveOneGolden('checkout-*', repo())).toThrow(/names 3 goldens/);
    expect(resolveOneGolden('tag:cache', repo()).id).toBe('latency-label-mismatch');
  });

  it('lets bench run --golden take globs and tags (the plan names the ids)', async () => {
    const goldens = [golden({ id: 'g-one', tags: ['fast'] }), golden({ id: 'g-two' }), golden({ id: 'h' })];
    const plan = async (refs: string[]) =>
      (await runBench({ inputs: { config, goldens, seats }, goldens: refs, dryRun: true })).plan.goldens;
    expect(await plan(['g-*'])).toEqual(['g-one', 'g-two']);
    expect(await plan(['tag:fast', 'h'])).toEqual(['g-one', 'h']);
    await expect(plan(['nope'])).rejects.toThrow(/unknown golden "nope"/);
  });
});
