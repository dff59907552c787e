/**
 * A golden after loading: the file's content with defaults applied, where it came from, and its
 * key instants resolved to epoch milliseconds. Everything downstream takes a `Golden`.
 */
import type { ConfigFile, GateName } from './config.js';
import { type ResolvedGateSet, resolveGateSets } from './gate-sets.js';
import type { GoldenFile } from './golden.js';
import { resolveTimeRef } from './time.js';

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
 * bench.config.yaml after loading: the file's content with defaults applied (paths rebased by the
 * loader) and every gate set already resolved, so nothing downstream restates what `none`, `all`
 * or a named set means.
 */
export interface Config extends ConfigFile {
  resolvedGateSets: Record<string, ResolvedGateSet>;
}

/** `order`: every gate name in composition order, what `all` means (default: the vocabulary's). */
export function normalizeConfig(c: ConfigFile, order?: readonly GateName[]): Config {
  return { ...c, resolvedGateSets: resolveGateSets(c, order) };
}

/** Resolve one of the golden's time references (absolute or offset from time.start). */
export function goldenTime(g: Golden, ref: string): number {
  return resolveTimeRef(ref, g.ms.start);
}
