/**
 * The `unwrap` stage: a label's value as a sample, through one of Loki's converters. It ends a
 * pipeline, so it sits beside the stages; eval/samples.ts and the pushdown fast paths call it.
 */
import type { Unwrap } from '../syntax/ast.js';
import { parseBytes, parseDurationMs, parseGoFloat } from '../syntax/literals.js';
import type { Entry } from './entry.js';
import type { FilterFn } from './label-filter.js';

export const CONVERTERS: Record<string, (s: string) => number | null> = {
  none: parseGoFloat,
  duration: (s) => {
    const ms = parseDurationMs(s);
    return ms === null ? null : ms / 1000;
  },
  duration_seconds: (s) => CONVERTERS.duration(s),
  bytes: parseBytes,
};

/**
 * The unwrapped value of an entry that passed its pipeline: a value that does not convert is a
 * SampleExtractionErr with value 0, the unwrapped label goes, then the post-unwrap filters run.
 * Undefined when those filters drop the entry.
 */
export function unwrapValue(
  entry: Entry,
  uw: Unwrap,
  conv: (s: string) => number | null,
  post: readonly FilterFn[],
): number | undefined {
  const raw = entry.get(uw.label);
  const parsed = raw === undefined ? null : conv(raw);
  if (parsed === null) {
    entry.setError('SampleExtractionErr', `cannot convert label ${uw.label}="${raw ?? ''}" to a number`);
  }
  entry.del(uw.label);
  if (!post.every((f) => f(entry))) return undefined;
  return parsed ?? 0;
}
