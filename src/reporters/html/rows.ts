/**
 * A trace as rows of report.html's timeline: each call joined with its result, turns, gate
 * decisions, node starts and ends with their usage, the Theory and the end. Long text is clipped
 * here, not in the page: a default run's traces would otherwise make the page tens of megabytes.
 */
import type { TraceEvent } from '../../formats/run/index.js';

const clip = (s: string | undefined, n: number): string | undefined => {
  if (s === undefined) return undefined;
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** A timeline row: `k` says which kind; the fields are the event's, joined and clipped. */
export type TimelineRow =
  | { k: 'turn'; t: number; node: string; turn: number; ms: number; tin: number; tout: number; text?: string }
  | {
      k: 'call';
      t: number;
      node: string;
      id: string;
      wave: number;
      tool: string;
      cls: string;
      what?: string;
      outcome?: string;
      shown?: string;
      n?: number;
      ms?: number;
      queueMs?: number;
      fp?: string;
      fault?: string;
      error?: string;
      preview?: string;
    }
  | { k: 'gate'; t: number; gate: string; decision: string; reason: string; callId?: string; node?: string }
  | {
      k: 'node';
      t: number;
      node: string;
      event: string;
      kind: string;
      goal: string;
      parent?: string;
      result?: string;
      usage?: { tokens: number; toolCalls: number; wallMs: number; turns: number };
    }
  | { k: 'theory'; t: number; source: string }
  | { k: 'end'; t: number; stop: string; unscored: boolean; error?: string };

export function rowsOf(events: TraceEvent[]): TimelineRow[] {
  const results = new Map<string, TraceEvent & { type: 'tool_result' }>();
  for (const e of events) if (e.type === 'tool_result') results.set(e.id, e);
  const rows: TimelineRow[] = [];
  for (const e of events) {
    if (e.type === 'model_turn') {
      const { t, node, turn, latencyMs: ms, tokens } = e;
      rows.push({
        k: 'turn',
        t,
        node,
        turn,
        ms,
        tin: tokens.input,
        tout: tokens.output,
        text: clip(e.text, 160),
      });
    } else if (e.type === 'tool_call') {
      const r = results.get(e.id);
      const what = e.query ?? (e.args === undefined ? undefined : JSON.stringify(e.args));
      rows.push({
        k: 'call',
        t: e.t,
        node: e.node,
        id: e.id,
        wave: e.wave,
        tool: e.tool,
        cls: e.class,
        what: clip(what, 300),
        outcome: r?.outcome,
        shown: r?.shown,
        n: r?.n,
        ms: r?.latencyMs,
        queueMs: r?.queueMs || undefined,
        fp: r?.fingerprint,
        fault: r?.fault,
        error: clip(r?.error, 200),
        preview: clip(r?.preview, 200),
      });
    } else if (e.type === 'gate') {
      const { t, gate, decision, callId, node } = e;
      rows.push({ k: 'gate', t, gate, decision, reason: clip(e.reason, 300) ?? '', callId, node });
    } else if (e.type === 'node') {
      const { t, node, event, kind, parent, result, usage } = e;
      rows.push({ k: 'node', t, node, event, kind, goal: clip(e.goal, 140) ?? '', parent, result, usage });
    } else if (e.type === 'theory') rows.push({ k: 'theory', t: e.t, source: e.source });
    else if (e.type === 'end')
      rows.push({ k: 'end', t: e.t, stop: e.stop, unscored: e.unscored, error: e.error });
  }
  return rows;
}
