/**
 * A golden's world, built deterministically from its spec and `world.seed`: metric blocks (`load`
 * in promqltest notation, or seeded `generate`) into a SeriesStore, log blocks into a LogStore.
 * The same golden gives a byte-identical world (see hash.ts); the order blocks are written in does
 * not change any one series' randomness.
 */
import { join } from 'node:path';
import type { Golden } from '../formats/golden/index.js';
import { resolveTimeRef } from '../formats/time.js';
import type { GenContext } from './generate/index.js';
import { generateLogBlock, generateMetric, loadBlock } from './generate/index.js';
import { assertWorldFits } from './limits.js';
import { LogStore } from './log-store.js';
import { SeriesStore } from './series-store.js';
import type { World } from './types.js';

export function buildWorld(golden: Golden): World {
  // Caps first: past them the generators would grow arrays until V8 aborts the process.
  assertWorldFits(golden);
  const start = golden.ms.start;
  const ctx: GenContext = {
    seed: golden.world.seed ?? 1,
    start,
    end: golden.ms.end,
    resolve: (ref) => resolveTimeRef(ref, start),
  };
  const metrics = new SeriesStore();
  (golden.world.metrics ?? []).forEach((block, i) => {
    if ('load' in block) {
      const first = block.at === undefined ? start : resolveTimeRef(block.at, start);
      // A data file's line errors are placed in that file, at the line (formats/golden/data-files.ts).
      const dataFile = block.file === undefined ? undefined : join(golden.dir, block.file);
      const ref = { file: golden.file, path: `world.metrics.${i}`, dataFile };
      loadBlock(block.load, block.series ?? '', first, metrics, ref);
    } else generateMetric(block.generate, ctx, metrics);
  });
  const logs = new LogStore();
  for (const block of golden.world.logs ?? []) generateLogBlock(block, ctx, logs);
  metrics.all();
  logs.all();
  return { start, end: golden.ms.end, metrics, logs };
}
