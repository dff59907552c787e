/**
 * `load` blocks in promqltest notation: every series line expands to one sample per interval,
 * the first at time.start (t=0); `_` slots are skipped, `stale` is a staleness marker.
 */
import { InputError } from '../../errors.js';
import { parseDuration } from '../../spec/time.js';
import { parseSeriesLine } from '../notation.js';
import type { SeriesStore } from '../series-store.js';

export interface LoadBlockRef {
  /** golden.yaml path and the block's dot path, for error messages. */
  file: string;
  path: string;
}

export function loadBlock(
  interval: string,
  series: string,
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
      const message = `series line ${n + 1}: ${e instanceof Error ? e.message : String(e)}`;
      throw new InputError('bad load block', [
        { ...ref, path: `${ref.path}.series`, message, severity: 'error' },
      ]);
    }
    const ts: number[] = [];
    const vs: number[] = [];
    parsed.values.forEach((v, i) => {
      if (v === undefined) return;
      ts.push(start + i * step);
      vs.push(v);
    });
    store.addSeries(parsed.labels, ts, vs);
  }
}
