/**
 * Log queries → streams. Every distinct final label set is a stream. `limit` applies to the
 * entries of all streams together: the newest `limit` (backward) or oldest (forward) in [start, end).
 */
import type { Labels, LogEntry, LogSource } from '../../world/types.js';
import { LogQLError, type LogQueryOptions, type StreamResult } from '../api.js';
import { compilePipeline, Entry, keyOf } from '../pipeline/index.js';
import type { LogQuery } from '../syntax/index.js';
import { byteLen, countLine, type EvalStats, noteSelected, selectStreams } from './select.js';

interface Candidate {
  t: number;
  line: string;
  key: string;
  labels: Labels;
}

export function evalLogQuery(
  src: LogSource,
  q: LogQuery,
  opts: LogQueryOptions,
  stats: EvalStats,
): StreamResult[] {
  const limit = opts.limit ?? 100;
  if (!Number.isInteger(limit) || limit <= 0)
    throw new LogQLError('bad_data', 'limit must be a positive value');
  const backward = (opts.direction ?? 'backward') === 'backward';
  const streams = selectStreams(src, q.selector, opts.start, opts.end - 1);
  noteSelected(stats, q, streams);
  const pipe = compilePipeline(q.stages);
  const entry = new Entry();
  const cands: Candidate[] = [];
  for (const s of streams) {
    const es = s.entries;
    const baseKey = keyOf(s.labels);
    let taken = 0;
    // Per source stream at most `limit` entries can survive the global cut, so stop there.
    for (let k = 0; k < es.length && taken < limit; k++) {
      const { t, line } = es[backward ? es.length - 1 - k : k];
      countLine(stats, byteLen(line));
      if (pipe.lineOnly) {
        if (!pipe.lineOnly(line)) continue;
        cands.push({ t, line, key: baseKey, labels: s.labels });
      } else {
        entry.reset(line, t, s.labels);
        if (!pipe.run(entry)) continue;
        const labels = entry.finalLabels();
        cands.push({ t, line: entry.line, key: labels === s.labels ? baseKey : keyOf(labels), labels });
      }
      taken++;
    }
  }
  cands.sort((a, b) => (backward ? b.t - a.t : a.t - b.t) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const kept = cands.slice(0, limit);
  const out = new Map<string, { labels: Labels; entries: LogEntry[] }>();
  for (const c of kept) {
    let r = out.get(c.key);
    if (!r) {
      r = { labels: c.labels, entries: [] };
      out.set(c.key, r);
    }
    r.entries.push({ t: c.t, line: c.line });
  }
  stats.entriesReturned += kept.length;
  return [...out.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, r]) => r);
}
