/**
 * One trial of two runs side by side (`bench compare`, the viewer's comparison): each trace cut
 * into turns (a model turn and the calls, results and gate decisions after it, until the next
 * turn), the two lists aligned by turn number, and the first point where they part: a different
 * call (tool or query), a different outcome of the same call, a steer or a halt on one side only
 * (or different ones), or one side ending while the other goes on. Pure.
 */

import type { TraceEvent } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';

export interface AlignedCall {
  id: string;
  tool: string;
  /** The query, else the arguments as JSON. */
  what: string;
  outcome: string | null;
  n: number | null;
  error?: string;
}

export interface AlignedGate {
  gate: string;
  decision: string;
  reason: string;
}

export interface AlignedTurn {
  /** 1-based, in trace order across every node. */
  turn: number;
  node: string;
  text: string;
  calls: AlignedCall[];
  /** Gate decisions but `allow`, in order. */
  gates: AlignedGate[];
}

export type DifferenceKind = 'call' | 'outcome' | 'steer' | 'halt' | 'end';

export interface FirstDifference {
  turn: number;
  kind: DifferenceKind;
  detail: string;
}

export interface TrialTimeline {
  turns: AlignedTurn[];
  stop: string | null;
  theory: Theory | null;
}

export interface AlignedPair {
  turn: number;
  a?: AlignedTurn;
  b?: AlignedTurn;
}

export interface Alignment {
  pairs: AlignedPair[];
  first: FirstDifference | null;
}

export function timelineOf(events: readonly TraceEvent[]): TrialTimeline {
  const turns: AlignedTurn[] = [];
  const calls = new Map<string, AlignedCall>();
  let stop: string | null = null;
  let theory: Theory | null = null;
  let current: AlignedTurn | undefined;
  const open = (node: string, text: string): AlignedTurn => {
    current = { turn: turns.length + 1, node, text, calls: [], gates: [] };
    turns.push(current);
    return current;
  };
  for (const e of events) {
    if (e.type === 'model_turn') open(e.node, e.text);
    else if (e.type === 'tool_call') {
      const c: AlignedCall = {
        id: e.id,
        tool: e.tool,
        what: e.query ?? JSON.stringify(e.args ?? null),
        outcome: null,
        n: null,
      };
      calls.set(e.id, c);
      (current ?? open(e.node, '')).calls.push(c);
    } else if (e.type === 'tool_result') {
      const c = calls.get(e.id);
      if (c) {
        c.outcome = e.outcome;
        c.n = e.n;
        if (e.error) c.error = e.error;
      }
    } else if (e.type === 'gate' && e.decision !== 'allow')
      (current ?? open(e.node ?? 'root', '')).gates.push({
        gate: e.gate,
        decision: e.decision,
        reason: e.reason,
      });
    else if (e.type === 'theory') theory = e.theory;
    else if (e.type === 'end') stop = e.stop;
  }
  return { turns, stop, theory };
}

const callKey = (c: AlignedCall) => `${c.tool} ${c.what}`;
const gatesOf = (t: AlignedTurn, d: string) =>
  t.gates
    .filter((g) => g.decision === d)
    .map((g) => g.gate)
    .join(',');

/** Where two turns of the same number part, or null when they do not. */
function turnDifference(a: AlignedTurn, b: AlignedTurn): FirstDifference | null {
  const n = Math.max(a.calls.length, b.calls.length);
  for (let i = 0; i < n; i++) {
    const [x, y] = [a.calls[i], b.calls[i]];
    if (!x || !y || callKey(x) !== callKey(y))
      return {
        turn: a.turn,
        kind: 'call',
        detail: `call ${i + 1}: ${x ? callKey(x) : '(none)'} ≠ ${y ? callKey(y) : '(none)'}`,
      };
  }
  for (let i = 0; i < n; i++) {
    const [x, y] = [a.calls[i], b.calls[i]];
    if (x.outcome !== y.outcome || x.n !== y.n)
      return {
        turn: a.turn,
        kind: 'outcome',
        detail: `${x.tool}: ${x.outcome} n=${x.n} ≠ ${y.outcome} n=${y.n}`,
      };
  }
  for (const kind of ['steer', 'halt'] as const) {
    const [x, y] = [gatesOf(a, kind), gatesOf(b, kind)];
    if (x !== y) return { turn: a.turn, kind, detail: `${kind}: ${x || '(none)'} ≠ ${y || '(none)'}` };
  }
  return null;
}

export function alignTimelines(a: TrialTimeline, b: TrialTimeline): Alignment {
  const n = Math.max(a.turns.length, b.turns.length);
  const pairs: AlignedPair[] = [];
  let first: FirstDifference | null = null;
  for (let i = 0; i < n; i++) {
    const [x, y] = [a.turns[i], b.turns[i]];
    pairs.push({ turn: i + 1, ...(x ? { a: x } : {}), ...(y ? { b: y } : {}) });
    if (first) continue;
    if (x && y) first = turnDifference(x, y);
    else
      first = {
        turn: i + 1,
        kind: 'end',
        detail: `${x ? 'B' : 'A'} ended after turn ${i} (${(x ? b : a).stop ?? 'no end'}); the other goes on`,
      };
  }
  if (!first && a.stop !== b.stop)
    first = { turn: n, kind: 'end', detail: `stop: ${a.stop ?? 'none'} ≠ ${b.stop ?? 'none'}` };
  return { pairs, first };
}
