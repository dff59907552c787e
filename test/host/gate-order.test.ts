/**
 * The gates as data: one order naming every gate once, `all` as an explicit versioned list, one
 * resolver that refuses a redefined built-in, and gate state that lives in each session's instances.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/backend/api.js';
import { InputError } from '../../src/errors.js';
import { GateName, GateSettings } from '../../src/formats/config.js';
import { loadConfig } from '../../src/formats/load.js';
import { GATE_NAMES } from '../../src/formats/vocabulary.js';
import { ALL_GATES, GATE_ORDER, GATES, resolveGateSet, resolveGateSets } from '../../src/host/index.js';
import { call, failedEnvelope, of, run, ScriptedModel, theory } from './helpers.js';

const settings = GateSettings.parse({});

describe('gate order and the built-in sets', () => {
  it('the composition order names every gate of the vocabulary exactly once', () => {
    expect(new Set(GATE_ORDER).size).toBe(GATE_ORDER.length);
    expect([...GATE_ORDER].sort()).toEqual([...GATE_NAMES].sort());
    expect(GateName.options).toEqual([...GATE_NAMES]);
    expect(Object.keys(GATES).sort()).toEqual([...GATE_NAMES].sort());
  });

  it('`all` is the versioned ALL_GATES list in composition order, not every gate that exists', () => {
    expect(ALL_GATES).toEqual({
      version: 1,
      gates: ['failureClass', 'ledger', 'fanout', 'toolClasses', 'budgetFindings'],
    });
    expect(GATE_ORDER.filter((g) => ALL_GATES.gates.includes(g))).toEqual([...ALL_GATES.gates]);
    expect(resolveGateSet('all').gates).toEqual([...ALL_GATES.gates]);
    expect(resolveGateSet('none').gates).toEqual([]);
  });

  it('one resolver: named sets take the config defaults under their own settings; unknown names are refused', () => {
    const config = {
      gateSets: { strict: { gates: ['ledger' as const], settings: { ...settings, haltAt: 5 } } },
      gateSettings: { ...settings, fanoutCap: 2 },
    };
    const [strict, all] = resolveGateSets(config, ['strict', 'all']);
    expect(strict).toEqual({ name: 'strict', gates: ['ledger'], settings: { ...settings, haltAt: 5 } });
    expect(all.settings.fanoutCap).toBe(2);
    expect(() => resolveGateSet('nope', config)).toThrow(
      /unknown gate set "nope" \(known: none, all, strict, and all-<gates>/,
    );
  });

  it('refuses a config that redefines `none` or `all`: as a value, and at file:line:col when loaded', () => {
    for (const name of ['none', 'all']) {
      const config = { gateSets: { [name]: { gates: [] } }, gateSettings: settings };
      expect(() => resolveGateSet('ledger', config)).toThrow(InputError);
      expect(() => resolveGateSet(name, config)).toThrow(`gate set "${name}" is built in`);
    }
    const file = join(mkdtempSync(join(tmpdir(), 'rematch-gates-')), 'bench.config.yaml');
    writeFileSync(file, 'gateSets:\n  all:\n    gates: [ledger]\n');
    expect(() => loadConfig(file)).toThrow(
      /bench\.config\.yaml:2:3: gateSets\.all: gate set "all" is built in/,
    );
  });
});

describe('gate instances', () => {
  const logsFailed = (r: ApiRequest) => (r.api.startsWith('loki.') ? failedEnvelope : undefined);
  const repeater = () =>
    new ScriptedModel([], (req, i) => {
      if (typeof req.toolChoice === 'object' || i >= 4) {
        return [call('submit_theory', { theory: theory({}) })];
      }
      return [call('query_logs', { query: `{app="p${i}"} |= "pool"` })];
    });

  it('own their state per session: a second session starts with a fresh ledger', async () => {
    const decisions = async () =>
      of((await run(repeater(), [logsFailed], ['failureClass', 'ledger'])).events, 'gate').map(
        (g) => `${g.gate}:${g.decision}:${g.callId}`,
      );
    const first = await decisions();
    expect(first.slice(0, 2)).toEqual(['ledger:steer:c2', 'ledger:halt:c3']);
    expect(await decisions()).toEqual(first);
  });
});
