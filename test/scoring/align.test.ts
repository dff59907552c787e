/**
 * One trial of two runs aligned by turn (`bench compare`): each kind of first difference found
 * where it is, and nothing found in two equal timelines.
 */
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../src/formats/run/index.js';
import { alignTimelines, timelineOf } from '../../src/scoring/index.js';

type Step = {
  query: string;
  outcome?: 'ok' | 'empty' | 'failed';
  n?: number;
  gate?: ['ledger' | 'fanout', 'steer' | 'halt'];
};

let t = 0;
function trace(steps: Step[], stop: 'submitted' | 'halted' = 'submitted'): TraceEvent[] {
  const out: unknown[] = [];
  steps.forEach((s, i) => {
    const id = `c${i + 1}`;
    out.push({
      type: 'model_turn',
      t: ++t,
      node: 'root',
      turn: i + 1,
      latencyMs: 1,
      tokens: { input: 1, output: 1, reasoning: 0 },
      text: '',
      toolCalls: 1,
      attempts: 1,
    });
    out.push({
      type: 'tool_call',
      t: ++t,
      id,
      tool: 'query_metrics',
      args: { query: s.query },
      wave: i + 1,
      class: 'live',
      node: 'root',
      query: s.query,
    });
    out.push({
      type: 'tool_result',
      t: ++t,
      id,
      outcome: s.outcome ?? 'ok',
      n: s.n ?? 1,
      latencyMs: 1,
      queueMs: 0,
      untyped: false,
    });
    if (s.gate)
      out.push({ type: 'gate', t: ++t, gate: s.gate[0], decision: s.gate[1], reason: 'r', callId: id });
  });
  out.push({ type: 'end', t: ++t, stop, unscored: false });
  return out as TraceEvent[];
}

const first = (
  a: Step[],
  b: Step[],
  stops: ['submitted' | 'halted', 'submitted' | 'halted'] = ['submitted', 'submitted'],
) => alignTimelines(timelineOf(trace(a, stops[0])), timelineOf(trace(b, stops[1]))).first;

const base: Step[] = [{ query: 'up' }, { query: 'rate(x[5m])' }, { query: 'sum(y)' }];

describe('alignTimelines', () => {
  it('finds no difference in two equal timelines, and pairs every turn', () => {
    const a = alignTimelines(timelineOf(trace(base)), timelineOf(trace(base)));
    expect(a.first).toBeNull();
    expect(a.pairs.map((p) => [p.turn, p.a?.calls[0].what, p.b?.calls[0].what])).toEqual([
      [1, 'up', 'up'],
      [2, 'rate(x[5m])', 'rate(x[5m])'],
      [3, 'sum(y)', 'sum(y)'],
    ]);
  });

  it('a different call at the turn it happens', () => {
    expect(first(base, [base[0], { query: 'rate(x[1m])' }, base[2]])).toEqual({
      turn: 2,
      kind: 'call',
      detail: 'call 1: query_metrics rate(x[5m]) ≠ query_metrics rate(x[1m])',
    });
  });

  it('the same call with another outcome', () => {
    expect(first(base, [base[0], base[1], { query: 'sum(y)', outcome: 'failed', n: 0 }])).toMatchObject({
      turn: 3,
      kind: 'outcome',
      detail: 'query_metrics: ok n=1 ≠ failed n=0',
    });
  });

  it('a steer on one side only, then a halt', () => {
    expect(first(base, [{ query: 'up', gate: ['ledger', 'steer'] }, base[1], base[2]])).toMatchObject({
      turn: 1,
      kind: 'steer',
      detail: 'steer: (none) ≠ ledger',
    });
    expect(
      first(base, [base[0], { query: 'rate(x[5m])', gate: ['fanout', 'halt'] }], ['submitted', 'halted']),
    ).toMatchObject({ turn: 2, kind: 'halt' });
  });

  it('one side ending while the other goes on', () => {
    expect(first(base, base.slice(0, 2))).toMatchObject({
      turn: 3,
      kind: 'end',
      detail: 'B ended after turn 2 (submitted); the other goes on',
    });
    expect(first(base, base, ['submitted', 'halted'])).toMatchObject({
      turn: 3,
      kind: 'end',
      detail: 'stop: submitted ≠ halted',
    });
  });
});
