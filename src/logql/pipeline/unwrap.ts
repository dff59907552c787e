/**
 * The `unwrap` stage: a label's value as a sample, through one of Loki's converters. It ends a
 * pipeline, so it sits beside the stages; eval/samples.ts and the pushdown fast paths call it.
 */
import type { Unwrap } from '../syntax/index.js';
import { parseBytes, parseDurationMs, parseGoFloat } from '../syntax/index.js';
import type { Entry } from './entry.js';
import type { FilterFn } from './label-filter.js';

/** Go's text for the failed conversion (strconv.ParseFloat, time.ParseDuration, humanize.ParseBytes). */
function conversionError(conv: Unwrap['conv'], raw: string): string {
  const q = JSON.stringify(raw);
  if (conv === 'duration' || conv === 'duration_seconds') return `time: invalid duration ${q}`;
  return `strconv.ParseFloat: parsing ${q}: invalid syntax`;
}

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
 * The unwrapped value of an entry that passed its pipeline. A line without the label (or with it
 * empty) gives no sample at all, as Loki's labelSampleExtractor.Process does ("It's totally fine
 * for log line to not have this particular label"); only a value that does not convert is a
 * SampleExtractionErr (value 0). The unwrapped label goes, then the post-unwrap filters run.
 * Undefined when the entry gives no sample.
 */
export function unwrapValue(
  entry: Entry,
  uw: Unwrap,
  conv: (s: string) => number | null,
  post: readonly FilterFn[],
): number | undefined {
  const raw = entry.get(uw.label);
  if (raw === undefined || raw === '') return undefined;
  const parsed = conv(raw);
  if (parsed === null) entry.setError('SampleExtractionErr', conversionError(uw.conv, raw));
  entry.del(uw.label);
  if (!post.every((f) => f(entry))) return undefined;
  return parsed ?? 0;
}
