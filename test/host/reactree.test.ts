import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/backend/api.js';
import type { Clock } from '../../src/clock.js';
import type { GateName } from '../../src/formats/config.js';
import { type Model, ProviderError, type TurnRequest, type TurnResult } from '../../src/protocol/model.js';
import {
  call,
  failedEnvelope,
  lokiStreams,
  of,
  promVector,
  run,
  type ScriptedModel,
  type Step,
  theory,
} from './helpers.js';

/** A provider double that scripts each tree node by its id; records every request per node. */
class TreeModel implements Model {
  readonly id = 'tree-scripted';
  readonly clock = 'virtual' as const;
  readonly requests: TurnRequest[] = [];
  private readonly turns = new Map<string, number>();
  constructor(private readonly scripts: Record<string, Step[]>) {}
  async turn(req: TurnRequest, clock: Clock): Promise<TurnResult> {
    this.requests.push(structuredClone({ ...req, signal: undefined }));
    await clock.sleep(100);
    const i = this.turns.get(req.node.id) ?? 0;
    this.turns.set(req.node.id, i + 1);
    const step = this.scripts[req.node.id]?.[i];
    const out = step ? step(req, i) : 'idle';
    return {
      text: typeof out === 'string' ? out : '',
      toolCalls: typeof out === 'string' ? [] : out,
      usage: { input: 500, output: 50, reasoning: 0 },
      latencyMs: 100,
      attempts: 1,
    };
  }
  of(node: string): TurnRequest[] {
    return this.requests.filter((r) => r.node.id === node);
  }
}

const rules = [
  (r: ApiRequest) => (r.api.startsWith('prom.') ? promVector(0.23) : undefined),
  (r: ApiRequest) => (String(r.params.query).includes('broken') ? failedEnvelope : undefined),
  (r: ApiRequest) => (r.api === 'loki.query' ? promVector(1432) : undefined),
  (r: ApiRequest) => (r.api === 'loki.query_range' ? lokiStreams(['pool exhausted']) : undefined),
];
const finish =
  (success: boolean, summary = 'done') =>
  () => [call('finish_node', { success, summary })];
const submit =
  (a: string[] = [], b: string[] = []) =>
  () => [
    call('submit_theory', {
      theory: theory({
        A: a.length
          ? { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: a }] }
          : { status: 'undetermined' },
        B: b.length
          ? { measurements: [{ id: 'pool_timeouts', value: 1432, evidence: b }] }
          : { status: 'undetermined' },
      }),
    }),
  ];
const expand = (control: string, subgoals: string[]) => () => [call('expand', { control, subgoals })];
/**
 * Tree-mechanics tests submit placeholder Theories (parts undetermined without a failed query), so
 * they run every gate but toolClasses, whose evidence rules gates.test.ts covers.
 */
const TREE_GATES: GateName[] = ['failureClass', 'ledger', 'fanout', 'budgetFindings'];
const treeRun = (model: TreeModel, gates: 'none' | 'all' | GateName[] = TREE_GATES, budget?: object) =>
  run(model as unknown as ScriptedModel, rules, gates, {
    shape: 'reactree',
    ...(budget ? { budget: { turns: 40, toolCalls: 60, tokens: 1e6, wallSeconds: 600, ...budget } } : {}),
  });

describe('reactree', () => {
  it('sequence: children in order with fresh contexts; the parent gets their results; the root submits', async () => {
    const model = new TreeModel({
      root: [expand('sequence', ['measure the error ratio', 'count pool timeouts']), submit(['c2'], ['c4'])],
      'root.1': [() => [call('query_metrics', { query: 'max_ratio' })], finish(true, 'ratio 0.23 (c2)')],
      'root.2': [
        () => [call('query_logs', { query: 'sum(count_over_time({app="payments"}[40m]))' })],
        finish(true),
      ],
    });
    const { result, events } = await treeRun(model);
    expect(result.stop).toBe('submitted');

    const child = model.of('root.1')[0];
    expect(child.node).toMatchObject({
      id: 'root.1',
      depth: 1,
      role: 'child',
      goal: 'measure the error ratio',
    });
    expect(child.messages).toHaveLength(2);
    expect(child.messages[1].content).toContain('Your subgoal: measure the error ratio');
    expect(child.messages[1].content).toContain("Your parent's goal: Investigate CheckoutHighErrorRate");
    expect(child.messages[1].content).toContain(
      'Sibling subgoals (handled by other agents): "count pool timeouts"',
    );
    expect(child.messages.some((m) => m.content.includes('expand'))).toBe(false);
    expect(child.tools.map((t) => t.name)).toContain('finish_node');
    expect(child.tools.map((t) => t.name)).not.toContain('submit_theory');

    const rootSecond = model.of('root')[1].messages;
    const expandResult = rootSecond.find((m) => m.role === 'tool');
    const env = JSON.parse(expandResult?.role === 'tool' ? expandResult.content : '{}');
    expect(env.data).toMatchObject({
      control: 'sequence',
      success: true,
      children: [
        { node: 'root.1', success: true, summary: 'ratio 0.23 (c2)' },
        { node: 'root.2', success: true },
      ],
    });

    const nodes = of(events, 'node');
    expect(nodes.map((n) => `${n.event}:${n.node}`)).toEqual([
      'start:root',
      'start:root/sequence1',
      'start:root.1',
      'end:root.1',
      'start:root.2',
      'end:root.2',
      'end:root/sequence1',
      'end:root',
    ]);
    const r1 = nodes.find((n) => n.node === 'root.1' && n.event === 'end');
    expect(r1?.usage).toEqual({ tokens: 1100, toolCalls: 1, turns: 2, wallMs: 250 });
    const root = nodes.find((n) => n.node === 'root' && n.event === 'end');
    expect(root?.usage).toMatchObject({ tokens: 1100, toolCalls: 0, turns: 2 });
    expect(of(events, 'tool_call').find((c) => c.id === 'c2')?.node).toBe('root.1');
    const seqEnd = nodes.find((n) => n.node === 'root/sequence1' && n.event === 'end');
    expect(of(events, 'tool_result').find((r) => r.id === 'c1')?.latencyMs).toBe(seqEnd?.usage?.wallMs);
  });

  it('sequence stops at the first failure; fallback stops at the first success', async () => {
    const seq = new TreeModel({
      root: [expand('sequence', ['a', 'b']), submit()],
      'root.1': [finish(false, 'could not')],
      'root.2': [finish(true)],
    });
    const s = await treeRun(seq);
    expect(seq.of('root.2')).toHaveLength(0);
    const seqEnd = of(s.events, 'node').find((n) => n.node === 'root/sequence1' && n.event === 'end');
    expect(seqEnd?.result).toBe('failure');

    const fb = new TreeModel({
      root: [expand('fallback', ['a', 'b', 'c']), submit()],
      'root.1': [finish(false)],
      'root.2': [finish(true)],
      'root.3': [finish(true)],
    });
    const f = await treeRun(fb);
    expect(fb.of('root.2')).toHaveLength(1);
    expect(fb.of('root.3')).toHaveLength(0);
    const fbEnd = of(f.events, 'node').find((n) => n.node === 'root/fallback1' && n.event === 'end');
    expect(fbEnd?.result).toBe('success');
    const env = JSON.parse(String(fb.of('root')[1].messages.find((m) => m.role === 'tool')?.content));
    expect(env.data.skipped).toEqual(['c']);
  });

  it('parallel: children run concurrently, and success needs all of them', async () => {
    const model = new TreeModel({
      root: [expand('parallel', ['metrics', 'logs']), submit()],
      'root.1': [() => [call('query_metrics', { query: 'max_ratio' })], finish(true)],
      'root.2': [() => [call('query_logs', { query: '{app="payments"}' })], finish(false)],
    });
    const { events } = await treeRun(model);
    const nodes = of(events, 'node');
    const start = nodes.find((n) => n.node === 'root/parallel1' && n.event === 'start');
    expect(start?.concurrent).toBe(true);
    const end1 = nodes.find((n) => n.node === 'root.1' && n.event === 'end');
    const start2 = nodes.find((n) => n.node === 'root.2' && n.event === 'start');
    expect(start2?.t).toBeLessThan(end1?.t ?? 0);
    expect(nodes.find((n) => n.node === 'root/parallel1' && n.event === 'end')?.result).toBe('failure');
  });

  it('nests up to the depth limit and rejects a deeper expand', async () => {
    const model = new TreeModel({
      root: [expand('sequence', ['deep']), submit()],
      'root.1': [expand('sequence', ['deeper']), finish(true)],
      'root.1.1': [expand('sequence', ['deepest']), finish(true)],
      'root.1.1.1': [expand('sequence', ['too deep']), finish(true)],
    });
    const { events } = await treeRun(model);
    expect(model.of('root.1.1.1')[0].node.depth).toBe(3);
    expect(model.of('root.1.1.1')[0].tools.map((t) => t.name)).not.toContain('expand');
    const rejected = of(events, 'tool_result').filter((r) => r.outcome === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].error).toContain('unknown_tool');
  });

  it('shares budgets across the tree: children spend the turns, the root is asked for its findings', async () => {
    const looping = Array.from({ length: 20 }, (_, i) => () => [
      call('query_metrics', { query: `up{i="${i}"}` }),
    ]);
    const model = new TreeModel({
      root: [expand('parallel', ['x', 'y']), submit(['c2'])],
      'root.1': looping,
      'root.2': looping,
    });
    const { result, events } = await treeRun(model, TREE_GATES, { turns: 6 });
    const turns = of(events, 'model_turn');
    expect(turns.filter((t) => t.node !== 'root')).toHaveLength(5);
    expect(result.stop).toBe('budget');
    expect(result.theorySource).toBe('budget-request');
    const last = model.of('root').at(-1);
    expect(last?.toolChoice).toEqual({ tool: 'submit_theory' });
  });

  it('shares the ledger across the tree: sightings in different children steer once, then halt', async () => {
    const broken = (app: string) => () => [call('query_logs', { query: `{app="${app}"} |= "broken"` })];
    const model = new TreeModel({
      root: [expand('fallback', ['one', 'two']), submit(['c1'])],
      'root.1': [broken('a'), broken('b'), finish(false)],
      'root.2': [broken('c'), broken('d')],
    });
    const { result, events } = await treeRun(model);
    const gates = of(events, 'gate').filter((g) => g.gate === 'ledger');
    expect(gates.map((g) => [g.decision, g.node])).toEqual([
      ['steer', 'root.1'],
      ['halt', 'root.2'],
    ]);
    expect(model.of('root.2')).toHaveLength(1);
    expect(result.stop).toBe('halted');
  });

  it('does not let a child submit or the root finish_node', async () => {
    const model = new TreeModel({
      root: [
        expand('sequence', ['x']),
        () => [call('finish_node', { success: true, summary: '' })],
        submit(),
      ],
      'root.1': [submit(), finish(true)],
    });
    const { result, events } = await treeRun(model);
    const rejected = of(events, 'tool_result').filter((r) => r.outcome === 'rejected');
    expect(rejected.map((r) => r.id)).toEqual(['c2', 'c4']);
    expect(result.stop).toBe('submitted');
  });

  it('shares working memory across the tree: a fact a child adds is read by the root', async () => {
    const model = new TreeModel({
      root: [
        expand('sequence', ['find a fact']),
        () => [call('working_memory', { action: 'read' })],
        submit(),
      ],
      'root.1': [() => [call('working_memory', { action: 'add', fact: 'pool at 50/50 (c2)' })], finish(true)],
    });
    await treeRun(model);
    const read = model.of('root')[2].messages.at(-1);
    expect(JSON.parse(read?.role === 'tool' ? read.content : '{}').data).toEqual(['pool at 50/50 (c2)']);
  });

  it('stops the siblings of a child whose provider fails, and writes nothing after the end', async () => {
    const looping = Array.from({ length: 10 }, (_, i) => () => [
      call('query_metrics', { query: `up{i="${i}"}` }),
    ]);
    const model = new TreeModel({
      root: [expand('parallel', ['x', 'y']), submit()],
      'root.1': [
        () => {
          throw new ProviderError('provider 500', { status: 500 });
        },
      ],
      'root.2': looping,
    });
    const { result, events } = await treeRun(model);
    expect(result).toMatchObject({ stop: 'error', end: { unscored: true, error: 'provider 500' } });
    expect(events.at(-1)?.type).toBe('end');
    expect(model.of('root.2').length).toBeLessThan(3);
  });
});

describe('reactree treeBudget: split', () => {
  const scripts = () => ({
    root: [expand('parallel', ['Part A: the ratio', 'Part B: the lines']), submit()],
    // Three query turns planned: more than its share of 2.
    'root.1': [
      () => [call('query_metrics', { query: 'max_ratio' })],
      () => [call('query_metrics', { query: 'max_ratio_2' })],
      finish(true, 'ratio 0.23 (c2)'),
    ],
    'root.2': [
      () => [call('query_logs', { query: 'sum(count_over_time({app="payments"}[40m]))' })],
      finish(true),
    ],
  });
  const splitRun = (model: TreeModel, gates: 'none' | GateName[]) =>
    run(model as unknown as ScriptedModel, rules, gates, {
      shape: 'reactree',
      treeBudget: 'split',
      budget: { turns: 9, toolCalls: 24, tokens: 1e6, wallSeconds: 600 },
    });
  const expandResult = (model: TreeModel) => {
    const m = model.of('root')[1].messages.find((x) => x.role === 'tool');
    return JSON.parse(m?.role === 'tool' ? m.content : '{}').data;
  };

  it("states each child's share and, with gates off, stops a child at it with nothing reported", async () => {
    const model = new TreeModel(scripts());
    const { events } = await splitRun(model, 'none');
    // 9 turns, the root's first spent, two children: floor((8 − 2 − 1) / 2) = 2 turns, 24 / 2 calls.
    expect(model.of('root.1')[0].messages[1].content).toContain(
      'Your budget for this subgoal: 2 turns and 12 tool calls.',
    );
    expect(model.of('root.1')).toHaveLength(2);
    expect(expandResult(model).children).toMatchObject([
      { node: 'root.1', success: false, summary: 'stopped: node turns 2/2' },
      { node: 'root.2', success: true },
    ]);
    expect(of(events, 'gate').filter((g) => g.gate === 'budgetFindings')).toHaveLength(0);
  });

  it('with budgetFindings, a child at its cap gets one finish_node-only turn and its report goes up', async () => {
    const model = new TreeModel(scripts());
    const { events } = await splitRun(model, TREE_GATES);
    const last = model.of('root.1')[2];
    expect(last.tools.map((t) => t.name)).toEqual(['finish_node']);
    expect(last.messages.at(-1)?.content).toMatch(
      /^\[host:budget\] This node's budget is spent \(node turns 2\/2\)/,
    );
    expect(expandResult(model).children[0]).toMatchObject({
      node: 'root.1',
      success: true,
      summary: 'ratio 0.23 (c2)',
    });
    const g = of(events, 'gate').filter((e) => e.gate === 'budgetFindings');
    expect(g).toMatchObject([{ decision: 'halt', node: 'root.1', reason: 'budget spent: node turns 2/2' }]);
  });

  it('shared (the default): the same children are not capped', async () => {
    const model = new TreeModel(scripts());
    await run(model as unknown as ScriptedModel, rules, 'none', {
      shape: 'reactree',
      budget: { turns: 9, toolCalls: 24, tokens: 1e6, wallSeconds: 600 },
    });
    expect(model.of('root.1')[0].messages[1].content).not.toContain('Your budget for this subgoal');
    expect(expandResult(model).children[0]).toMatchObject({ success: true, summary: 'ratio 0.23 (c2)' });
  });
});
