/**
 * The `unwrap` stage: a label's value as a sample, through one of Loki's converters. It ends a
 * pipeline, so it sits beside the stages; eval/samples.ts and the pushdown fast paths call it.
 */
import type { Unwrap } from '../syntax/index.js';
import type { Entry } from './entry.js';
import { type Converted, goBytes, goDuration, goFloat } from './go-convert.js';
import type { FilterFn } from './label-filter.js';

/** Loki's converters, each with Go's text for a value that does not convert (go-convert.ts). */
export const CONVERTERS: Record<string, (s: string) => Converted> = {
  none: goFloat,
  duration: goDuration,
  duration_seconds: goDuration,
  bytes: goBytes,
};

/**
 * The unwrapped value of an entry that passed its pipeline. A line without the label (or with it
 * empty) gives no sample at all, as Loki's labelSampleExtractor.Process does ("It's totally fine
 * for log line to not have this particular label"); only a value that does not convert is a
 * SampleExtractionErr (value 0). The unwrapped label goes, then the post-unwrap filters run.
 * Undefined when the entry gives no sample.
 */
export function unwrapValue(
  entry: Entry,
  uw: Unwrap,
  conv: (s: string) => Converted,
  post: readonly FilterFn[],
): number | undefined {
  const raw = entry.get(uw.label);
  if (raw === undefined || raw === '') return undefined;
  const c = conv(raw);
  if (!c.ok) entry.setError('SampleExtractionErr', c.err);
  entry.del(uw.label);
  if (!post.every((f) => f(entry))) return undefined;
  return c.ok ? c.v : 0;
}
