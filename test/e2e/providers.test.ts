/**
 * Real model seats end to end: each of the six provider adapters drives a full trial through
 * runPlannedTrial (registry → AiSdkModel → host → trace) against recorded-shape API responses served by
 * msw. The scripted model reads each request body, so what the host sends back (tool results with
 * call ids, replayed provider state) is checked by the conversation itself.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPlannedTrial } from '../../src/execute/trial.js';
import type { ModelTurnEvent, ToolCallEvent, Trace } from '../../src/formats/run/trace.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import { GUIDANCE } from '../../src/protocol/guidance.js';
import { scoreTrial } from '../../src/scoring/index.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp, trialSpec } from '../providers/ai/harness.js';
import { investigatorStep } from '../providers/ai/scripted.js';
import { WIRES } from '../providers/ai/wire.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const [k, v] of Object.entries(FAKE_KEYS)) vi.stubEnv(k, v);
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

const turns = (t: Trace) => t.events.filter((e): e is ModelTurnEvent => e.type === 'model_turn');
const calls = (t: Trace) => t.events.filter((e): e is ToolCallEvent => e.type === 'tool_call');

describe.each(WIRES)('$provider seat through runPlannedTrial', (w) => {
  it('investigates over several turns, submits a Theory citing the host call ids, and scores', async () => {
    const bodies = playModel(server, w, (text, n) => ({
      ...investigatorStep(text),
      reasoningId: `rs_turn${n}`,
      encryptedReasoning: text.includes('reasoning.encrypted_content') ? `enc-of-turn-${n}` : undefined,
      signature: Buffer.from(`signature-of-turn-${n}`).toString('base64'),
    }));
    const out = await runPlannedTrial(trialSpec(seatFor(w)), { dir: tmp() });
    if (out.kind !== 'done') throw new Error(`not run: ${out.kind === 'skipped' ? out.reason : ''}`);
    const trace = readTrace(out.traceFile);

    expect(calls(trace).map((c) => [c.tool, c.wave, c.id])).toEqual([
      ['query_metrics', 1, 'c1'],
      ['query_logs', 2, 'c2'],
      ['submit_theory', 3, 'c3'],
    ]);
    const results = trace.events.filter((e) => e.type === 'tool_result');
    expect(results.map((r) => r.type === 'tool_result' && r.outcome)).toEqual(['ok', 'ok', 'ok']);
    const mt = turns(trace);
    expect(mt).toHaveLength(3);
    for (const t of mt) {
      expect(t.tokens.input).toBeGreaterThan(0);
      expect(t.tokens.output).toBeGreaterThan(0);
      expect(t.latencyMs).toBeGreaterThanOrEqual(0);
      expect(t.attempts).toBe(1);
      expect(t.toolCalls).toBe(1);
    }
    const end = trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'submitted', unscored: false });
    if (end?.type !== 'end') return;
    const sum = (k: 'input' | 'output') => mt.reduce((a, t) => a + t.tokens[k], 0);
    expect(end.usage.tokens).toMatchObject({ input: sum('input'), output: sum('output') });
    expect(end.usage.costUsd).toBeCloseTo((sum('input') * 1 + sum('output') * 4) / 1e6, 12);

    // The values in the Theory were read from the tool results the host sent back.
    expect(out.theory?.parts.A.measurements[0]).toMatchObject({ value: 1, evidence: ['c1'] });
    expect(out.theory?.parts.B.measurements[0]).toMatchObject({ value: 30, evidence: ['c2'] });
    const score = scoreTrial(tinyGolden(), trace, out.theory);
    expect(score.verdict).toBe('pass');
    expect(score.correctness).toBeGreaterThanOrEqual(0.99);

    expect(bodies).toHaveLength(3);
    if (w.provider === 'gemini') {
      // Provider state replay: the signature the model sent on turn 1 comes back on turn 2.
      const sig1 = Buffer.from('signature-of-turn-1').toString('base64');
      expect(bodies[0]).not.toContain(sig1);
      const contents = JSON.parse(bodies[1]).contents as { role: string; parts: Record<string, unknown>[] }[];
      const modelPart = contents.flatMap((c) => (c.role === 'model' ? c.parts : []))[0];
      expect(modelPart).toMatchObject({
        functionCall: { name: 'query_metrics' },
        thoughtSignature: sig1,
      });
    }
    if (w.provider === 'openai-responses') {
      // Stored responses: turn 1's reasoning item is referenced by id on turn 2, turn 2's on turn 3.
      expect(bodies[0]).not.toContain('rs_turn1');
      expect(JSON.parse(bodies[1]).input).toContainEqual({ type: 'item_reference', id: 'rs_turn1' });
      expect(JSON.parse(bodies[2]).input).toContainEqual({ type: 'item_reference', id: 'rs_turn2' });
    }
    if (w.provider === 'anthropic') {
      // Extended thinking with tool use: the signed thinking block must open the replayed turn.
      const msgs = JSON.parse(bodies[1]).messages as { role: string; content: unknown[] }[];
      const assistant = msgs.find((m) => m.role === 'assistant');
      expect(assistant?.content[0]).toMatchObject({ type: 'thinking', signature: 'sig-abc' });
    }
    if (w.provider === 'xai') {
      // Unstored: each request asks for encrypted reasoning, and the next one sends it back.
      expect(JSON.parse(bodies[0])).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
      expect(JSON.parse(bodies[1]).input).toContainEqual(
        expect.objectContaining({ type: 'reasoning', id: 'rs_turn1', encrypted_content: 'enc-of-turn-1' }),
      );
      expect(bodies[2]).toContain('enc-of-turn-2');
    }
  });

  it('sends prompt-mode gates as text: the ledger in the system prompt, the rest in tool descriptions', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const spec = trialSpec(seatFor(w), 'none');
    spec.gateSet = { ...spec.gateSet, name: 'text', prompted: ['failureClass', 'ledger', 'toolClasses'] };
    const out = await runPlannedTrial(spec, { dir: tmp() });
    if (out.kind !== 'done') throw new Error(`not run: ${out.kind === 'skipped' ? out.reason : ''}`);
    const first = bodies[0];
    for (const gate of ['failureClass', 'ledger', 'toolClasses'] as const)
      expect(first).toContain(JSON.stringify(GUIDANCE[gate]!.lead).slice(1, -1));
    expect(first).not.toContain(GUIDANCE.fanout!.lead);
    // the text only: nothing of the gates ran
    expect(readTrace(out.traceFile).events.some((e) => e.type === 'gate')).toBe(false);
  });

  it('on a spent turn budget gives one final turn that offers only submit_theory', async () => {
    const bodies = playModel(server, w, (text) => investigatorStep(text));
    const seat = {
      ...seatFor(w, { thinkingBudget: 1024 }),
      budget: { turns: 2, toolCalls: 20, tokens: 200_000, wallSeconds: 60 },
    };
    const out = await runPlannedTrial(trialSpec(seat), { dir: tmp() });
    if (out.kind !== 'done') throw new Error('skipped');
    const trace = readTrace(out.traceFile);
    expect(trace.events.at(-1)).toMatchObject({ type: 'end', stop: 'budget', unscored: false });
    expect(trace.events.find((e) => e.type === 'theory')).toMatchObject({ source: 'budget-request' });
    expect(bodies).toHaveLength(3);
    const last = JSON.parse(bodies[2]);
    expect(JSON.stringify(last.tools).match(/"name":"[a-z_]+"/g)).toEqual(['"name":"submit_theory"']);
    // Forced where the API allows it; Anthropic refuses forced tool use with thinking on, so the
    // SDK sends `auto` with the one tool.
    const forced = {
      'openai-responses': { tool_choice: { type: 'function', name: 'submit_theory' } },
      xai: { tool_choice: { type: 'function', name: 'submit_theory' } },
      'openai-chat': { tool_choice: { type: 'function', function: { name: 'submit_theory' } } },
      'openai-compatible': { tool_choice: { type: 'function', function: { name: 'submit_theory' } } },
      gemini: {
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['submit_theory'] } },
      },
      anthropic: { tool_choice: { type: 'auto' }, thinking: { type: 'enabled', budget_tokens: 1024 } },
    }[w.provider];
    expect(last).toMatchObject(forced);
  });
});
