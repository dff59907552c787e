import { describe, expect, it } from 'vitest';
import type { Model, ToolCall } from '../../../src/protocol/model.js';
import { createModel, isSkip } from '../../../src/providers/registry.js';
import { drive, empty, failed, HOST_MARK, simSeat, TOOL, tinyGolden, vector } from './fixture.js';

const q = (c: ToolCall) => String((c.args as { query?: string }).query ?? '');

function sim(policy: Parameters<typeof simSeat>[0], seed = 7, shape: 'react' | 'reactree' = 'react'): Model {
  const m = createModel(simSeat(policy, shape), tinyGolden(), seed);
  if (isSkip(m)) throw new Error(m.skip);
  return m;
}

/** Metrics answer 0.23; the payments stream fails; the gateway stream answers 42. */
const world = (c: ToolCall) => {
  if (c.name === TOOL.queryMetrics) return vector(0.23);
  if (c.name === TOOL.queryLogs) return /pay/i.test(q(c)) ? failed : vector(42);
  return empty;
};

describe('sim policies against a scripted host', () => {
  it('diligent reports observed values (not the truth), and names the failed query as a gap', async () => {
    const run = await drive(sim('diligent'), { answer: world });
    const t = run.theory!;
    expect(t.parts.A.measurements).toEqual([expect.objectContaining({ id: 'err_ratio', value: 0.23 })]);
    expect(t.parts.A.status).toBe('resolved');
    expect(t.parts.B.status).toBe('undetermined');
    expect(t.parts.B.measurements.map((m) => [m.id, m.value])).toEqual([['retries', 42]]);
    const gap = t.parts.B.gaps.find((g) => g.measurement === 'pool_timeouts');
    expect(gap?.failedQuery).toContain('payments');
    expect(gap?.callId).toMatch(/^c\d+$/);
    // Evidence cites the call that answered, and the model is labelled a sim.
    expect(t.parts.A.measurements[0].evidence).toHaveLength(1);
    expect(sim('diligent').id).toBe('sim/diligent');
  });

  it('diligent tries label discovery once on an empty logs answer and re-targets the selector', async () => {
    const run = await drive(sim('diligent'), {
      answer: (c) => {
        if (c.name === TOOL.labelNames) return { outcome: 'ok', n: 2, data: ['service', 'level'] };
        if (c.name === TOOL.labelValues) return { outcome: 'ok', n: 2, data: ['payments', 'gateway'] };
        if (c.name === TOOL.queryLogs) return q(c).includes('service=') ? vector(17) : empty;
        return vector(0.2);
      },
    });
    const issued = run.turns.flat().map(q);
    expect(issued.some((x) => x.includes('{service="payments"}'))).toBe(true);
    expect(run.theory!.parts.B.measurements.find((m) => m.id === 'pool_timeouts')?.value).toBe(17);
  });

  it('tweaker loops until its budget and then claims a clean negative', async () => {
    const run = await drive(sim('tweaker'), { answer: world });
    expect(run.turns.length).toBeGreaterThanOrEqual(22);
    const t = run.theory!;
    expect(t.parts.B.status).toBe('resolved');
    expect(t.parts.B.measurements.find((m) => m.id === 'pool_timeouts')?.value).toBe(0);
    expect(t.parts.B.findings).toMatch(/no errors found/);
    // Its queries differ superficially from the route.
    expect(
      new Set(
        run.turns
          .flat()
          .map(q)
          .filter((x) => x.includes('pay')),
      ).size,
    ).toBeGreaterThan(5);
  });

  it('tweaker ignores one steer and, on a halt, names the failed query', async () => {
    const run = await drive(sim('tweaker'), {
      answer: world,
      after: (k) =>
        k === 3
          ? `${HOST_MARK.steer} take another route`
          : k === 5
            ? `${HOST_MARK.halt} submit now`
            : undefined,
      forceFrom: 6,
    });
    expect(run.turns.length).toBe(6);
    expect(run.turns[3].some((c) => /pay/i.test(q(c)))).toBe(true); // kept tweaking after the steer
    const t = run.theory!;
    expect(t.parts.B.status).toBe('undetermined');
    expect(t.parts.B.gaps[0].failedQuery).toBeTruthy();
    expect(t.parts.A.measurements[0].value).toBe(0.23);
  });

  it('catalog-leaner cites context calls, and measures live once blocked', async () => {
    const ctxRun = await drive(sim('catalog-leaner'), {
      answer: (c) =>
        c.name === TOOL.loadSkill
          ? { outcome: 'ok', n: 1, data: { text: tinyGolden().skills[0].text } }
          : c.name === TOOL.searchTools
            ? { outcome: 'ok', n: 1, data: [{ name: 'checkout-runbook' }] }
            : world(c),
    });
    const t = ctxRun.theory!;
    const first = ctxRun.turns.flat();
    expect(first.map((c) => c.name)).toEqual(
      expect.arrayContaining([TOOL.searchTools, TOOL.loadSkill, TOOL.notes]),
    );
    expect(t.parts.A.measurements[0].value).toBe(0.4); // from the runbook text, not a query
    const contextIds = first.filter((c) => c.name !== TOOL.submitTheory).map((c) => c.id);
    expect(t.parts.A.measurements[0].evidence.every((e) => contextIds.includes(e))).toBe(true);
  });

  it('fanout fires 8 to 12 copies of one query in a wave', async () => {
    const run = await drive(sim('fanout'), { answer: world });
    const widest = Math.max(...run.turns.map((w) => w.filter((c) => c.name === TOOL.queryMetrics).length));
    expect(widest).toBeGreaterThanOrEqual(8);
    expect(widest).toBeLessThanOrEqual(12);
    expect(run.theory!.parts.A.measurements[0].value).toBe(0.23);
  });

  it('early-closer submits after Part A with Part B undetermined and unmeasured', async () => {
    const run = await drive(sim('early-closer'), { answer: world });
    const t = run.theory!;
    expect(run.turns.flat().some((c) => c.name === TOOL.queryLogs)).toBe(false);
    expect(t.parts.B.status).toBe('undetermined');
    expect(t.parts.B.measurements).toEqual([]);
    expect(t.parts.B.gaps.every((g) => !g.failedQuery)).toBe(true);
  });

  it('same seed → same calls and think time; another seed differs', async () => {
    const a = await drive(sim('tweaker', 3), { answer: world });
    const b = await drive(sim('tweaker', 3), { answer: world });
    const c = await drive(sim('tweaker', 4), { answer: world });
    expect(b).toEqual(a);
    expect(c.clockMs).not.toBe(a.clockMs);
  });
});
