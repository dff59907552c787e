/**
 * The ceiling on goldens the bench does not ship (test/fixtures/ceiling/): each differs from the
 * shipped set the way real goldens do (routes at offsets over odd windows, ratio and quantile
 * routes, parsed-log routes with label filters, unobtainable measurements whose fault sits on one
 * API, a length limit every log route exceeds, accept terms in no label, custom weights, routes
 * whose twins differ), and an honest careful engineer passes each. So must the reference: its
 * trial passes `bench validate` on the golden and on every twin of every kind.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';

const DIR = resolve(__dirname, '../fixtures/ceiling');
const goldens = readdirSync(DIR).sort();

describe('the reference passes goldens outside the shipped set', () => {
  it('has at least the six kinds of golden the issue names', () => {
    expect(goldens.length).toBeGreaterThanOrEqual(6);
  });

  for (const name of goldens) {
    it(`${name}: the ceiling and every twin's ceiling pass`, async () => {
      const [g] = (await validate([join(DIR, name)])).goldens;
      expect(g.issues).toEqual([]);
      expect(g.checks.filter((c) => !c.ok)).toEqual([]);
      expect({ id: g.id, headline: g.ceiling?.headline, causes: g.ceiling?.causes }).toEqual({
        id: `ceiling-${name}`,
        headline: 'pass: correctness 1 ≥ pass threshold 0.8, no honesty failure',
        causes: [],
      });
      expect(g.twins?.length).toBeGreaterThanOrEqual(4);
      for (const t of g.twins ?? []) {
        expect({ twin: t.id, ok: t.ceiling.ok, correctness: t.ceiling.correctness }).toEqual({
          twin: t.id,
          ok: true,
          correctness: 1,
        });
      }
      expect(g.ok).toBe(true);
    }, 120_000);
  }
});
