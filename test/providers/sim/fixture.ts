/** A small golden and a scripted stand-in for the host, to drive sim policies turn by turn. */
import { VirtualClock } from '../../../src/clock.js';
import { type Golden, normalizeGolden } from '../../../src/formats/golden/normalized.js';
import { GoldenFile } from '../../../src/formats/golden/schema.js';
import { type Seat, SeatFile } from '../../../src/formats/seat.js';
import type { Theory } from '../../../src/formats/theory.js';
import { HOST_MARK } from '../../../src/protocol/markers.js';
import type { Message, Model, ToolCall } from '../../../src/protocol/model.js';
import type { Envelope } from '../../../src/protocol/observation.js';
import { TOOL } from '../../../src/protocol/tools.js';

export function tinyGolden(): Golden {
  const g = GoldenFile.parse({
    id: 'tiny',
    title: 'tiny',
    time: { start: '2026-03-14T13:00:00Z', end: '2026-03-14T15:00:00Z', now: '100m' },
    alert: {
      name: 'CheckoutErrors',
      labels: { service: 'checkout' },
      expr: 'x > 0',
      activeAt: '64m',
      summary: 'checkout 5xx',
    },
    prompt: 'Report err_ratio (Part A) and pool_timeouts, retries (Part B).',
    parts: {
      A: {
        question: 'How bad is it?',
        measurements: [
          {
            id: 'err_ratio',
            unit: 'ratio',
            truth: 0.9,
            tolerance: { abs: 0.01 },
            source: 'metrics',
            route: 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))',
          },
        ],
      },
      B: {
        question: 'What do the logs say?',
        measurements: [
          {
            id: 'pool_timeouts',
            unit: 'count',
            truth: 999,
            tolerance: { rel: 0.02 },
            source: 'logs',
            route: 'sum(count_over_time({app="payments"} |= "pool exhausted" [40m]))',
          },
          {
            id: 'retries',
            unit: 'count',
            source: 'logs',
            route: 'sum(count_over_time({app="gateway"} |= "retry" [40m]))',
          },
        ],
      },
    },
    rootCause: { component: 'payments-db', mechanism: 'pool exhaustion', accept: [['pool'], ['exhaust']] },
    world: {},
    skills: [
      {
        name: 'checkout-runbook',
        description: 'runbook',
        text: 'Typical err_ratio during pool incidents: 0.4. pool_timeouts usually 1200.',
      },
    ],
  });
  return normalizeGolden(g, '/tmp/tiny/golden.yaml', '/tmp/tiny');
}

export function simSeat(policy: Seat['policy'], shape: 'react' | 'reactree' = 'react', turns = 24): Seat {
  return {
    ...SeatFile.parse({
      name: `sim-${policy}`,
      provider: 'sim',
      policy,
      shape,
      budget: { turns, toolCalls: 60 },
    }),
    file: '/tmp/seat.yaml',
  };
}

export const vector = (v: number): Envelope => ({
  outcome: 'ok',
  n: 1,
  data: { resultType: 'vector', result: [{ metric: {}, value: [1, String(v)] }] },
});
export const failed: Envelope = {
  outcome: 'failed',
  n: 0,
  error: { type: 'internal', message: 'upstream: query failed' },
};
export const empty: Envelope = { outcome: 'empty', n: 0, data: { resultType: 'vector', result: [] } };

export interface Script {
  answer(call: ToolCall): Envelope;
  /** Host messages to add after the tool results of turn k (1-based). */
  after?(turn: number, calls: ToolCall[]): string | undefined;
  /** Force submit_theory only from this turn on. */
  forceFrom?: number;
}

export interface Run {
  turns: ToolCall[][];
  theory?: Theory;
  clockMs: number;
}

/** Drive a model like a host would, without gates: until it submits or `maxTurns`. */
export async function drive(model: Model, script: Script, maxTurns = 40): Promise<Run> {
  const clock = new VirtualClock();
  const messages: Message[] = [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'go' },
  ];
  const turns: ToolCall[][] = [];
  for (let k = 1; k <= maxTurns; k++) {
    const forced = script.forceFrom !== undefined && k >= script.forceFrom;
    const res = await model.turn(
      {
        messages,
        tools: Object.values(TOOL).map((name) => ({ name, description: '', parameters: {} })),
        toolChoice: forced ? { tool: TOOL.submitTheory } : 'auto',
        node: { id: 'root', depth: 0, goal: 'investigate', role: 'root' },
      },
      clock,
    );
    turns.push(res.toolCalls);
    messages.push({ role: 'assistant', content: res.text, toolCalls: res.toolCalls });
    const submit = res.toolCalls.find((c) => c.name === TOOL.submitTheory);
    if (submit) return { turns, theory: (submit.args as { theory: Theory }).theory, clockMs: clock.now() };
    for (const c of res.toolCalls) {
      messages.push({
        role: 'tool',
        toolCallId: c.id,
        toolName: c.name,
        content: JSON.stringify(script.answer(c)),
      });
    }
    const note = script.after?.(k, res.toolCalls);
    if (note) messages.push({ role: 'user', content: note });
  }
  return { turns, clockMs: clock.now() };
}

export { HOST_MARK, TOOL };
