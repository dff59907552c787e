/**
 * Raw log lines from Loki: `/loki/api/v1/query_range` with direction=forward per time chunk,
 * paged by `limit` (the next page starts at the last timestamp seen, inclusive, and entries
 * already taken are dropped by stream + timestamp + line), so nothing is lost at a page edge.
 */

import { InputError } from '../errors.js';
import { capError } from './caps.js';
import { chunkEnds } from './chunks.js';
import { getData } from './http.js';
import type { CapturedStream, CaptureOptions, CaptureProgress } from './types.js';

interface StreamsData {
  result: { stream: Record<string, string>; values: [string, string][] }[];
}

const NS = 1_000_000n;

export async function captureStreams(
  o: CaptureOptions,
  progress: CaptureProgress,
): Promise<CapturedStream[]> {
  if (!o.loki) return [];
  const streams = new Map<string, CapturedStream & { seen: Set<string> }>();
  let lines = 0;
  for (const sel of o.logSelectors) {
    for (const c of chunkEnds(o.start, o.end, o.chunkMs)) {
      let from = BigInt(c.from) * NS;
      // Loki's end is exclusive: one nanosecond past the chunk's last millisecond.
      const to = (BigInt(c.to) + 1n) * NS;
      for (;;) {
        progress.tick(`logs ${sel}`);
        const data = (await getData(
          o.loki,
          '/loki/api/v1/query_range',
          {
            query: sel,
            direction: 'forward',
            limit: String(o.pageLimit),
            start: String(from),
            end: String(to),
          },
          o.auth,
        )) as StreamsData;
        let got = 0;
        let last = from;
        for (const r of data.result ?? []) {
          const k = JSON.stringify(Object.entries(r.stream).sort(([a], [b]) => (a < b ? -1 : 1)));
          let s = streams.get(k);
          if (!s) {
            s = { labels: r.stream, entries: [], seen: new Set() };
            streams.set(k, s);
          }
          for (const [ts, line] of r.values) {
            got++;
            const ns = BigInt(ts);
            if (ns > last) last = ns;
            const id = `${ts}\u0000${line}`;
            if (s.seen.has(id)) continue;
            s.seen.add(id);
            s.entries.push({ ns, line });
            if (++lines > o.caps.lines) throw capError('log lines', lines, o.caps.lines, '--max-lines');
          }
        }
        if (got < o.pageLimit) break;
        if (last === from) {
          throw new InputError(
            `capture: more than ${o.pageLimit} lines of ${sel} share the timestamp ${last} ns; raise --page-limit`,
          );
        }
        from = last;
      }
    }
  }
  return [...streams.values()].map(({ labels, entries }) => ({
    labels,
    entries: entries.sort((a, b) => (a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0)),
  }));
}
