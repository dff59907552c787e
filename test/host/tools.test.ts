/** The host's tools through a session: wire params, discovery and context tools, bounded data. */
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../src/backend/api.js';
import { ToolCatalog } from '../../src/backend/catalog.js';
import { VirtualClock } from '../../src/clock.js';
import { call, of, run, ScriptedModel, type Step, theory } from './helpers.js';

const envelopes = (model: ScriptedModel, turn: number) =>
  model.requests[turn].messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content));
const done: Step = () => [
  call('submit_theory', { theory: theory({ A: { status: 'undetermined' }, B: { status: 'undetermined' } }) }),
];

describe('tools', () => {
  it('bound big results: at most 50 series and 100 log lines, n keeps the full count', async () => {
    const many: ApiResponse = {
      status: 200,
      json: {
        status: 'success',
        data: {
          resultType: 'vector',
          result: Array.from({ length: 80 }, (_, i) => ({ metric: { i: `${i}` }, value: [1, '1'] })),
        },
      },
    };
    const lines: ApiResponse = {
      status: 200,
      json: {
        status: 'success',
        data: {
          resultType: 'streams',
          result: [0, 1, 2].map((s) => ({
            stream: { s: `${s}` },
            values: Array.from({ length: 60 }, (_, i) => [`${i}`, 'x']),
          })),
        },
      },
    };
    const model = new ScriptedModel([
      () => [call('query_metrics', { query: 'up' }), call('query_logs', { query: '{app="x"}' })],
      done,
    ]);
    const rules = [(r: ApiRequest) => (r.api.startsWith('prom') ? many : lines)];
    const { model: m } = await run(model, rules, 'all');
    const [metrics, logs] = envelopes(m, 1);
    expect(metrics).toMatchObject({ outcome: 'ok', n: 80, truncated: true });
    expect(metrics.data.result).toHaveLength(50);
    expect(logs).toMatchObject({ outcome: 'ok', n: 180, truncated: true });
    const shown = logs.data.result.reduce((s: number, st: { values: unknown[] }) => s + st.values.length, 0);
    expect(shown).toBe(100);
  });

  it('reject bad arguments before the backend, saying what is wrong', async () => {
    const model = new ScriptedModel([
      () => [
        call('query_metrics', { query: 'up', mode: 'range', start: 'yesterday' }),
        call('query_logs', {}),
        call('no_such_tool', {}),
        { id: 'x', name: 'query_metrics', args: undefined, argsError: 'Unexpected token }' },
      ],
      done,
    ]);
    const { model: m, backend, events } = await run(model, [], 'all');
    expect(backend.requests).toHaveLength(0);
    const env = envelopes(m, 1);
    expect(env.map((e) => e.outcome)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(env[0].error.message).toContain('bad time "yesterday"');
    expect(env[1].error.message).toContain('query');
    expect(env[2].error.type).toBe('unknown_tool');
    expect(env[3].error.message).toContain('malformed JSON');
    expect(
      of(events, 'tool_result').every((r) => r.fingerprint === undefined || r.id === 'c1' || r.id === 'c2'),
    ).toBe(true);
  });

  it('search the catalog and the skills, load a skill, keep notes and working memory', async () => {
    const model = new ScriptedModel([
      () => [call('search_tools', { query: 'runbook pool' }), call('load_skill', { name: 'db-pool' })],
      () => [
        call('notes', { action: 'write', text: 'pool saturated' }),
        call('working_memory', { action: 'add', fact: 'f1' }),
      ],
      () => [
        call('notes', { action: 'read' }),
        call('working_memory', { action: 'read' }),
        call('load_skill', { name: 'nope' }),
      ],
      done,
    ]);
    const { model: m, events } = await run(model, [], 'all');
    const [search, skill] = envelopes(m, 1);
    expect(search.data).toContainEqual({
      kind: 'skill',
      name: 'db-pool',
      description: 'how to check DB pool saturation',
    });
    expect(skill.data).toEqual({ name: 'db-pool', text: 'query pool metrics' });
    const [notes, memory, missing] = envelopes(m, 3).slice(-3);
    expect(notes.data).toEqual(['pool saturated']);
    expect(memory.data).toEqual(['f1']);
    expect(missing).toMatchObject({
      outcome: 'rejected',
      error: { message: expect.stringContaining('db-pool') },
    });
    expect(of(events, 'tool_call').filter((c) => c.class === 'context')).toHaveLength(7);
  });

  it('search_tools with refresh re-reads a stale-tools catalog: version 2 in its answer and its trace', async () => {
    const catalog = new ToolCatalog({ id: 's', kind: 'stale-tools', match: {} }, new VirtualClock());
    const model = new ScriptedModel([
      () => [call('search_tools', { query: 'query', refresh: true })],
      () => [call('search_tools', { query: 'query', refresh: true })],
      done,
    ]);
    const { model: m, events } = await run(model, [], 'all', { catalog });
    const [first] = envelopes(m, 1);
    expect(first.data).toMatchObject({ refreshed: true, catalogVersion: 2 });
    expect(first.data.results).toContainEqual(
      expect.objectContaining({ name: 'query_metrics', catalogVersion: 2 }),
    );
    const again = envelopes(m, 2).at(-1);
    expect(again?.data).toMatchObject({ refreshed: false, catalogVersion: 2 });
    expect(catalog.refreshes).toHaveLength(1);
    const results = of(events, 'tool_result').filter((r) => r.catalogVersion !== undefined);
    expect(results.map((r) => [r.catalogVersion, r.stale])).toEqual([
      [2, false],
      [2, false],
    ]);
  });

  it('search_tools with refresh and no catalog refreshes nothing and records no version', async () => {
    const model = new ScriptedModel([() => [call('search_tools', { query: 'query', refresh: true })], done]);
    const { model: m, events } = await run(model, [], 'all');
    expect(envelopes(m, 1)[0].data).toMatchObject({ refreshed: false, catalogVersion: 1 });
    expect(of(events, 'tool_result').some((r) => r.catalogVersion !== undefined)).toBe(false);
  });
});
