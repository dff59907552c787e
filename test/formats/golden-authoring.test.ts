/**
 * The authoring rules a golden's loader applies (formats/rules/): the prompt names every
 * measurement id as a whole word, and each part keeps to its source (A metrics, B logs).
 */
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../src/formats/load.js';
import { edit, inputErrorOf, lineOf, MINI, tempDir, write } from './helpers.js';

const load = (text: string) => () => loadGolden(write(tempDir(), 'golden.yaml', text));

describe('golden authoring rules', () => {
  it('wants each id as a whole word of the prompt: a longer id does not name it', () => {
    const text = edit(MINI, 'Report error_rate (per second)', 'Report error_rate_total (per second)');
    const e = inputErrorOf(load(text));
    expect(e.issues).toEqual([
      expect.objectContaining({
        path: 'parts.A.measurements.0.id',
        line: lineOf(text, '- id: error_rate'),
        message: 'the prompt does not name measurement "error_rate": an agent cannot report it',
      }),
    ]);
  });

  it('refuses a logs measurement in Part A at its source', () => {
    const text = edit(MINI, 'source: metrics', 'source: logs');
    const e = inputErrorOf(load(text));
    expect(e.issues.map((i) => [i.path, i.line])).toContainEqual([
      'parts.A.measurements.0.source',
      lineOf(text, 'source: logs'),
    ]);
    expect(e.issues.find((i) => i.path === 'parts.A.measurements.0.source')?.message).toBe(
      'Part A is the metrics part: a `source: logs` measurement belongs in Part B',
    );
  });

  it('loads the mini golden, which keeps both rules', () => {
    expect(load(MINI)().id).toBe('mini-checkout');
  });
});
