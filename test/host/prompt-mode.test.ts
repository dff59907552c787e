/**
 * Gates in `prompt` mode (docs/gates.md, "Gates versus prompts"): the guidance reaches the model
 * where the placement table says (system prompts of every node, telemetry tools' descriptions,
 * submit_theory's), and nothing of the gate is enforced: the same failing probe three times is
 * halted by the enforced ledger and not by the prompted one.
 */
import { describe, expect, it } from 'vitest';
import type { GateName } from '../../src/formats/config.js';
import { GATE_NAMES } from '../../src/formats/vocabulary.js';
import { resolveGateSet } from '../../src/host/index.js';
import { systemPrompt } from '../../src/host/prompt.js';
import { GUIDANCE, guidanceFor, readGuidance } from '../../src/protocol/guidance.js';
import type { TurnRequest } from '../../src/protocol/model.js';
import { call, failedEnvelope, run, ScriptedModel, theory } from './helpers.js';

const settings = resolveGateSet('none').settings;
const lead = (g: GateName) => GUIDANCE[g]!.lead;
const prompted = (...names: GateName[]) => ({
  ...resolveGateSet('none'),
  name: 'prompted',
  prompted: names,
});

const systemOf = (req: TurnRequest) => req.messages.find((m) => m.role === 'system')?.content ?? '';
const toolText = (req: TurnRequest, name: string) =>
  req.tools.find((t) => t.name === name)?.description ?? '';

const failingLogs = () => failedEnvelope;
const sameProbe = (i: number) => [
  call('query_logs', { query: `sum(count_over_time({app="payments-${i}"} |= "pool" [40m]))` }),
];

describe('gates in prompt mode', () => {
  it('puts each text where the table says, with the set settings in it', () => {
    const model = new ScriptedModel([() => [call('submit_theory', { theory: theory() })]]);
    return run(model, [], 'none', {
      gateSet: {
        ...prompted('failureClass', 'ledger', 'fanout', 'toolClasses', 'budgetFindings'),
        settings: { ...settings, steerAt: 3, haltAt: 5, fanoutCap: 2 },
      },
    }).then(({ model }) => {
      const req = model.requests[0];
      const sys = systemOf(req);
      expect(sys.startsWith(systemPrompt('react'))).toBe(true);
      expect(sys).toContain(lead('ledger'));
      expect(sys).toContain('the same way 3 times, take a different route');
      expect(sys).toContain('the same way 5 times, stop querying');
      expect(sys).toContain(lead('budgetFindings'));
      expect(sys).not.toContain(lead('fanout'));
      for (const t of [
        'query_metrics',
        'query_logs',
        'list_label_names',
        'list_label_values',
        'list_series',
      ]) {
        expect(toolText(req, t)).toContain(lead('failureClass'));
        expect(toolText(req, t)).toContain('Send at most 2 calls of one query tool');
        expect(toolText(req, t)).not.toContain(lead('toolClasses'));
      }
      expect(toolText(req, 'submit_theory')).toContain(lead('toolClasses'));
      expect(toolText(req, 'notes')).not.toContain(lead('failureClass'));
      // what a reader gets back out of the texts: the thresholds and the cap as the set has them
      const read = readGuidance([sys, ...req.tools.map((t) => t.description)]);
      expect([...read.keys()].sort()).toEqual([
        'budgetFindings',
        'failureClass',
        'fanout',
        'ledger',
        'toolClasses',
      ]);
      expect(read.get('ledger')).toMatchObject({ steerAt: 3, haltAt: 5 });
      expect(read.get('fanout')).toMatchObject({ fanoutCap: 2 });
    });
  });

  it('leaves the prompt of a set without prompt-mode gates exactly as it was', async () => {
    const { model } = await run(
      new ScriptedModel([() => [call('submit_theory', { theory: theory() })]]),
      [],
      'all',
    );
    const req = model.requests[0];
    expect(systemOf(req)).toBe(systemPrompt('react'));
    expect(req.tools.map((t) => t.description).join('\n')).not.toMatch(
      new RegExp(
        Object.values(GUIDANCE)
          .map((g) => g.lead.replace('.', '\\.'))
          .join('|'),
      ),
    );
  });

  it('gives every reactree node the system guidance: the root and its children', async () => {
    const model = new ScriptedModel([
      () => [call('expand', { control: 'parallel', subgoals: ['Part A: metrics', 'Part B: logs'] })],
      () => [call('finish_node', { success: false, summary: 'nothing' })],
      () => [call('finish_node', { success: false, summary: 'nothing' })],
      () => [call('submit_theory', { theory: theory() })],
    ]);
    const { model: m } = await run(model, [], 'none', { shape: 'reactree', gateSet: prompted('ledger') });
    const roles = m.requests.map((r) => r.node.role);
    expect(roles).toContain('child');
    for (const r of m.requests) expect(systemOf(r)).toContain(lead('ledger'));
  });

  it('enforces nothing: the third sighting of one failure halts under the ledger, not under its text', async () => {
    const script = [0, 1, 2, 3].map((i) => () => sameProbe(i));
    script.push(() => [call('submit_theory', { theory: theory() })]);
    const enforced = await run(new ScriptedModel([...script]), [failingLogs], ['failureClass', 'ledger']);
    expect(enforced.result.stop).toBe('halted');
    const text = await run(new ScriptedModel([...script]), [failingLogs], 'none', {
      gateSet: { ...prompted('ledger'), gates: ['failureClass'] },
    });
    expect(text.result.stop).toBe('submitted');
    expect(text.events.filter((e) => e.type === 'gate' && e.gate === 'ledger')).toEqual([]);
    expect(text.events.filter((e) => e.type === 'tool_call' && e.tool === 'query_logs')).toHaveLength(4);
    // the guidance was there all along: what the agent makes of it is the measurement
    expect(systemOf(text.model.requests[3])).toContain(lead('ledger'));
  });

  it('has a prompt form of every gate, each text starting with its lead (the sentence a reader knows it by)', () => {
    expect(Object.keys(GUIDANCE).sort()).toEqual([...GATE_NAMES].sort());
    for (const g of Object.values(GUIDANCE)) expect(g!.text(settings).startsWith(g!.lead)).toBe(true);
  });

  it('says each text once whatever the set lists, none for an empty list', () => {
    expect(guidanceFor([], settings)).toEqual({ system: [], query: [], submit: [] });
    expect(guidanceFor(undefined, settings)).toEqual({ system: [], query: [], submit: [] });
    const g = guidanceFor(['ledger', 'budgetFindings'], settings);
    expect(g.system).toHaveLength(2);
    expect(g.query).toEqual([]);
  });
});
