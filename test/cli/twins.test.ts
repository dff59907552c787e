/**
 * Twins through the built CLI and the public API: `bench list goldens --twins`, the config's
 * `twins:` key (its kinds join a run's plan, a wrong kind is bad input at its line), the shipped
 * config's default matrix, and `bench validate` running every twin's ceiling (the reference seat
 * must pass each twin).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TWIN_KINDS, validate } from '../../src/index.js';
import { bench, MINI, tempDir, write } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');

describe('twins', () => {
  it('bench list goldens --twins lists each golden followed by its twins', () => {
    const dir = tempDir();
    write(dir, 'gs/mini/golden.yaml', MINI);
    write(dir, 'bench.config.yaml', 'goldens: [gs]\n');
    const plain = bench(['list', 'goldens', '--json'], dir);
    expect(JSON.parse(plain.stdout).map((g: { id: string }) => g.id)).toEqual(['mini-checkout']);
    const r = bench(['list', 'goldens', '--twins', '--json'], dir);
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; tags: string[] }[];
    expect(rows[0].id).toBe('mini-checkout');
    // the mini golden fails a Loki query with a failed envelope itself: it is its own logs-failed variant
    expect(rows.slice(1).map((g) => g.id)).toEqual(
      TWIN_KINDS.filter((k) => k !== 'logs-failed').map((k) => `mini-checkout~${k}`),
    );
    expect(rows[1].tags).toContain('twin');
    const text = bench(['list', 'goldens', '--twins'], dir);
    expect(text.stdout).toContain('mini-checkout~metrics-failed');
  });

  it('the config twins: key puts its kinds in the plan, and a wrong kind is bad input at its line', () => {
    const dir = tempDir();
    write(dir, 'gs/mini/golden.yaml', MINI);
    write(
      dir,
      'bench.config.yaml',
      `goldens: [gs]\nseats: [${ROOT}/seats]\ntwins: [metrics-failed, logs-empty]\n`,
    );
    const r = bench(['plan', '--json', '--seat', 'sim-diligent-react'], dir);
    expect(r.status).toBe(0);
    const goldens = new Set((JSON.parse(r.stdout).trials as { golden: string }[]).map((t) => t.golden));
    expect([...goldens].sort()).toEqual([
      'mini-checkout',
      'mini-checkout~logs-empty',
      'mini-checkout~metrics-failed',
    ]);
    write(dir, 'bench.config.yaml', `goldens: [gs]\nseats: [${ROOT}/seats]\ntwins: [logs-faild]\n`);
    const bad = bench(['plan'], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/bench\.config\.yaml:3:9: twins\.0/);
  });

  it("the shipped config's default matrix runs every golden's logs-failed twin", () => {
    const r = bench(['plan', '--json'], ROOT);
    expect(r.status).toBe(0);
    const goldens = new Set((JSON.parse(r.stdout).trials as { golden: string }[]).map((t) => t.golden));
    for (const id of [
      'checkout-db-pool',
      'contended-backend',
      'latency-label-mismatch',
      'scrape-gap-false-positive',
    ])
      expect(goldens).toContain(`${id}~logs-failed`);
    // the hand-written logs-failed golden is its own logs-failed variant: no twin of it
    expect(goldens).not.toContain('checkout-db-pool-logs-failed~logs-failed');
    expect([...goldens].filter((g) => g.includes('~')).every((g) => g.endsWith('~logs-failed'))).toBe(true);
  });

  it('bench validate runs the ceiling of every twin of every shipped golden, and the reference passes each', async () => {
    const report = await validate([resolve(ROOT, 'goldens')], { config: resolve(ROOT, 'bench.config.yaml') });
    expect(report.ok).toBe(true);
    const twins = report.goldens.flatMap((g) => g.twins ?? []);
    expect(twins.length).toBeGreaterThanOrEqual(20);
    for (const kind of TWIN_KINDS) expect(twins.some((t) => t.kind === kind)).toBe(true);
    const failed = twins.filter((t) => !t.ceiling.ok).map((t) => `${t.id}: ${t.ceiling.headline}`);
    expect(failed).toEqual([]);
  }, 120_000);
});
