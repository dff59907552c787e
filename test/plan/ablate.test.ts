/** The ablation's plan (plan/ablate.ts): which sets, in which order; `--effect A-B` read against the run's names. */
import { describe, expect, it } from 'vitest';
import { ConfigFile } from '../../src/formats/config.js';
import { planRun } from '../../src/index.js';
import { ablationSets, parseEffect } from '../../src/plan/ablate.js';

describe('ablationSets', () => {
  it('every gate: none, all, removals, alone, the loop detector in the ledger’s place, then the pairs', () => {
    const sets = ablationSets(true);
    expect(sets.slice(0, 13)).toEqual([
      'none',
      'all',
      'all-failure-class',
      'all-ledger',
      'all-fanout',
      'all-tool-classes',
      'all-budget-findings',
      'only-failure-class',
      'only-ledger',
      'only-fanout',
      'only-tool-classes',
      'only-budget-findings',
      'only-loop-detector',
    ]);
    expect(sets[13]).toBe('all-ledger+loop-detector');
    expect(sets.slice(14)).toHaveLength(10);
    expect(sets).toContain('all-ledger-budget-findings');
    expect(new Set(sets).size).toBe(sets.length);
  });

  it('some gates: only their sets; a baseline brings its gate’s removal as its control', () => {
    expect(ablationSets(['loopDetector'])).toEqual([
      'none',
      'all',
      'only-loop-detector',
      'all-ledger',
      'all-ledger+loop-detector',
    ]);
    expect(ablationSets(false)).toEqual([]);
  });

  it('joins the sets the run names besides, each once, and resolves them', () => {
    const config = ConfigFile.parse({
      defaultGateSets: ['none', 'all'],
      gateSets: { 'no-x': { gates: ['fanout'] } },
    });
    const plan = planRun(config, [], [], { ablate: ['ledger'], gates: ['all', 'no-x'] });
    expect(plan.gateSets).toEqual(['none', 'all', 'all-ledger', 'only-ledger', 'no-x']);
    const fromConfig = planRun(ConfigFile.parse({ ablate: ['fanout'] }), [], []);
    expect(fromConfig.gateSets).toEqual(['none', 'all', 'all-fanout', 'only-fanout']);
  });
});

describe('parseEffect', () => {
  const known = new Set(['none', 'all', 'no-ledger']);
  it('splits at the one dash whose two sides are gate sets', () => {
    expect(parseEffect('all-none', known)).toEqual({ treatment: 'all', control: 'none' });
    expect(parseEffect('only-ledger-only-loop-detector', known)).toEqual({
      treatment: 'only-ledger',
      control: 'only-loop-detector',
    });
    expect(parseEffect('all-no-ledger', known)).toEqual({ treatment: 'all', control: 'no-ledger' });
    expect(parseEffect('all-ledger - all', known)).toEqual({ treatment: 'all-ledger', control: 'all' });
  });

  it('refuses what names no two sets, an ambiguous split and a set against itself', () => {
    expect(() => parseEffect('all-nope', known)).toThrow(/--effect all-nope: expected A-B, two gate sets/);
    const dashes = new Set(['a', 'a-b', 'b-c', 'c']);
    expect(() => parseEffect('a-b-c', dashes)).toThrow(/ambiguous \(a − b-c or a-b − c\); write it spaced/);
    expect(parseEffect('a-b - c', dashes)).toEqual({ treatment: 'a-b', control: 'c' });
    expect(() => parseEffect('all - all', known)).toThrow(/the same/);
  });

  it('adds an --effect pair’s sets to the plan, and records the pairs', () => {
    const plan = planRun(ConfigFile.parse({}), [], [], { effects: ['only-ledger-none'] });
    expect(plan.gateSets).toEqual(['none', 'all', 'only-ledger']);
    expect(plan.effects).toEqual([{ treatment: 'only-ledger', control: 'none' }]);
  });
});
