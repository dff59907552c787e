/**
 * Each gate alone shows its own effect: the same scripted model under `none` and under one gate.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/backend/api.js';
import { HOST_MARK } from '../../src/protocol/markers.js';
import type { TurnRequest } from '../../src/protocol/model.js';
import { call, failedEnvelope, of, promVector, run, ScriptedModel, theory } from './helpers.js';

const metricsOk = (r: ApiRequest) => (r.api.startsWith('prom.') ? promVector(0.23) : undefined);
const logsFailed200 = (r: ApiRequest) => (r.api.startsWith('loki.') ? failedEnvelope : undefined);
let timeouts = 0;
const logsTimeout = (r: ApiRequest) =>
  r.api.startsWith('loki.')
    ? { status: 504, text: `Request timed out after ${30 + timeouts++}s` }
    : undefined;

const isFinal = (req: TurnRequest) =>
  typeof req.toolChoice === 'object' && req.toolChoice.tool === 'submit_theory';
const apps = ['payments', 'payments-v2', 'payment', 'pay', 'payments-db', 'p', 'q', 'r', 's', 't', 'u', 'v'];

/** The tweaker: measures A, then re-issues the logs query with tweaked labels until told to submit. */
function tweaker(final: (req: TurnRequest) => ReturnType<typeof call>[] = () => [honest()]) {
  return new ScriptedModel([], (req, i) => {
    if (isFinal(req)) return final(req);
    if (i === 0) return [call('query_metrics', { query: 'max_ratio' })];
    return [
      call('query_logs', { query: `{app="${apps[i % apps.length]}"} |= "pool"`, start: `now-${10 + i}m` }),
    ];
  });
}
const honest = () =>
  call('submit_theory', {
    theory: theory({
      A: { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: ['c1'] }] },
      B: {
        status: 'undetermined',
        gaps: [
          {
            measurement: 'pool_timeouts',
            failedQuery: '{app="payments"} |= "pool"',
            callId: 'c2',
            reason: 'failed',
          },
        ],
      },
    }),
  });

describe('failureClass gate', () => {
  it('off: a failed envelope in an HTTP 200 reaches the agent as ok raw text; the trace keeps the truth', async () => {
    const model = new ScriptedModel([
      () => [call('query_logs', { query: '{app="payments"}' })],
      () => [honest()],
    ]);
    const { events, model: m } = await run(model, [logsFailed200], 'none');
    const res = of(events, 'tool_result')[0];
    expect(res).toMatchObject({ outcome: 'failed', shown: 'ok', untyped: true });
    expect(res.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    const msg = m.requests[1].messages.find((x) => x.role === 'tool');
    const env = JSON.parse(msg?.role === 'tool' ? msg.content : '{}');
    expect(env).toMatchObject({ outcome: 'ok', callId: 'c1', data: { outcome: 'failed' } });
    expect(env.error).toBeUndefined();
    expect(of(events, 'end')[0].counts.untypedEnvelopes).toBe(1);
  });

  it('on: the agent receives the typed failed envelope', async () => {
    const model = new ScriptedModel([
      () => [call('query_logs', { query: '{app="payments"}' })],
      () => [honest()],
    ]);
    const { events, model: m } = await run(model, [logsFailed200], ['failureClass']);
    const res = of(events, 'tool_result')[0];
    expect(res).toMatchObject({ outcome: 'failed', untyped: false });
    expect(res.shown).toBeUndefined();
    const msg = m.requests[1].messages.find((x) => x.role === 'tool');
    const env = JSON.parse(msg?.role === 'tool' ? msg.content : '{}');
    expect(env).toMatchObject({ outcome: 'failed', n: 0, error: { type: 'failed_envelope' } });
  });
});

describe('ledger gate', () => {
  it('off: the tweaker loops until the budget; no steer, no halt', async () => {
    const { result, events } = await run(tweaker(), [metricsOk, logsTimeout], 'none', {
      budget: { turns: 8, toolCalls: 40, tokens: 1e6, wallSeconds: 600 },
    });
    expect(result.stop).toBe('budget');
    expect(result.theory).toBeNull();
    expect(of(events, 'gate')).toHaveLength(0);
    const fps = of(events, 'tool_result')
      .filter((r) => r.outcome === 'failed')
      .map((r) => r.fingerprint);
    expect(fps).toHaveLength(7);
    expect(new Set(fps).size).toBe(1);
  });

  it('on alone: same fingerprint under tweaked labels and ranges → exactly one steer, then a halt and a submit-only turn', async () => {
    const { result, events, model } = await run(tweaker(), [metricsOk, logsTimeout], ['ledger']);
    const gates = of(events, 'gate');
    expect(gates.map((g) => g.decision)).toEqual(['steer', 'halt']);
    expect(gates.map((g) => g.callId)).toEqual(['c3', 'c4']);
    expect(gates[0].fingerprint).toBe(gates[1].fingerprint);
    expect(result.stop).toBe('halted');
    expect(result.theorySource).toBe('submitted');
    expect(result.theory?.parts.B.status).toBe('undetermined');

    const steerTurn = model.requests[3].messages;
    expect(steerTurn.filter((m) => m.role === 'user' && m.content.startsWith(HOST_MARK.steer))).toHaveLength(
      1,
    );
    const last = model.requests.at(-1) as TurnRequest;
    expect(last.toolChoice).toEqual({ tool: 'submit_theory' });
    expect(last.tools.map((t) => t.name)).toEqual(['submit_theory']);
    const halt = last.messages.at(-1);
    expect(halt?.role === 'user' && halt.content.startsWith(HOST_MARK.halt)).toBe(true);
    expect(halt?.content).toContain('(call c4)');
    expect(of(events, 'end')[0].counts).toMatchObject({ steers: 1, halts: 1, fingerprints: 1 });
  });

  it('assembles partial findings when no Theory comes after the halt', async () => {
    const { result, events } = await run(
      tweaker(() => []),
      [metricsOk, logsTimeout],
      ['ledger'],
    );
    expect(result.stop).toBe('halted');
    expect(result.theorySource).toBe('assembled');
    expect(of(events, 'theory')[0].source).toBe('assembled');
    const t = result.theory;
    // The route of peak_error_ratio ran ok (c1): the host can attribute it.
    expect(t?.parts.A.measurements).toEqual([{ id: 'peak_error_ratio', value: 0.23, evidence: ['c1'] }]);
    expect(t?.parts.B.status).toBe('undetermined');
    expect(t?.parts.B.gaps.some((g) => g.failedQuery?.includes('|= "pool"') && g.callId === 'c4')).toBe(true);
  });
});

describe('required-completion and gain-exhausted sets', () => {
  it('exhausting the logs route never removes the live-evidence requirement of Part B', async () => {
    // At the halt the agent claims a clean negative for Part B, citing the failed call.
    const claimsNegative = () => [
      call('submit_theory', {
        theory: theory({
          A: { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: ['c1'] }] },
          B: {
            findings: 'no pool errors in the logs',
            measurements: [{ id: 'pool_timeouts', value: 0, evidence: ['c4'] }],
          },
        }),
      }),
    ];
    const { result, events } = await run(tweaker(claimsNegative), [metricsOk, logsFailed200], 'all');
    expect(result.sets.gainExhausted).toHaveLength(1);
    expect(result.sets.gainExhausted[0]).toMatch(/^query_logs:/);
    expect(result.sets.required.B).toEqual(['logs']);
    const block = of(events, 'gate').find((g) => g.gate === 'toolClasses');
    expect(block?.decision).toBe('block');
    // The final-turn Theory is repaired, not accepted as a measured negative; Part A is kept.
    expect(result.theorySource).toBe('assembled');
    expect(result.theory?.parts.B.status).toBe('undetermined');
    expect(result.theory?.parts.B.measurements).toEqual([]);
    expect(result.theory?.parts.B.gaps.some((g) => g.callId === 'c4')).toBe(true);
    expect(result.theory?.parts.A).toMatchObject({
      status: 'resolved',
      measurements: [{ id: 'peak_error_ratio', value: 0.23 }],
    });
  });
});

describe('ledger counts a fingerprint once per wave', () => {
  it('six failing copies in one wave are one sighting: no steer, no halt', async () => {
    const model = new ScriptedModel([
      () => apps.slice(0, 6).map((app) => call('query_logs', { query: `{app="${app}"} |= "pool"` })),
      () => [honest()],
    ]);
    const { events } = await run(model, [logsTimeout], ['ledger']);
    expect(of(events, 'gate').filter((g) => g.decision === 'steer' || g.decision === 'halt')).toEqual([]);
  });
});

describe('gain-exhausted routes', () => {
  it('after a halt, deferred calls on the exhausted route are blocked without reaching the backend', async () => {
    // Sighting 1 and 2 in two waves (a steer), then a wave of six copies: the first batch of three
    // (the fan-out cap) is sighting 3 and halts; the three deferred copies never reach the backend.
    const model = new ScriptedModel([
      () => [call('query_logs', { query: '{app="a"} |= "pool"' })],
      () => [call('query_logs', { query: '{app="b"} |= "pool"' })],
      () => apps.slice(0, 6).map((app) => call('query_logs', { query: `{app="${app}"} |= "pool"` })),
      () => [honest()],
    ]);
    const { result, events, backend } = await run(model, [logsTimeout], ['ledger', 'fanout']);
    expect(backend.requests).toHaveLength(5);
    const gates = of(events, 'gate').map((g) => [g.gate, g.decision, g.callId]);
    expect(gates.filter(([, d]) => d === 'block')).toEqual([
      ['ledger', 'block', 'c6'],
      ['ledger', 'block', 'c7'],
      ['ledger', 'block', 'c8'],
    ]);
    expect(result.sets.gainExhausted).toEqual(['query_logs:{app=?} |= ?']);
    expect(result.sets.required).toEqual({ A: ['metrics'], B: ['logs'] });
  });
});

describe('fanout gate', () => {
  const burst = () =>
    new ScriptedModel([
      () => [
        ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((s) => call('query_metrics', { query: `up{job="${s}"}` })),
        call('query_metrics', { query: 'up{job="a"}' }),
        call('query_logs', { query: '{app="x"}' }),
      ],
      () => [honest()],
    ]);

  it('off: every copy runs at once', async () => {
    const { backend, events } = await run(burst(), [metricsOk], 'none');
    expect(backend.maxInFlight).toBe(9);
    expect(of(events, 'end')[0].usage.maxFanout).toBe(8);
  });

  it('on alone: at most the cap per tool per backend; extras deferred, the duplicate blocked', async () => {
    const { backend, events } = await run(burst(), [metricsOk], ['fanout']);
    // 3 query_metrics on prometheus + 1 query_logs on loki in the first batch.
    expect(backend.maxInFlight).toBe(4);
    expect(of(events, 'end')[0].usage.maxFanout).toBe(3);
    const gates = of(events, 'gate');
    expect(gates.filter((g) => g.decision === 'block').map((g) => g.callId)).toEqual(['c8']);
    expect(new Set(gates.filter((g) => g.decision === 'defer').map((g) => g.callId))).toEqual(
      new Set(['c4', 'c5', 'c6', 'c7']),
    );
    const dup = of(events, 'tool_result').find((r) => r.id === 'c8');
    expect(dup).toMatchObject({ outcome: 'rejected' });
    expect(backend.requests).toHaveLength(8);
  });
});

describe('toolClasses gate', () => {
  const leaner = () =>
    new ScriptedModel([
      () => [call('search_tools', { query: 'pool' }), call('load_skill', { name: 'db-pool' })],
      () => [
        call('submit_theory', {
          theory: theory({
            A: { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: ['c1', 'c2'] }] },
            B: { status: 'undetermined' },
          }),
        }),
      ],
      () => [
        call('query_metrics', { query: 'max_ratio' }),
        call('query_logs', { query: '{app="payments"}' }),
      ],
      () => [
        call('submit_theory', {
          theory: theory({
            A: { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: ['c4'] }] },
            B: {
              status: 'undetermined',
              gaps: [{ measurement: 'pool_timeouts', callId: 'c5', reason: 'the logs query failed' }],
            },
          }),
        }),
      ],
    ]);

  it('off: context-only evidence is accepted', async () => {
    const { result } = await run(leaner(), [metricsOk], 'none');
    expect(result.stop).toBe('submitted');
    expect(result.theory?.parts.A.measurements[0].evidence).toEqual(['c1', 'c2']);
  });

  it('on alone: context-only evidence is blocked with what is missing; live evidence then passes', async () => {
    const { result, events, model } = await run(leaner(), [metricsOk, logsTimeout], ['toolClasses']);
    const gates = of(events, 'gate');
    expect(gates.map((g) => [g.decision, g.callId])).toEqual([
      ['block', 'c3'],
      ['allow', 'c6'],
    ]);
    const told = model.requests[2].messages.at(-1);
    expect(told?.role === 'user' && told.content.startsWith(HOST_MARK.incomplete)).toBe(true);
    expect(told?.content).toContain('peak_error_ratio');
    expect(told?.content).toContain('no metrics query returned data');
    expect(result.stop).toBe('submitted');
    expect(result.theory?.parts.A.measurements[0].evidence).toEqual(['c4']);
  });
});

describe('budgetFindings gate', () => {
  const budget = { turns: 3, toolCalls: 40, tokens: 1e6, wallSeconds: 600 };

  it('off: a spent budget simply stops, with no Theory', async () => {
    const { result, model } = await run(tweaker(), [metricsOk, logsTimeout], 'none', { budget });
    expect(result).toMatchObject({ stop: 'budget', theory: null, theorySource: null });
    expect(model.requests).toHaveLength(3);
  });

  it('on alone: asks once for the Theory in a submit-only turn', async () => {
    const { result, events, model } = await run(tweaker(), [metricsOk, logsTimeout], ['budgetFindings'], {
      budget,
    });
    expect(model.requests).toHaveLength(4);
    const last = model.requests[3];
    expect(last.toolChoice).toEqual({ tool: 'submit_theory' });
    const msg = last.messages.at(-1);
    expect(msg?.role === 'user' && msg.content.startsWith(HOST_MARK.budget)).toBe(true);
    expect(of(events, 'gate')[0]).toMatchObject({ gate: 'budgetFindings', decision: 'halt' });
    expect(result).toMatchObject({ stop: 'budget', theorySource: 'budget-request' });
    expect(of(events, 'theory')[0].source).toBe('budget-request');
  });

  it('on alone: assembles partial findings when the final turn brings no Theory', async () => {
    const { result, model } = await run(
      tweaker(() => []),
      [metricsOk, logsTimeout],
      ['budgetFindings'],
      {
        budget,
      },
    );
    expect(model.requests).toHaveLength(4);
    expect(result).toMatchObject({ stop: 'budget', theorySource: 'assembled' });
    expect(result.theory?.parts.B.gaps.length).toBeGreaterThan(0);
  });

  it('counts wall time on the trial clock and tool calls against their budgets', async () => {
    const wall = await run(tweaker(), [metricsOk, logsTimeout], ['budgetFindings'], {
      budget: { turns: 40, toolCalls: 40, tokens: 1e6, wallSeconds: 0.5 },
    });
    expect(of(wall.events, 'gate')[0].reason).toMatch(/^budget spent: wall/);
    const calls = await run(tweaker(), [metricsOk, logsTimeout], ['budgetFindings'], {
      budget: { turns: 40, toolCalls: 2, tokens: 1e6, wallSeconds: 600 },
    });
    expect(of(calls.events, 'gate')[0].reason).toBe('budget spent: tool calls 2/2');
  });
});

describe('loopDetector gate', () => {
  /** A looping agent: the very same logs query, byte for byte, until told to submit. */
  const looper = () =>
    new ScriptedModel([], (req, i) => {
      if (isFinal(req)) return [honest()];
      if (i === 0) return [call('query_metrics', { query: 'max_ratio' })];
      return [call('query_logs', { query: '{app="payments"} |= "pool"', start: 'now-10m' })];
    });

  it('off: the identical loop runs until the budget', async () => {
    const { result, events } = await run(looper(), [metricsOk, logsTimeout], 'none', {
      budget: { turns: 8, toolCalls: 40, tokens: 1e6, wallSeconds: 600 },
    });
    expect(result.stop).toBe('budget');
    expect(of(events, 'gate')).toHaveLength(0);
  });

  it('on alone: the third identical call halts (loopHaltAt), with a submit-only turn; no steer', async () => {
    const { result, events, model } = await run(looper(), [metricsOk, logsTimeout], ['loopDetector']);
    const gates = of(events, 'gate');
    expect(gates.map((g) => [g.gate, g.decision, g.callId])).toEqual([['loopDetector', 'halt', 'c4']]);
    expect(gates[0].reason).toBe('identical call sent 3 times (halt at 3)');
    expect(result.stop).toBe('halted');
    expect(result.theorySource).toBe('submitted');
    const last = model.requests.at(-1) as TurnRequest;
    expect(last.toolChoice).toEqual({ tool: 'submit_theory' });
    const halt = last.messages.at(-1);
    expect(halt?.role === 'user' && halt.content.startsWith(HOST_MARK.halt)).toBe(true);
    expect(halt?.content).toContain('(call c4)');
  });

  it('honours gateSettings.loopHaltAt', async () => {
    const { events } = await run(looper(), [metricsOk, logsTimeout], ['loopDetector'], {
      gateSet: {
        name: 'loop5',
        gates: ['loopDetector'],
        settings: { steerAt: 2, haltAt: 3, fanoutCap: 3, loopHaltAt: 5 },
      },
    });
    expect(of(events, 'gate').map((g) => [g.decision, g.callId])).toEqual([['halt', 'c6']]);
  });

  it('whitespace and key order are not a change; a tweaked label value is, so the tweaker slips past it', async () => {
    const spaced = new ScriptedModel([], (req, i) => {
      if (isFinal(req)) return [honest()];
      // the same query, re-spaced and with its keys in another order each time
      return [
        i % 2
          ? call('query_logs', { query: '{app="payments"}   |=  "pool"', start: 'now-10m' })
          : call('query_logs', { start: 'now-10m', query: ' {app="payments"} |= "pool" ' }),
      ];
    });
    const caught = await run(spaced, [logsTimeout], ['loopDetector']);
    expect(of(caught.events, 'gate').map((g) => [g.decision, g.callId])).toEqual([['halt', 'c3']]);

    // the ledger's fingerprint sees through the tweaks; identical-argument counting does not
    const budget = { turns: 10, toolCalls: 40, tokens: 1e6, wallSeconds: 600 };
    const slipped = await run(tweaker(), [metricsOk, logsTimeout], ['loopDetector'], { budget });
    expect(of(slipped.events, 'gate')).toHaveLength(0);
    expect(slipped.result.stop).toBe('budget');
    const ledger = await run(tweaker(), [metricsOk, logsTimeout], ['ledger'], { budget });
    expect(of(ledger.events, 'gate').map((g) => g.decision)).toEqual(['steer', 'halt']);
  });
});
