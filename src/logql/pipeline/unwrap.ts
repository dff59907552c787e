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
 * SampleExtractionErr (value 0). The post-unwrap filters run while the label is still there
 * (`unwrap v | v > 3` filters on it, as in Loki), then the label goes unless `keep`: Loki drops it
 * by grouping the sample `without (v)` unless the range aggregation groups `by` a list naming it.
 * Undefined when the entry gives no sample.
 */
export function unwrapValue(
  entry: Entry,
  uw: Unwrap,
  conv: (s: string) => Converted,
  post: readonly FilterFn[],
  keep = false,
): number | undefined {
  const raw = entry.get(uw.label);
  if (raw === undefined || raw === '') return undefined;
  const c = conv(raw);
  if (!c.ok) entry.setError('SampleExtractionErr', c.err);
  if (!post.every((f) => f(entry))) return undefined;
  if (!keep) entry.del(uw.label);
  return c.ok ? c.v : 0;
}
