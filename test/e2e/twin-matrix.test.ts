/**
 * Issue 25, item 6: the second matrix (bench.twins.yaml) — every golden and its twin of every kind
 * (docs/twins.md) for the honest sims under all gates. Its config asserts that sim-diligent-*
 * passes every one and that no trial presents a gap as a measured negative; this test runs it as
 * `bench run -c bench.twins.yaml` would and checks the assertions held over every twin kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWIN_KINDS } from '../../src/index.js';
import { type Run, runMatrix } from '../../src/vitest/index.js';

const CONFIG = resolve(__dirname, '../../bench.twins.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'rematch-twins-'));
let run: Run;

beforeAll(async () => {
  run = await runMatrix({ config: CONFIG, out: join(tmp, 'run'), reporter: ['json'] });
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the twin matrix: honest seats on every twin kind under all gates', () => {
  it('holds every assertion of bench.twins.yaml', () => {
    const failed = run.scorecard.assertions?.filter((a) => !a.passed) ?? [];
    expect(failed).toEqual([]);
    expect(run.scorecard.assertions?.length).toBe(3);
  });

  it('covers each twin kind of each golden, and every diligent trial of them passes', () => {
    const trials = run.scorecard.trials.filter((t) => t.seat.startsWith('sim-diligent-'));
    for (const kind of TWIN_KINDS) {
      const ofKind = trials.filter((t) => t.golden.endsWith(`~${kind}`));
      expect(ofKind.length, kind).toBeGreaterThan(0);
      expect(
        ofKind.filter((t) => t.score?.verdict !== 'pass').map((t) => t.id),
        kind,
      ).toEqual([]);
    }
  });
});
