/**
 * The world caps: the estimate made from a golden's spec is close to what building makes (so a
 * cap means what it says), and a world past a cap is refused before anything is generated, at
 * the field that makes it large.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { loadGolden, loadGoldens } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { estimateWorld } from '../../src/world/limits.js';
import { edit, lineOf, MINI, tempDir, write } from '../formats/helpers.js';

const near = (estimate: number, actual: number) => Math.abs(estimate - actual) / Math.max(1, actual);

describe('world size estimate', () => {
  it('is within 2% of the built world for every shipped golden', () => {
    for (const g of loadGoldens(['goldens'])) {
      const e = estimateWorld(g);
      const w = buildWorld(g);
      expect(near(e.samples, w.metrics.size.samples), `${g.id} samples`).toBeLessThan(0.02);
      expect(near(e.lines, w.logs.size.lines), `${g.id} lines`).toBeLessThan(0.02);
      expect(e.series).toBeGreaterThanOrEqual(w.metrics.size.series);
    }
  });
});

describe('a world past a cap', () => {
  /**
   * Refused before any expanding: milliseconds, where expanding would take hours or exhaust the
   * memory. The bound is far from both, so that a loaded machine cannot break it.
   */
  const AT_ONCE_MS = 10_000;

  function refusal(text: string): { error: InputError; ms: number } {
    const file = write(tempDir(), 'golden.yaml', text);
    const g = loadGolden(file);
    const t0 = performance.now();
    try {
      buildWorld(g);
    } catch (e) {
      if (e instanceof InputError) return { error: e, ms: performance.now() - t0 };
      throw e;
    }
    throw new Error('expected an InputError');
  }

  it('refuses a log rate of 1e9 lines a second at once, at the rate', () => {
    const text = edit(
      MINI,
      '      lines:\n',
      '      generate: { rate: { base: 1e9 }, templates: [{ text: flood }] }\n      lines:\n',
    );
    const { error, ms } = refusal(text);
    expect(ms).toBeLessThan(AT_ONCE_MS);
    expect(error.issues[0]).toMatchObject({
      path: 'world.logs.0.generate.rate',
      line: lineOf(text, 'rate: { base: 1e9 }'),
    });
    expect(error.issues[0].message).toMatch(/log lines, over the cap of 1,000,000/);
  });

  it('refuses a load line of 10^12 values without expanding it', () => {
    const { error, ms } = refusal(edit(MINI, '0x255 600+30x224', '0+30x1000000000000'));
    expect(ms).toBeLessThan(AT_ONCE_MS);
    expect(error.issues[0]).toMatchObject({ path: 'world.metrics.0.series' });
    expect(error.issues[0].message).toMatch(/series line 1: 1,000,000,000,001 values, over the cap/);
  });
});
