/**
 * Each real provider adapter against recorded-shape responses served by msw: tool calls and usage
 * parsed, tool results sent back on the next turn, retries on 429, a 500 storm that ends in a
 * ProviderError with the key redacted, malformed arguments surfaced as `argsError`.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock.js';
import type { Seat } from '../../../src/formats/seat.js';
import { type Message, ProviderError, type TurnRequest } from '../../../src/protocol/model.js';
import { AiSdkModel } from '../../../src/providers/ai/index.js';
import { type Step, WIRES, type Wire } from './wire.js';

const FAKE_KEY = 'sk-test-PLANTED0123456789abcdef';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function seatFor(w: Wire): Seat {
  return {
    file: 'test.yaml',
    name: `t-${w.provider}`,
    provider: w.provider,
    model: 'test-model',
    shape: 'react',
    params: { retryBaseMs: 10 },
    budget: { turns: 10, toolCalls: 10, tokens: 100_000, wallSeconds: 60 },
    auth: w.keyEnv ? { apiKeyEnv: w.keyEnv } : undefined,
    baseURL: w.baseURL,
  };
}

const TOOLS: TurnRequest['tools'] = [
  {
    name: 'query_metrics',
    description: 'Run a PromQL query.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
];

function request(messages: Message[]): TurnRequest {
  return { messages, tools: TOOLS, node: { id: 'root', depth: 0, goal: 'g', role: 'root' } };
}

/** Serve `steps` in order; record every request body. */
function script(w: Wire, steps: (Step | { status: number; retryAfter?: string })[]): unknown[] {
  const bodies: unknown[] = [];
  let i = 0;
  server.use(
    http.post(w.url, async ({ request: req }) => {
      bodies.push(await req.json());
      const step = steps[Math.min(i++, steps.length - 1)];
      if ('status' in step) {
        const headers: Record<string, string> = step.retryAfter ? { 'retry-after': step.retryAfter } : {};
        return HttpResponse.json(
          { error: { message: `upstream said ${step.status}`, type: 'server_error' } },
          { status: step.status, headers },
        );
      }
      return HttpResponse.json(w.body(step, 'test-model') as Record<string, unknown>);
    }),
  );
  return bodies;
}

const env = {
  OPENAI_API_KEY: FAKE_KEY,
  XAI_API_KEY: FAKE_KEY,
  GEMINI_API_KEY: FAKE_KEY,
  ANTHROPIC_API_KEY: FAKE_KEY,
};

describe.each(WIRES)('$provider adapter', (w) => {
  it('parses tool calls and usage, and sends tool results back next turn', async () => {
    const bodies = script(w, [
      {
        calls: [{ id: 'call_1', name: 'query_metrics', args: { query: 'up' } }],
        usage: { input: 100, output: 20, reasoning: 7 },
      },
      { text: 'done', usage: { input: 150, output: 5 } },
    ]);
    const model = new AiSdkModel(seatFor(w), { env });
    const clock = new VirtualClock();
    const msgs: Message[] = [
      { role: 'system', content: 'You investigate incidents.' },
      { role: 'user', content: 'Why is checkout failing?' },
    ];
    const t1 = await model.turn(request(msgs), clock);
    expect(t1.toolCalls).toEqual([{ id: expect.any(String), name: 'query_metrics', args: { query: 'up' } }]);
    expect(t1.usage.input).toBe(100);
    // Output tokens include reasoning tokens where the API reports them apart (Gemini's thoughts).
    expect(t1.usage.output).toBe(w.provider === 'gemini' ? 27 : 20);
    if (w.provider !== 'anthropic' && w.provider !== 'openai-compatible') expect(t1.usage.reasoning).toBe(7);
    expect(t1.attempts).toBe(1);
    const callId = t1.toolCalls[0].id;
    msgs.push({
      role: 'assistant',
      content: t1.text,
      toolCalls: t1.toolCalls,
      providerState: t1.providerState,
    });
    msgs.push({
      role: 'tool',
      toolCallId: callId,
      toolName: 'query_metrics',
      content: '{"outcome":"ok","n":1}',
    });
    const t2 = await model.turn(request(msgs), clock);
    expect(t2.text).toBe('done');
    expect(t2.toolCalls).toEqual([]);
    expect(JSON.stringify(bodies[1])).toContain('{\\"outcome\\":\\"ok\\",\\"n\\":1}');
    expect(JSON.stringify(bodies[1])).toContain('You investigate incidents.');
  });

  it('retries a 429 and reports the attempts', async () => {
    script(w, [{ status: 429, retryAfter: '0' }, { text: 'ok after retry' }]);
    const model = new AiSdkModel(seatFor(w), { env });
    const r = await model.turn(request([{ role: 'user', content: 'hi' }]), new VirtualClock());
    expect(r.text).toBe('ok after retry');
    expect(r.attempts).toBe(2);
  });

  it('gives up on a 500 storm with a ProviderError that never shows the key', async () => {
    const bodies = script(w, [{ status: 500 }]);
    const model = new AiSdkModel(seatFor(w), { env });
    const err = await model
      .turn(request([{ role: 'user', content: 'hi' }]), new VirtualClock())
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.status).toBe(500);
    expect(err.message).toContain('after 4 attempts');
    expect(err.message).not.toContain(FAKE_KEY);
    expect(bodies.length).toBe(4);
  });

  // APIs that send arguments as JSON text can send broken JSON; APIs that send objects can name a
  // tool that does not exist. Schema violations inside well-formed objects are the host's check.
  it('surfaces malformed tool calls as argsError', async () => {
    const bad =
      w.provider === 'gemini' || w.provider === 'anthropic'
        ? { id: 'call_9', name: 'no_such_tool', args: { query: 'up' } }
        : { id: 'call_9', name: 'query_metrics', args: null, rawArgs: '{"query": "up"' };
    script(w, [{ calls: [bad] }]);
    const model = new AiSdkModel(seatFor(w), { env });
    const r = await model.turn(request([{ role: 'user', content: 'hi' }]), new VirtualClock());
    expect(r.toolCalls).toHaveLength(1);
    expect(r.toolCalls[0].argsError).toBeTruthy();
  });
});
