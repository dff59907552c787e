/**
 * The turn cache's key (providers/ai/cache-key.ts): the same request gives the same key however
 * its objects were built; anything the provider would answer differently to (a message, a tool,
 * the tool choice, the model, the provider, the base URL, a request setting, the trial's golden, gate
 * set and repetition) gives
 * another; what only tunes the bench's calling (timeouts, retries) and the key itself do not count.
 */
import { describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../../src/formats/judge.js';
import type { Seat } from '../../../src/formats/seat.js';
import type { TurnRequest } from '../../../src/protocol/model.js';
import { toolSchema } from '../../../src/protocol/tools.js';
import { normalizedTurn, turnKey } from '../../../src/providers/ai/cache-key.js';
import { judgeKey } from '../../../src/providers/ai/judge-cache.js';

const seat: Seat = {
  file: 'seats/k.yaml',
  name: 'k',
  provider: 'openai-chat',
  model: 'gpt-x',
  shape: 'react',
  params: { temperature: 0, reasoningEffort: 'low', retryBaseMs: 1 },
  budget: { turns: 10, toolCalls: 10, tokens: 100_000, wallSeconds: 60 },
  auth: { apiKeyEnv: 'OPENAI_API_KEY' },
};

const request = (): TurnRequest => ({
  messages: [
    { role: 'system', content: 'investigate' },
    { role: 'user', content: 'the alert fired' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'query_metrics', args: { query: 'up', range: '1h' } }],
      providerState: { responseMessages: [{ role: 'assistant', content: [{ type: 'text', text: 'hm' }] }] },
    },
    { role: 'tool', toolCallId: 'c1', toolName: 'query_metrics', content: '{"outcome":"ok"}' },
  ],
  tools: [toolSchema('query_metrics'), toolSchema('submit_theory')],
  toolChoice: 'auto',
  node: { id: 'root', depth: 0, goal: 'g', role: 'root' },
});

const CELL = 'checkout-db-pool/all/1';
const key = (s: Seat, r: TurnRequest, sample = CELL) => turnKey(s, r, sample);
const base = key(seat, request());

describe('turnKey', () => {
  it('is a SHA-256, the same for the same request built again or with its keys in another order', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(key(seat, request())).toBe(base);
    const r = request();
    r.messages[2] = {
      providerState: { responseMessages: [{ content: [{ text: 'hm', type: 'text' }], role: 'assistant' }] },
      toolCalls: [{ args: { range: '1h', query: 'up' }, name: 'query_metrics', id: 'c1' }],
      content: '',
      role: 'assistant',
    };
    expect(key({ ...seat, params: { reasoningEffort: 'low', temperature: 0 } }, r)).toBe(base);
  });

  it('ignores what only tunes the calling (timeouts, retries), the node asking and the signal', () => {
    const tuned = {
      ...seat,
      params: { ...seat.params, turnTimeoutSeconds: 5, retryAttempts: 9, retryBaseMs: 50 },
    };
    expect(key(tuned, request())).toBe(base);
    expect(key(seat, { ...request(), node: { id: 'n2', depth: 1, goal: 'other', role: 'child' } })).toBe(
      base,
    );
    expect(key(seat, { ...request(), signal: new AbortController().signal })).toBe(base);
  });

  it('changes with a message, a tool, the tool choice, the model, provider, base URL, a setting or the cell', () => {
    const changed: [string, string][] = [];
    const r1 = request();
    r1.messages[1] = { role: 'user', content: 'the alert fired!' };
    changed.push(['message', key(seat, r1)]);
    const r2 = request();
    r2.messages[3] = {
      role: 'tool',
      toolCallId: 'c1',
      toolName: 'query_metrics',
      content: '{"outcome":"empty"}',
    };
    changed.push(['tool result', key(seat, r2)]);
    changed.push([
      'provider state',
      key(seat, {
        ...request(),
        messages: request().messages.map((m) =>
          m.role === 'assistant' ? { ...m, providerState: undefined } : m,
        ),
      }),
    ]);
    changed.push(['tools', key(seat, { ...request(), tools: [toolSchema('query_metrics')] })]);
    const t = request();
    t.tools[0] = { ...t.tools[0], description: `${t.tools[0].description} (v2)` };
    changed.push(['tool description', key(seat, t)]);
    changed.push(['tool choice', key(seat, { ...request(), toolChoice: { tool: 'submit_theory' } })]);
    changed.push(['model', key({ ...seat, model: 'gpt-y' }, request())]);
    changed.push(['provider', key({ ...seat, provider: 'openai-responses' }, request())]);
    changed.push(['base URL', key({ ...seat, baseURL: 'http://127.0.0.1:8080/v1' }, request())]);
    changed.push(['temperature', key({ ...seat, params: { ...seat.params, temperature: 0.7 } }, request())]);
    changed.push(['repetition', key(seat, request(), 'checkout-db-pool/all/2')]);
    changed.push(['gate set', key(seat, request(), 'checkout-db-pool/none/1')]);
    // a golden and its twin ask the very same first request: the golden in the cell keeps them apart
    changed.push(['twin', key(seat, request(), 'checkout-db-pool-logs-failed/all/1')]);
    changed.push(['golden', key(seat, request(), 'checkout-other/all/1')]);
    for (const [what, k] of changed) expect({ what, same: k === base }).toEqual({ what, same: false });
    expect(new Set(changed.map(([, k]) => k)).size).toBe(changed.length);
  });

  it('never sees the API key: only the name of its variable is on the seat, and that is left out too', () => {
    const json = JSON.stringify(normalizedTurn(seat, request(), CELL));
    expect(json).not.toContain('OPENAI_API_KEY');
    // credentials in a proxy URL are dropped before hashing
    const withCreds = { ...seat, baseURL: 'https://user:s3cret-pass@proxy.example/v1' };
    expect(JSON.stringify(normalizedTurn(withCreds, request(), CELL))).not.toContain('s3cret');
    expect(key(withCreds, request())).toBe(key({ ...seat, baseURL: 'https://proxy.example/v1' }, request()));
  });
});

describe('judgeKey', () => {
  const judge: JudgeConfig = {
    provider: 'openai-chat',
    model: 'judge-model',
    auth: { apiKeyEnv: 'OPENAI_API_KEY' },
    params: { temperature: 0, retryAttempts: 1 },
    concurrency: 2,
  };
  const req = { system: 'grade', prompt: 'the trial' };
  const k = judgeKey(judge, req);

  it('is keyed like a turn: what decides the grade, never the key or how the bench calls', () => {
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(
      judgeKey({ ...judge, params: { temperature: 0, retryAttempts: 5, turnTimeoutSeconds: 9 } }, req),
    ).toBe(k);
    expect(judgeKey({ ...judge, auth: { apiKeyEnv: 'OTHER_KEY' }, concurrency: 8 }, req)).toBe(k);
    const changed = [
      judgeKey(judge, { ...req, prompt: 'another trial' }),
      judgeKey(judge, { ...req, system: 'grade strictly' }),
      judgeKey({ ...judge, model: 'judge-2' }, req),
      judgeKey({ ...judge, provider: 'openai-responses' }, req),
      judgeKey({ ...judge, baseURL: 'http://127.0.0.1:9/v1' }, req),
      judgeKey({ ...judge, params: { temperature: 0.5 } }, req),
      // a seat's turn with the same text is another question
      turnKey(seat, request(), CELL),
    ];
    expect(new Set([k, ...changed]).size).toBe(changed.length + 1);
  });
});
