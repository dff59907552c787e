/**
 * A command seat's wave and fan-out figures, from the calls its server answered. Gated, each call
 * carries the session's wave (GateNote.wave, host/surface/waves.ts), so the trace's waves are the
 * ones the gates judged; ungated, every call is its own wave, as before. Fan-out is counted as
 * the host counts it (one tool on one backend at once), from the calls that ran overlapping in
 * time: a refused call never ran.
 */
import { toolOfApi } from '../protocol/api-tool.js';
import type { ServedCall } from './types.js';

/** The wave of each call, by its position in `calls` (sorted by id). */
export function wavesOf(calls: readonly ServedCall[]): number[] {
  return calls.map((c, i) => c.res.gate?.wave ?? i + 1);
}

export function maxFanout(calls: readonly ServedCall[]): number {
  const edges = new Map<string, { at: number; d: number }[]>();
  for (const c of calls) {
    if (c.res.gate?.refused) continue;
    const kind = toolOfApi(c.req.api);
    const group = `${kind.tool}@${kind.source === 'logs' ? 'loki' : 'prometheus'}`;
    const list = edges.get(group) ?? [];
    // Queued time is not running time: a deferred call overlaps from when it was let through.
    list.push({ at: c.startedAt + (c.res.gate?.queuedMs ?? 0), d: 1 }, { at: c.endedAt, d: -1 });
    edges.set(group, list);
  }
  let max = 0;
  for (const list of edges.values()) {
    // Ends before starts at one instant: back-to-back calls do not overlap.
    list.sort((a, b) => a.at - b.at || a.d - b.d);
    let n = 0;
    for (const e of list) max = Math.max(max, (n += e.d));
  }
  return max;
}
