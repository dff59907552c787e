/**
 * `load` blocks in promqltest notation: every series line expands to one sample per interval,
 * the first at the block's `at` (default time.start); `_` slots are skipped, `stale` is a staleness marker.
 */
import { InputError } from '../../errors.js';
import { parseDuration } from '../../formats/time.js';
import { parseSeriesLine } from '../notation.js';
import type { SeriesStore } from '../series-store.js';

export interface LoadBlockRef {
  /** golden.yaml path and the block's dot path, for error messages. */
  file: string;
  path: string;
  /** The data file the lines were read from, if any: errors name it and the line. */
  dataFile?: string;
}

export function loadBlock(
  interval: string,
  series: string,
  /** Epoch ms of each line's first sample. */
  start: number,
  store: SeriesStore,
  ref: LoadBlockRef,
): void {
  const step = parseDuration(interval);
  if (step === undefined || step <= 0) {
    throw new InputError('bad load block', [
      { ...ref, path: `${ref.path}.load`, message: `not an interval: ${interval}`, severity: 'error' },
    ]);
  }
  const lines = series.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const text = lines[n].trim();
    if (text === '' || text.startsWith('#')) continue;
    let parsed: ReturnType<typeof parseSeriesLine>;
    try {
      parsed = parseSeriesLine(text);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      const issue = ref.dataFile
        ? { file: ref.dataFile, line: n + 1, col: 1, message: why }
        : { file: ref.file, path: `${ref.path}.series`, message: `series line ${n + 1}: ${why}` };
      throw new InputError('bad load block', [{ ...issue, severity: 'error' }]);
    }
    // append() one by one: copying into a plain number[] would canonicalize the stale NaN payload.
    for (let i = 0; i < parsed.values.length; i++) {
      const v = parsed.values[i];
      if (v !== undefined) store.append(parsed.labels, start + i * step, v);
    }
  }
}
