/**
 * Raw log lines from Loki: `/loki/api/v1/query_range` with direction=forward per time chunk,
 * paged by `limit` (the next page starts at the last timestamp seen, inclusive, and the entries
 * the previous page already had at that instant are dropped once each), so nothing is lost or
 * doubled at a page edge. Asked with Loki's `categorize-labels` flag, a Loki 3 answers each entry's
 * structured metadata apart from the stream's labels; it is kept with the entry.
 */

import { InputError } from '../errors.js';
import { capError } from './caps.js';
import { chunkEnds } from './chunks.js';
import { getData } from './http.js';
import type { CapturedStream, CaptureOptions, CaptureProgress } from './types.js';
import { StreamsData } from './wire.js';

const NS = 1_000_000n;

function streamKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The `structuredMetadata` of a categorized entry's third element, when it holds string pairs. */
function structuredMetadata(extra: unknown): Record<string, string> | undefined {
  if (!extra || typeof extra !== 'object') return undefined;
  const sm = (extra as { structuredMetadata?: unknown }).structuredMetadata;
  if (!sm || typeof sm !== 'object' || Array.isArray(sm)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(sm)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

export async function captureStreams(
  o: CaptureOptions,
  progress: CaptureProgress,
): Promise<CapturedStream[]> {
  if (!o.loki) return [];
  const streams = new Map<string, CapturedStream>();
  let lines = 0;
  for (const sel of o.logSelectors) {
    for (const c of chunkEnds(o.start, o.end, o.chunkMs)) {
      let from = BigInt(c.from) * NS;
      // Loki's end is exclusive: one nanosecond past the chunk's last millisecond.
      const to = (BigInt(c.to) + 1n) * NS;
      // Entries of the previous page at its last timestamp: the next page (start inclusive)
      // repeats them, and only those repeats are dropped. Identical lines at one instant are kept
      // as often as the server has them (a synthetic world may hold two; Loki itself keeps one).
      let edge = new Map<string, number>();
      for (;;) {
        progress.tick(`logs ${sel}`);
        const data = await getData(
          o,
          o.loki,
          '/loki/api/v1/query_range',
          {
            query: sel,
            direction: 'forward',
            limit: String(o.pageLimit),
            start: String(from),
            end: String(to),
          },
          StreamsData,
          // Loki 3 then keeps structured metadata out of the stream's labels (the third element).
          { 'X-Loki-Response-Encoding-Flags': 'categorize-labels' },
        );
        let got = 0;
        let last = from;
        const page: { k: string; ns: bigint; id: string }[] = [];
        for (const r of data.result) {
          const k = streamKey(r.stream);
          let s = streams.get(k);
          if (!s) {
            s = { labels: r.stream, entries: [] };
            streams.set(k, s);
          }
          for (const [ts, line, extra] of r.values) {
            got++;
            const ns = BigInt(ts);
            if (ns > last) last = ns;
            const metadata = structuredMetadata(extra);
            const id = `${k}\u0000${ts}\u0000${line}\u0000${metadata ? JSON.stringify(metadata) : ''}`;
            page.push({ k, ns, id });
            const repeats = ns === from ? (edge.get(id) ?? 0) : 0;
            if (repeats > 0) {
              edge.set(id, repeats - 1);
              continue;
            }
            s.entries.push(metadata ? { ns, line, metadata } : { ns, line });
            if (++lines > o.caps.lines) throw capError('log lines', lines, o.caps.lines, '--max-lines');
          }
        }
        if (got < o.pageLimit) break;
        if (last === from) {
          throw new InputError(
            `capture: more than ${o.pageLimit} lines of ${sel} share the timestamp ${last} ns; raise --page-limit`,
          );
        }
        edge = new Map();
        for (const e of page) if (e.ns === last) edge.set(e.id, (edge.get(e.id) ?? 0) + 1);
        from = last;
      }
    }
  }
  return [...streams.values()].map(({ labels, entries }) => ({
    labels,
    entries: entries.sort((a, b) => (a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0)),
  }));
}
