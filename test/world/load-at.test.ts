/**
 * A `load` block's `at:`: a world scraped at `:07` is written as it was scraped, its samples stay
 * where the author put them, and a block that would run past time.end is refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import type { SeriesStore } from '../../src/world/series-store.js';
import { edit, MINI, tempDir, write } from '../formats/helpers.js';

const START = Date.parse('2026-03-14T13:00:00Z');

describe('a load block with at:', () => {
  it('puts its first sample at `at` and the rest one interval apart', () => {
    const text = edit(MINI, 'load: 15s', 'load: 15s\n      at: 7s');
    const text2 = edit(text, '0x255 600+30x224', '0x255 600+30x223');
    const w = buildWorld(loadGolden(write(tempDir(), 'golden.yaml', text2)));
    const [s] = (w.metrics as SeriesStore).all();
    expect(s.ts[0]).toBe(START + 7_000);
    expect(s.ts[1]).toBe(START + 22_000);
    expect(s.ts.at(-1)).toBe(START + 7_000 + 479 * 15_000);
  });

  it('defaults to time.start', () => {
    const w = buildWorld(loadGolden(write(tempDir(), 'golden.yaml', MINI)));
    expect((w.metrics as SeriesStore).all()[0].ts[0]).toBe(START);
  });

  it('refuses, at the series, a line whose samples run past time.end', () => {
    const text = edit(MINI, 'load: 15s', 'load: 15s\n      at: 7s');
    const g = loadGolden(write(tempDir(), 'golden.yaml', text));
    expect(() => buildWorld(g)).toThrow(
      /series line 1: sample 481 lies at 2026-03-14T15:00:07\.000Z, after time\.end/,
    );
  });

  it('accepts trailing blank slots past time.end (they are no samples)', () => {
    const text = edit(MINI, '0x255 600+30x224', '0x255 600+30x224 _ _');
    expect(() => buildWorld(loadGolden(write(tempDir(), 'golden.yaml', text)))).not.toThrow();
  });
});
