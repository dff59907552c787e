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

  it('exits 2 with file:line:col and no stack trace on a bad seat', () => {
    const dir = tempDir();
    write(dir, 'seats/bad.yaml', 'name: bad\nprovider: sim\npolicy: lazy\n');
    const r = bench(['list', 'seats'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('seats/bad.yaml:3:9: policy: Invalid option');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
