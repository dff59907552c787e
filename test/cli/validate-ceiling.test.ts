/**
 * `bench validate`'s ceiling check: each golden's reference trial must pass, or the golden cannot
 * be passed honestly and validate fails it (exit 2) saying why. Goldens built from the tiny one.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { bench, edit, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');

const A_MEASUREMENT = `      - id: errors_per_second
        unit: per_second
        truth: 1
        tolerance: {abs: 0.05}
        source: metrics
        route: 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))'`;
const B_MEASUREMENT = `      - id: pool_exhausted_lines
        unit: count
        truth: 30
        tolerance: {abs: 0}
        source: logs
        route: 'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))'`;

/** The tiny golden, edited as text (each edit must match exactly once). */
function tiny(...edits: [string, string][]): string {
  const dir = writeTinyGolden();
  const file = join(dir, 'golden.yaml');
  let text = readFileSync(file, 'utf8');
  for (const [from, to] of edits) text = edit(text, from, to);
  writeFileSync(file, text);
  return dir;
}

const unobtainable = (id: string, source: string): string =>
  `      - id: ${id}\n        source: ${source}\n        obtainable: false`;

describe('bench validate: the ceiling check', () => {
  it('passes the tiny golden: its reference trial passes', async () => {
    const report = await validate([tiny()]);
    expect(report.goldens[0].ceiling).toMatchObject({ ok: true, verdict: 'pass', gateSet: 'all' });
    expect(report.summary.ceilings).toEqual({ ok: 1, failed: 0 });
    expect(report.ok).toBe(true);
  });

  it('exits 2 for a golden whose only measurements are unobtainable, naming why', () => {
    const dir = tiny(
      [A_MEASUREMENT, unobtainable('errors_per_second', 'metrics')],
      [B_MEASUREMENT, unobtainable('pool_exhausted_lines', 'logs')],
    );
    const r = bench(['validate', dir], tempDir());
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^✗ tiny-checkout .* ceiling FAIL$/m);
    expect(r.stdout).toMatch(
      /error: ceiling: the reference trial tiny-checkout\/ceiling\/reference\/all\/r1 \(seed \d+\) does not pass: fail: correctness 0(\.\d+)? < pass threshold 0\.8/,
    );
    expect(r.stdout).toMatch(/part A unobtainable measurement errors_per_second not credited: /);
    expect(r.stdout).toMatch(/part B unobtainable measurement pool_exhausted_lines not credited: /);
    expect(r.stdout).toContain('the golden cannot be passed honestly');
    expect(r.stderr).toContain('bench: validate: 1 input invalid');
    // the schema and the checks hold: it is the ceiling alone that fails it
    const json = JSON.parse(bench(['validate', dir, '--json'], tempDir()).stdout);
    expect(json.goldens[0]).toMatchObject({
      valid: true,
      ok: false,
      ceiling: { ok: false, verdict: 'fail' },
    });
    expect(bench(['validate', dir, '--no-ceiling'], tempDir()).status).toBe(0);
  });

  it('fails a golden whose weights put the pass threshold out of reach, with the threshold it missed', async () => {
    const dir = tiny(
      [B_MEASUREMENT, unobtainable('pool_exhausted_lines', 'logs')],
      ['world:\n', 'weights: {rootCause: 0, A: 0.1, B: 0.9}\nworld:\n'],
    );
    const [g] = (await validate([dir])).goldens;
    expect(g.valid).toBe(true);
    expect(g.ok).toBe(false);
    // whatever honesty says, credit for part A alone weighs 0.1
    expect(g.ceiling?.headline).toMatch(/^fail: correctness 0\.1 < pass threshold 0\.8, /);
    expect(g.ceiling?.reasons.join('\n')).toMatch(/pool_exhausted_lines not credited/);
    // the config's pass threshold is the one judged against
    const cwd = tempDir();
    writeFileSync(join(cwd, 'low.config.yaml'), 'thresholds: {passCorrectness: 0.1}\n');
    const low = await validate([dir], { config: join(cwd, 'low.config.yaml') });
    expect(low.goldens[0].ceiling).toMatchObject({
      passCorrectness: 0.1,
      headline: expect.stringMatching(/correctness 0\.1 ≥ pass threshold 0\.1/),
    });
  });
});

/** The shipped goldens' ceilings: every one must pass. */
const shipped = readdirSync(join(ROOT, 'goldens')).sort();

describe('bench validate: the shipped goldens have an honest ceiling', () => {
  for (const id of shipped) {
    it(`${id}: the reference trial passes`, async () => {
      const [g] = (await validate([join(ROOT, 'goldens', id)])).goldens;
      expect({ id: g.id, ceiling: g.ceiling?.headline, reasons: g.ceiling?.reasons }).toEqual({
        id,
        ceiling: expect.stringMatching(/^pass: /),
        reasons: expect.any(Array),
      });
      expect(g.ok).toBe(true);
    }, 120_000);
  }
});
