/**
 * Raw samples from Prometheus: for each selector and chunk, the range-vector instant query
 * `sel[<chunk>ms]` at the chunk's end, so the answer is the stored samples themselves (no step,
 * no lookback filling). Samples are merged per label set, deduplicated and kept in [start, end];
 * a gap stays a gap. Prometheus' HTTP API does not return staleness markers, so a series that
 * stops simply has no later samples (docs/capture.md).
 */

import { capError } from './caps.js';
import { chunkEnds } from './chunks.js';
import { getData } from './http.js';
import type { CapturedSeries, CaptureOptions, CaptureProgress } from './types.js';
import { MatrixData } from './wire.js';

function key(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function captureSeries(o: CaptureOptions, progress: CaptureProgress): Promise<CapturedSeries[]> {
  if (!o.prometheus) return [];
  const chunks = chunkEnds(o.start, o.end, o.chunkMs);
  const bySeries = new Map<string, { labels: Record<string, string>; samples: Map<number, number> }>();
  let samples = 0;
  for (const sel of o.metricSelectors) {
    for (const c of chunks) {
      progress.tick(`metrics ${sel}`);
      // The range reaches 1 ms before the chunk's start, so a sample exactly on `from` is inside
      // whether the server's windows are left-open (Prometheus 3) or closed (2.x).
      const range = c.to - c.from + 1;
      const data = await getData(
        o,
        o.prometheus,
        '/api/v1/query',
        { query: `${sel}[${range}ms]`, time: String(c.to / 1000) },
        MatrixData,
      );
      for (const r of data.result) {
        const k = key(r.metric);
        let s = bySeries.get(k);
        if (!s) {
          s = { labels: r.metric, samples: new Map() };
          bySeries.set(k, s);
          if (bySeries.size > o.caps.series)
            throw capError('series', bySeries.size, o.caps.series, '--max-series');
        }
        for (const [t, v] of r.values ?? []) {
          const ms = Math.round(t * 1000);
          if (ms < o.start || ms > o.end || s.samples.has(ms)) continue;
          s.samples.set(ms, v);
          if (++samples > o.caps.samples) throw capError('samples', samples, o.caps.samples, '--max-samples');
        }
      }
    }
  }
  return [...bySeries.values()]
    .map((s) => ({ labels: s.labels, samples: [...s.samples].sort((a, b) => a[0] - b[0]) }))
    .filter((s) => s.samples.length > 0);
}
