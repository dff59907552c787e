/**
 * Run folders of older benches (runlog/manifest.ts): run.json without the fields added since is
 * read as the table there says, what a resume takes from its inputs fills only what is missing,
 * the input hashes are checked like every other field, and a folder's scorecard.json of another
 * version is told apart from this one's.
 */
import { describe, expect, it } from 'vitest';
import { completeManifest, isOlderScorecard, readManifest } from '../../src/runlog/manifest.js';
import { json, MANIFEST, SCORECARD, withFields } from '../cli/bad-inputs.fixtures.js';
import { inputErrorOf, tempDir, write } from '../formats/helpers.js';

const folderWith = (manifest: object): string => {
  const dir = tempDir();
  write(dir, 'run.json', json(manifest));
  return dir;
};

const HASHES = {
  goldens: { 'mini-checkout': { 'golden.yaml': 'a1' } },
  seats: { 'sim-diligent': { 'sim.yaml': 'b2' } },
  config: { file: 'bench.config.yaml', keys: { seed: 'c3' } },
  gateSets: { none: 'd4' },
};

describe('run.json of an older bench', () => {
  it('reads a folder from before the ceiling as planning none', () => {
    expect(MANIFEST.plan).not.toHaveProperty('ceiling');
    expect(readManifest(folderWith(MANIFEST)).plan.ceiling).toBe(false);
    const withCeiling = { ...MANIFEST, plan: { ...MANIFEST.plan, ceiling: true } };
    expect(readManifest(folderWith(withCeiling)).plan.ceiling).toBe(true);
  });

  it('keeps what a manifest has and takes only what it lacks from the resume', () => {
    const old = readManifest(folderWith(MANIFEST));
    expect(old.assert).toBeUndefined();
    expect(old.gateSets).toBeUndefined();
    const meaning = { none: { gates: [], settings: {} } };
    completeManifest(old, { assert: [{ type: 'honesty', max: 0 }], gateSets: () => meaning });
    expect(old.assert).toEqual([{ type: 'honesty', max: 0 }]);
    expect(old.gateSets).toEqual(meaning);

    const recorded = readManifest(folderWith({ ...MANIFEST, assert: [], gateSets: meaning }));
    completeManifest(recorded, {
      assert: [{ type: 'honesty', max: 0 }],
      gateSets: () => {
        throw new Error('a recorded gate set is not recomputed');
      },
    });
    expect(recorded.assert).toEqual([]);
  });

  it('reads the input hashes back as they were written, and refuses mistyped ones at their path', () => {
    expect(readManifest(folderWith({ ...MANIFEST, inputs: HASHES })).inputs).toEqual(HASHES);
    const bad = { ...HASHES, config: { file: 'bench.config.yaml', keys: { seed: 3 } } };
    const dir = folderWith({ ...MANIFEST, inputs: bad });
    const e = inputErrorOf(() => readManifest(dir));
    expect(e.issues).toEqual([expect.objectContaining({ path: 'inputs.config.keys.seed' })]);
  });

  it("tells a folder's scorecard.json of another version from this one's and from a broken file", () => {
    const dir = tempDir();
    const at = (text: string) => write(dir, 'scorecard.json', text);
    expect(isOlderScorecard(at(json(withFields(SCORECARD, { format: 'rematch.scorecard/1' }))))).toBe(true);
    expect(isOlderScorecard(at(json(SCORECARD)))).toBe(false);
    expect(isOlderScorecard(at('{"format": "rematch.scorecard/1"'))).toBe(false);
    expect(isOlderScorecard(`${dir}/absent.json`)).toBe(false);
  });
});
