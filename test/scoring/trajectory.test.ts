/**
 * Trajectory checks judged on hand-built traces (scoreTrial), counted per row of the scorecard,
 * judged by the `trajectory` assert rule and shown in scorecard.md and junit.xml.
 */
import { describe, expect, it } from 'vitest';
import { AssertRule } from '../../src/formats/assert.js';
import { Trajectory } from '../../src/formats/golden/index.js';
import { renderJunit } from '../../src/reporters/junit/index.js';
import { renderScorecardMd } from '../../src/reporters/markdown/index.js';
import { buildScorecard, scoreTrial, type TrialRecord } from '../../src/scoring/index.js';
import { type CallSpec, golden, goodCalls, goodTheory, trace } from './fixtures.js';

const loop = (n: number): CallSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `f${i + 1}`,
    source: 'logs' as const,
    query: '{app="payments"} |= "retry"',
    outcome: 'failed' as const,
    fingerprint: 'fpA',
    error: 'failed_envelope: failed to load chunks',
  }));

const block = Trajectory.parse([
  { check: 'max-repeats-of-failed', id: 'loop', max: 2 },
  { check: 'must-call', call: { source: 'metrics' }, before: { source: 'logs' } },
  { check: 'must-not-call', call: { tool: 'search_tools' } },
  { check: 'max-calls', call: { query: 'retry' }, max: 2, perFingerprint: true },
  { check: 'step-order', steps: [{ tool: 'query_metrics' }, { tool: 'query_logs', outcome: 'failed' }] },
  { check: 'must-name-gap-for', measurement: 'retry_storm_count' },
]);
const g = golden({ trajectory: block });

function judged(calls: CallSpec[], theory = goodTheory()) {
  return scoreTrial(g, trace(calls), theory).trajectory ?? [];
}

describe('trajectory checks', () => {
  it('are absent from a golden without a block, and judged in order with one', () => {
    expect(scoreTrial(golden(), trace(goodCalls), goodTheory()).trajectory).toBeUndefined();
    const t = judged([...goodCalls, ...loop(2)]);
    expect(t.map((x) => [x.id, x.passed])).toEqual([
      ['loop', true],
      ['must-call#2', true],
      ['must-not-call#3', true],
      ['max-calls#4', true],
      ['step-order#5', true],
      ['must-name-gap-for#6', true],
    ]);
    // goodTheory's gap names c3, which failed; without it the gap names nothing
    expect(judged(goodCalls.filter((c) => c.id !== 'c3')).at(-1)?.passed).toBe(false);
  });

  it('fail with reasons naming the calls, and fail the trial', () => {
    const calls: CallSpec[] = [
      ...loop(3),
      ...goodCalls,
      { id: 'k1', tool: 'search_tools', cls: 'context', outcome: 'ok' },
    ];
    const s = scoreTrial(g, trace(calls), goodTheory());
    expect(s.verdict).toBe('fail');
    const by = new Map((s.trajectory ?? []).map((x) => [x.id, x]));
    expect(by.get('loop')).toMatchObject({ passed: false, reason: 'fingerprint fpA 3× (max 2): f1, f2, f3' });
    expect(by.get('must-call#2')?.reason).toMatch(
      /^first calls of metrics at c1 .*, after f1 \(query_logs .*\(calls of logs\)$/,
    );
    expect(by.get('must-call#2')?.passed).toBe(false);
    expect(by.get('must-not-call#3')?.reason).toBe('1 search_tools, first at k1 (search_tools)');
    expect(by.get('max-calls#4')?.reason).toMatch(/^fingerprint fpA on 3 calls matching \/retry\/ \(max 2\)/);
  });

  it('credit a named gap only when its query really failed', () => {
    const theory = goodTheory();
    theory.parts.B.gaps = [{ measurement: 'retry_storm_count', callId: 'f1', reason: 'failed envelope' }];
    expect(judged([...goodCalls, ...loop(1)], theory).at(-1)).toMatchObject({ passed: true });
    const clean = judged([...goodCalls, { ...loop(1)[0], outcome: 'ok', fingerprint: undefined }], theory);
    expect(clean.at(-1)?.reason).toBe(
      'the gap for retry_storm_count names no call of the trace that really failed',
    );
  });
});

describe('trajectory in the scorecard', () => {
  const rec = (gateSet: string, rep: number, calls: CallSpec[]): TrialRecord => {
    const id = `pool/s/${gateSet}/r${rep}`;
    const score = scoreTrial(g, trace(calls), goodTheory());
    return { id, golden: 'pool', seat: 's', gateSet, rep, seed: rep, dir: `traces/${id}`, score };
  };
  const trials = [1, 2].flatMap((r) => [
    rec('none', r, [...goodCalls, ...loop(r + 2)]),
    rec('all', r, goodCalls),
  ]);
  const sc = buildScorecard({
    run: {
      seed: 1,
      goldens: ['pool'],
      seats: ['s'],
      gateSets: ['none', 'all'],
      repetitions: 2,
      thresholds: { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 },
    },
    trials,
    skipped: [],
    meta: { runId: 'r', generatedAt: 't', dir: 'd' },
    assert: [
      AssertRule.parse({
        name: 'no-loops',
        type: 'trajectory',
        checks: 'max-repeats-of-failed',
        under: 'all',
      }),
      AssertRule.parse({ name: 'any', type: 'trajectory', max: 1 }),
    ],
    assertPartial: false,
  });

  it('counts failing trials per check and row, and the assert rule judges them', () => {
    const none = sc.rows.find((r) => r.gateSet === 'none');
    expect(none?.trajectory?.checks.find((c) => c.id === 'loop')).toEqual({
      id: 'loop',
      check: 'max-repeats-of-failed',
      failed: 2,
    });
    expect(none?.trajectory?.trials).toBe(2);
    const [noLoops, any] = sc.assertions ?? [];
    expect(noLoops).toMatchObject({ passed: true });
    expect(any).toMatchObject({ passed: false });
    expect(any.detail).toMatch(/pool × s × none: 2 of 2/);
  });

  it('shows a section in scorecard.md and a problem in junit.xml', () => {
    const md = renderScorecardMd(sc);
    expect(md).toContain('## Trajectory checks');
    expect(md).toMatch(/\| pool \| s \| none \| `loop` \(max-repeats-of-failed\) \| ❌ 2 of 2 \|/);
    expect(renderJunit(sc)).toMatch(/breaks any \(trials failing any trajectory check/);
  });
});
