import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { ConfigFile } from '../../src/formats/config.js';
import {
  derivedSetName,
  gateListText,
  gateSetsNamed,
  gateSetsWith,
  parseDerivedSet,
} from '../../src/formats/gate-sets.js';
import { loadConfig } from '../../src/formats/load.js';
import { GATE_NAMES } from '../../src/formats/vocabulary.js';
import { ALL_GATES, gateSetMeaning, resolveGateSets } from '../../src/host/index.js';
import { planRun } from '../../src/index.js';
import { tempDir, write } from './helpers.js';

describe('the gate-set resolver', () => {
  it('resolves none, all (in the given order) and named sets with settings merged', () => {
    const config = ConfigFile.parse({
      gateSettings: { steerAt: 3, haltAt: 5 },
      gateSets: { strict: { gates: ['ledger'], settings: { fanoutCap: 1 } } },
    });
    const sets = gateSetsWith(config, GATE_NAMES);
    expect([...sets.keys()]).toEqual(['none', 'all', 'strict']);
    expect(sets.get('none')?.gates).toEqual([]);
    expect(sets.get('all')?.gates).toEqual([...GATE_NAMES]);
    expect(sets.get('strict')).toEqual({
      name: 'strict',
      gates: ['ledger'],
      settings: { steerAt: 3, haltAt: 5, fanoutCap: 1 },
    });
    // The order is data: the host's list of gates decides what `all` means.
    expect(gateSetsWith(config, ['fanout', 'ledger']).get('all')?.gates).toEqual(['fanout', 'ledger']);
    expect(gateSetsNamed(sets, ['strict', 'none']).map((g) => g.name)).toEqual(['strict', 'none']);
    expect(() => gateSetsNamed(sets, ['nope'])).toThrow(
      /unknown gate set "nope" \(known: none, all, strict, and all-<gates> \/ only-<gates>/,
    );
  });

  it('refuses a config object that redefines a built-in set', () => {
    for (const name of ['none', 'all']) {
      const config = ConfigFile.parse({ gateSets: { [name]: { gates: ['ledger'] } } });
      expect(() => gateSetsWith(config, GATE_NAMES)).toThrow(InputError);
      expect(() => resolveGateSets(config, ['none'])).toThrow(InputError);
      expect(() => planRun(config, [], [])).toThrow(`gate set "${name}" is built in and cannot be redefined`);
    }
  });

  it('resolves a loaded config through the host (all = ALL_GATES), and refuses one redefining all', () => {
    const dir = tempDir();
    const ok = write(dir, 'ok.yaml', 'gateSets:\n  quick: { gates: [fanout] }\n');
    const [quick, all] = resolveGateSets(loadConfig(ok).config, ['quick', 'all']);
    expect(quick.gates).toEqual(['fanout']);
    expect(all.gates).toEqual([...ALL_GATES.gates]);
    const bad = write(dir, 'bad.yaml', 'gateSets:\n  all: { gates: [fanout] }\n');
    expect(() => loadConfig(bad)).toThrow(/bad\.yaml:2:3: gateSets\.all: gate set "all" is built in/);
  });
});

describe('gate modes in a gate set', () => {
  it('splits enforced and prompted gates, and a set without prompted ones is the value it always was', () => {
    const config = ConfigFile.parse({
      gateSets: {
        mixed: { gates: ['failureClass', { ledger: 'prompt' }, { fanout: 'enforce' }] },
        plain: { gates: ['ledger'] },
      },
    });
    const sets = gateSetsWith(config, GATE_NAMES);
    expect(sets.get('mixed')).toMatchObject({ gates: ['failureClass', 'fanout'], prompted: ['ledger'] });
    expect(Object.keys(sets.get('plain')!)).toEqual(['name', 'gates', 'settings']);
    expect(gateListText(['failureClass', 'fanout'], ['ledger'])).toBe('failureClass, ledger: prompt, fanout');
    expect(gateListText([])).toBe('');
  });

  it('refuses a bad mode, a map of two gates and a gate listed twice, at file:line:col', () => {
    const dir = tempDir();
    const bad = write(dir, 'modes.yaml', 'gateSets:\n  a: { gates: [{ ledger: maybe }] }\n');
    expect(() => loadConfig(bad)).toThrow(
      /modes\.yaml:2:26: gateSets\.a\.gates\.0\.ledger: Invalid option: expected one of "enforce"\|"prompt"/,
    );
    const two = write(dir, 'two.yaml', 'gateSets:\n  a: { gates: [{ ledger: prompt, fanout: prompt }] }\n');
    expect(() => loadConfig(two)).toThrow(
      /two\.yaml:2:\d+: gateSets\.a\.gates\.0: a gate with a mode is a map of one gate to its mode/,
    );
    const twice = write(dir, 'twice.yaml', 'gateSets:\n  a: { gates: [ledger, { ledger: prompt }] }\n');
    expect(() => loadConfig(twice)).toThrow(
      /twice\.yaml:2:\d+: gateSets\.a\.gates\.1\.ledger: gate "ledger" is already listed \(item 1\)/,
    );
  });
});

describe('derived gate sets (all-<gates>, all-<gates>+<gate>, only-<gates>)', () => {
  const config = ConfigFile.parse({
    gateSettings: { steerAt: 3, haltAt: 5 },
    gateSets: { fast: { gates: ['fanout'] } },
  });

  it('resolve over all and the config settings, wherever a gate-set name is taken', () => {
    const sets = resolveGateSets(config, [
      'all-ledger',
      'only-ledger-fanout',
      'all-ledger+loop-detector',
      'all-failure-class-tool-classes',
    ]);
    expect(sets.map((s) => s.gates)).toEqual([
      ALL_GATES.gates.filter((g) => g !== 'ledger'),
      ['ledger', 'fanout'],
      [...ALL_GATES.gates.filter((g) => g !== 'ledger'), 'loopDetector'],
      ALL_GATES.gates.filter((g) => g !== 'failureClass' && g !== 'toolClasses'),
    ]);
    for (const s of sets) expect(s.settings).toMatchObject({ steerAt: 3, haltAt: 5 });
    expect(derivedSetName('all', ['toolClasses', 'ledger'])).toBe('all-ledger-tool-classes');
    expect(derivedSetName('all', ['ledger'], ['loopDetector'])).toBe('all-ledger+loop-detector');
    // a name of the form that names no gate is an ordinary name
    expect(parseDerivedSet('only-fast')).toBeUndefined();
    expect(parseDerivedSet('all')).toBeUndefined();
  });

  it('refuse what they cannot mean, saying why', () => {
    const bad: [string, RegExp][] = [
      ['only-fanout-ledger', /out of order: write "only-ledger-fanout"/],
      ['all-ledger-ledger', /names ledger twice/],
      ['all-ledger-nope', /"nope" names no gate/],
      ['all-loop-detector', /loop-detector is not in all/],
      ['all+ledger', /ledger is in all already/],
      ['only-ledger+fanout', /"\+" is for all/],
      ['only-ledgr', /unknown gate set "only-ledgr"/],
    ];
    for (const [name, why] of bad) expect(() => resolveGateSets(config, [name]), name).toThrow(why);
  });

  it('a config may use them (defaultGateSets, assert rules) but not define one; errors carry file:line:col', () => {
    const dir = tempDir();
    const ok = write(dir, 'ok.yaml', 'defaultGateSets: [none, only-ledger, all-ledger+loop-detector]\n');
    expect(loadConfig(ok).config.defaultGateSets).toContain('only-ledger');
    const defines = write(dir, 'defines.yaml', 'gateSets:\n  all-ledger: { gates: [fanout] }\n');
    expect(() => loadConfig(defines)).toThrow(
      /defines\.yaml:2:3: gateSets\.all-ledger: gate set "all-ledger" has a derived set's name/,
    );
    const misspelt = write(dir, 'misspelt.yaml', 'defaultGateSets: [none, only-ledger-fanoutt]\n');
    expect(() => loadConfig(misspelt)).toThrow(
      /misspelt\.yaml:1:\d+: defaultGateSets\.1: gate set "only-ledger-fanoutt": "fanoutt" names no gate/,
    );
  });

  it('record all-<gates> with the version of all, whose meaning they move with', () => {
    const [sub, only] = resolveGateSets(config, ['all-ledger', 'only-ledger']);
    expect(gateSetMeaning(sub).version).toBe(ALL_GATES.version);
    expect(gateSetMeaning(only).version).toBeUndefined();
  });
});
