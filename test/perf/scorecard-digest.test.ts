/**
 * Optimisations change no result. The default matrix's scorecard (every trial's score, every row,
 * interval, effect and assertion), outside `meta` (run id, folder, generation time, real elapsed
 * times), hashes to the digest below. A change that only makes the bench faster or smaller keeps it;
 * a change that means to move a score updates it in the same commit and says why. The digest was
 * taken at 64aabd2, before the speed work of issue 27 (bootstrap on indices, the masked-JSON
 * short cut, memoized query shapes, the sims' counted characters, the trace's gathered writes).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRun } from '../shared-runs.js';

const DIGEST = '42e9d67e16c52a00831f2b3c25452729f521d91454e91a6d674a88caaba72e1a';

describe('the default matrix’s scorecard', () => {
  it('is the same, outside meta, as before the optimisations', async () => {
    const run = await defaultRun();
    expect(run.status, run.stderr).toBe(0);
    const sc = JSON.parse(readFileSync(join(run.dir, 'scorecard.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(sc)).toContain('meta');
    delete sc.meta;
    const digest = createHash('sha256').update(JSON.stringify(sc)).digest('hex');
    // a deliberate change of a score: put the new digest here and say why in the commit
    expect(digest, 'scorecard.json without meta changed (test/perf/scorecard-digest.test.ts)').toBe(DIGEST);
  });
});
