/**
 * The seat × gate-set grid on a narrow terminal, through the built CLI (`npm run build` first):
 * long seat names are broken at their hyphens (then cut with …) so that every line of the grid
 * fits COLUMNS, down to --width's least, 20.
 */

import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
let run = '';
const width = (l: string) => [...stripVTControlCharacters(l)].length;

/** The grid of the one golden: from its title to the end of its table. */
function grid(stdout: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.indexOf('checkout-db-pool');
  const end = lines.findIndex((l, i) => i > start && l.startsWith('└'));
  expect(start).toBeGreaterThan(0);
  return lines.slice(start, end + 1);
}

beforeAll(() => {
  run = join(tempDir(), 'run');
  const r = bench(
    [
      'run',
      ...['--golden', 'checkout-db-pool', '--seat', 'sim-early-closer-reactree', 'sim-catalog-leaner-react'],
      ...['--reps', '2', '--no-assert', '--out', run],
    ],
    ROOT,
  );
  expect(r.status, r.stderr).toBe(0);
}, 60_000);

describe('the grid on a narrow terminal', () => {
  it('fits COLUMNS=40: seat names broken at their hyphens, each cell under itself', () => {
    const r = bench(['report', run], ROOT, { COLUMNS: '40' });
    expect(r.status).toBe(0);
    const g = grid(r.stdout);
    expect(Math.max(...g.map(width))).toBeLessThanOrEqual(40);
    expect(g.join('\n')).toMatch(/│ sim-early-closer- +│ 0\/2 +│ 2\/2 +│\n│ reactree +│ 0\.70 +│ 1\.00 +│/);
    // the lines around it wrap too: summary, legend, references, the footer (but for its path, one word)
    const prose = r.stdout
      .split('\n')
      .filter((l) => !/^\s+checkout-db-pool\//.test(l) && !l.includes(`${run}/`));
    expect(Math.max(...prose.map(width))).toBeLessThanOrEqual(40);
  });

  it('fits --width 20, the least it takes, cutting the names with …', () => {
    const r = bench(['report', run, '--width', '20'], ROOT);
    expect(r.status).toBe(0);
    const g = grid(r.stdout);
    expect(Math.max(...g.map(width))).toBeLessThanOrEqual(20);
    expect(g.join('\n')).toMatch(/│ \S…/);
  });
});
