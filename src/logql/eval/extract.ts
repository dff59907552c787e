/**
 * One log line to its sample value, as both range-aggregation paths take it (samples.ts, and the
 * grouped pushdown in pushdown.ts): through the compiled pipeline, then the byte length
 * (`bytes_*`), the unwrapped label, or 1. The entry stays readable afterwards for the caller's
 * labels and `__error__`.
 */
import type { Labels } from '../../world/types.js';
import type { Pipeline } from '../pipeline/index.js';
import { CONVERTERS, compileLabelFilter, Entry, unwrapValue } from '../pipeline/index.js';
import type { Unwrap } from '../syntax/index.js';
import { byteLen } from './select.js';

export interface SampleExtractor {
  /** The entry of the last line given: its labels and `__error__` after the pipeline ran. */
  readonly entry: Entry;
  /** The line's sample value, or undefined when the pipeline drops it or it has no unwrapped label. */
  valueOf(line: string, t: number, labels: Labels): number | undefined;
}

/** `keepUnwrapped`: the range aggregation groups `by` a list naming the unwrapped label. */
export function sampleExtractor(
  pipe: Pipeline,
  uw: Unwrap | undefined,
  bytes: boolean,
  keepUnwrapped = false,
): SampleExtractor {
  const conv = uw ? CONVERTERS[uw.conv ?? 'none'] : undefined;
  const post = uw?.post.map(compileLabelFilter) ?? [];
  const entry = new Entry();
  return {
    entry,
    valueOf(line, t, labels) {
      entry.reset(line, t, labels);
      if (!pipe.run(entry)) return undefined;
      if (uw && conv) return unwrapValue(entry, uw, conv, post, keepUnwrapped);
      return bytes ? byteLen(entry.line) : 1;
    },
  };
}
