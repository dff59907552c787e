/** Runs every conformance case under cases/ through evalLogQL (see docs/logql-conformance.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CASES, SECTIONS } from './cases/index.js';
import { runCase } from './conformance-run.js';

const CITATION =
  /^(\/docs\/loki\/latest\/query\/[a-z_/]*#[a-z0-9_-]+|loki:pkg\/logql\/[a-z_/]+\.(go|y)#[A-Za-z_.]+)$/;

describe('LogQL conformance suite', () => {
  it('has at least 450 cases, each citing a doc section or a Loki source function', () => {
    expect(ALL_CASES.length).toBeGreaterThanOrEqual(450);
    for (const c of ALL_CASES) expect(c.doc).toMatch(CITATION);
  });
  it('skips no case without a stated reason', () => {
    for (const c of ALL_CASES) if (c.skip !== undefined) expect(c.skip.trim().length).toBeGreaterThan(10);
  });
  for (const c of ALL_CASES)
    it(`${c.doc} ${c.name}: ${c.query}`, () => {
      const r = runCase(c);
      if (r.status === 'skip') return;
      expect(r.reason).toBeUndefined();
    });
});

/** The ratchet: no section may pass fewer cases than its committed floor (ratchet.json). */
describe('LogQL conformance ratchet', () => {
  const floors = JSON.parse(readFileSync(new URL('./ratchet.json', import.meta.url), 'utf8')) as Record<
    string,
    number
  >;
  it('names every section', () => {
    expect(Object.keys(floors).sort()).toEqual(Object.keys(SECTIONS).sort());
  });
  for (const [section, cases] of Object.entries(SECTIONS))
    it(`${section} passes at least its floor`, () => {
      const passed = cases.filter((c) => runCase(c).status === 'pass').length;
      expect(passed).toBeGreaterThanOrEqual(floors[section] ?? Number.POSITIVE_INFINITY);
    });
});
