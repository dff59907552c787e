/**
 * Series whose sample values are times (unix seconds) the server itself writes: the rule
 * manager's `ALERTS_FOR_STATE` holds each alert's activeAt. Under a time shift (`bench serve
 * --shift-to-now`, command seats) their values move with the clock, inside the engine, so
 * `time() - ALERTS_FOR_STATE` is an alert's age whatever the shift (a shift applied only to the
 * response would leave every expression over the series off by the whole shift).
 */
import type { Series, SeriesSource } from '../world/types.js';

const TIME_VALUED = new Set(['ALERTS_FOR_STATE']);

/** `src` with the time-valued series' values moved by `shiftMs` (whole seconds, as Prometheus stores them). */
export function withTimeValuesShifted(src: SeriesSource, shiftMs: number): SeriesSource {
  const shiftS = Math.floor(shiftMs / 1000);
  if (shiftS === 0) return src;
  const moved = new WeakMap<Series, Series>();
  const shift = (s: Series): Series => {
    if (!TIME_VALUED.has(s.labels.__name__ ?? '')) return s;
    let m = moved.get(s);
    if (!m) {
      // stale markers (NaN) stay NaN: NaN + n is NaN
      m = { labels: s.labels, ts: s.ts, vs: s.vs.map((v) => v + shiftS) };
      moved.set(s, m);
    }
    return m;
  };
  return {
    select: (matchers, minT, maxT) => src.select(matchers, minT, maxT).map(shift),
    labelNames: (m, minT, maxT) => src.labelNames(m, minT, maxT),
    labelValues: (name, m, minT, maxT) => src.labelValues(name, m, minT, maxT),
  };
}
