/**
 * The world cache (src/execute/world-cache.ts): a world read back from disk is the world built
 * (the same hash, stale markers included), a file that does not read back is built again and
 * replaced, a changed data file or block is another key; and through the built CLI a run writes
 * the cache beside its config, a second run reads it with the same scorecard, `--no-cache` writes
 * nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { worldData } from '../../src/backend/index.js';
import { dropWorld, worldFor, worldKeyOf } from '../../src/execute/trial.js';
import { cachedWorld, worldCacheFile } from '../../src/execute/world-cache.js';
import type { Golden } from '../../src/formats/golden/index.js';
import { buildWorld } from '../../src/world/build.js';
import { hashWorld } from '../../src/world/hash.js';
import { makeGolden } from '../backend/fixtures.js';
import { bench } from '../formats/helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'rematch-world-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A small golden whose world is `world`, in folder `dir` (where its data files are read from). */
const golden = (dir: string, world: unknown): Golden => ({
  ...makeGolden({ world }),
  dir,
  file: join(dir, 'golden.yaml'),
});

const world = (file?: string, seed = 3) => ({
  seed,
  metrics: [
    { load: '1m', series: 'jobs_total{job="a"} 0+10x3 _ stale' },
    ...(file ? [{ load: '1m', file }] : []),
    { generate: { metric: 'g', type: 'gauge', labels: { pod: ['x', 'y'] }, value: { base: 3, noise: 0.3 } } },
  ],
  logs: [
    {
      stream: { app: 'y' },
      generate: {
        rate: { base: 0.5, noise: 0.2 },
        templates: [{ text: 'n={n}', fields: { n: { int: [0, 9] } } }],
      },
    },
  ],
});

describe('the world cache', () => {
  it('reads back the world it built; rebuilds what does not read back; keys by content', () => {
    const dir = join(root, 'g');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'more.txt'), 'queue{job="a"} 5x2\n');
    const g = golden(dir, world('more.txt'));
    const cache = join(root, 'cache');
    const built = hashWorld(buildWorld(g));
    const key = worldKeyOf(g);
    expect(hashWorld(cachedWorld(g, key, cache))).toBe(built); // cold: built, written
    const file = worldCacheFile(cache, key);
    expect(readdirSync(cache)).toEqual([file.split('/').pop()]);
    expect(hashWorld(cachedWorld(g, key, cache))).toBe(built); // warm: read back
    // what is read is the file, not a rebuild: another world planted under this key comes back
    const planted = buildWorld(golden(dir, world(undefined, 4)));
    writeFileSync(file, serialize(worldData(planted)));
    expect(hashWorld(cachedWorld(g, key, cache))).toBe(hashWorld(planted));
    expect(hashWorld(planted)).not.toBe(built);
    writeFileSync(file, readFileSync(file).subarray(0, 100)); // cut short
    expect(hashWorld(cachedWorld(g, key, cache))).toBe(built);
    expect(readFileSync(file).length).toBeGreaterThan(100); // replaced whole
    // another data file's bytes, or another block, is another world
    writeFileSync(join(dir, 'more.txt'), 'queue{job="a"} 6x2\n');
    const changed = golden(dir, world('more.txt'));
    expect(worldKeyOf(changed)).not.toBe(key);
    expect(worldKeyOf(golden(dir, world()))).not.toBe(key);
    expect(hashWorld(cachedWorld(changed, worldKeyOf(changed), cache))).toBe(hashWorld(buildWorld(changed)));
    // the process-wide table takes the cache too
    dropWorld(key);
    expect(hashWorld(worldFor(g, cache))).toBe(built);
  });

  it('bench run writes it beside the config and reads it back with the same scorecard; --no-cache writes none', () => {
    const cfg = (dir: string): string => {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'bench.config.yaml');
      writeFileSync(
        file,
        [
          `goldens: [${join(ROOT, 'goldens/scrape-gap-false-positive')}]`,
          `seats: [${join(ROOT, 'seats')}]`,
          'defaultSeats: [sim-diligent-react, sim-tweaker-react]',
          'repetitions: 1',
        ].join('\n'),
      );
      return file;
    };
    const scorecard = (out: string) => {
      const sc = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'));
      delete sc.meta;
      for (const t of sc.trials ?? []) delete t.elapsedMs;
      return JSON.stringify(sc).replace(/"wallMs":[\d.]+/g, '');
    };
    const a = join(root, 'a');
    const run = (dir: string, out: string, ...extra: string[]) => {
      const r = bench(['run', '-c', cfg(dir), '--out', out, '--no-history', ...extra], dir);
      expect(r.status, r.stderr).toBe(0);
    };
    run(a, join(a, 'r1'));
    const files = readdirSync(join(a, '.rematch-cache/worlds'));
    expect(files).toHaveLength(1);
    run(a, join(a, 'r2'));
    expect(readdirSync(join(a, '.rematch-cache/worlds'))).toEqual(files);
    expect(scorecard(join(a, 'r2'))).toBe(scorecard(join(a, 'r1')));
    const b = join(root, 'b');
    run(b, join(b, 'r1'), '--no-cache');
    expect(readdirSync(b)).not.toContain('.rematch-cache');
    expect(scorecard(join(b, 'r1'))).toBe(scorecard(join(a, 'r1')));
  });
});
