import { describe, expect, it } from 'vitest';
import { bench, FIXTURES, MINI, tempDir, write } from '../formats/helpers.js';

describe('bench list', () => {
  it('lists seats as JSON with whether the key is set, never its value', () => {
    const r = bench(['list', 'seats', `${FIXTURES}/seats`, '--json'], tempDir(), {
      REMATCH_TEST_UNSET_KEY: 'sk-secret-value',
    });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('sk-secret-value');
    const rows = JSON.parse(r.stdout);
    expect(rows.map((s: { name: string; key: string }) => [s.name, s.key])).toEqual([
      ['responses-reactree', 'set'],
      ['sim-diligent', 'n/a'],
    ]);
    expect(rows[1].policy).toBe('diligent');
  });

  it("lists the config's goldens by default, in a table or as JSON", () => {
    const dir = tempDir();
    write(dir, 'gs/mini/golden.yaml', MINI);
    write(dir, 'bench.config.yaml', 'goldens: [gs]\n');
    const json = bench(['list', 'goldens', '--json'], dir);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        id: 'mini-checkout',
        tags: ['dual-part'],
        parts: { A: { measurements: 1, unobtainable: 0 }, B: { measurements: 2, unobtainable: 1 } },
      }),
    ]);
    const text = bench(['list', 'goldens'], dir).stdout;
    expect(text).toMatch(/^mini-checkout\s+1\s+2 \(1 gap\)\s+dual-part\s+A tiny checkout/m);
  });

  it('fits the goldens to the width: the title wraps, the tags go under their row', () => {
    const root = new URL('../..', import.meta.url).pathname;
    for (const [args, env, width] of [
      [['--width', '80'], {}, 80],
      [[], { COLUMNS: '100' }, 100],
      [[], {}, 120],
    ] as const) {
      const r = bench(['list', 'goldens', '--twins', ...args], root, env);
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(width);
      expect(lines.filter((l) => /^checkout-db-pool~logs-failed\s/.test(l))).toHaveLength(1);
      expect(r.stdout).toMatch(/^ {4}tags: dual-part, /m);
    }
  });

  it('exits 2 with file:line:col and no stack trace on a bad seat', () => {
    const dir = tempDir();
    write(dir, 'seats/bad.yaml', 'name: bad\nprovider: sim\npolicy: lazy\n');
    const r = bench(['list', 'seats'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('seats/bad.yaml:3:9: policy: Invalid option');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
