/**
 * A golden after loading: the file's content with defaults applied, where it came from, and its
 * key instants resolved to epoch milliseconds. Everything downstream takes a `Golden`.
 */
import type { ConfigFile } from '../config.js';
import { resolveTimeRef } from '../time.js';
import type { GoldenFile } from './schema.js';

export interface Golden extends GoldenFile {
  /** Path of golden.yaml (for messages) and its folder (for data files). */
  file: string;
  dir: string;
  ms: { start: number; end: number; now: number; activeAt: number };
}

export function normalizeGolden(g: GoldenFile, file: string, dir: string): Golden {
  const start = Date.parse(g.time.start);
  return {
    ...g,
    file,
    dir,
    ms: {
      start,
      end: Date.parse(g.time.end),
      now: resolveTimeRef(g.time.now, start),
      activeAt: resolveTimeRef(g.alert.activeAt, start),
    },
  };
}

/**
 * bench.config.yaml after loading: the file's content with defaults applied and paths rebased by
 * the loader. Gate sets are resolved where `all` gets its meaning: the host's resolver
 * (host/gates/gate-set.ts) applies the rule of formats/gate-sets.ts with its versioned ALL_GATES.
 */
export type Config = ConfigFile;

/** Resolve one of the golden's time references (absolute or offset from time.start). */
export function goldenTime(g: Golden, ref: string): number {
  return resolveTimeRef(ref, g.ms.start);
}
