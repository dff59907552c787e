/**
 * The spend cap's projection: finished costs + in-flight estimates + this trial's estimate; the
 * estimate is the dearest paid cost of the seat's trials that paid for a turn, its token budget at the
 * dearer price before: a crash, a skip or a trial replayed from the turn cache never lowers it.
 * Over the cap it waits for in-flight trials, and with none left it stops the run for good.
 */
import { describe, expect, it } from 'vitest';
import { NOTHING_SPENT, SpendCap, spendOf } from '../../src/execute/spend-cap.js';
import type { TrialSpec } from '../../src/plan/types.js';
import type { TrialScore } from '../../src/scoring/index.js';

const paid = (costUsd: number, paidTurns = 3) => ({ costUsd, paidTurns });

const spec = (id: string, seat = 'a', pricing = true): TrialSpec =>
  ({
    id,
    seat: {
      name: seat,
      budget: { turns: 10, toolCalls: 10, tokens: 100_000, wallSeconds: 60 },
      ...(pricing ? { pricing: { inputPerMTok: 1, outputPerMTok: 5 } } : {}),
    },
  }) as TrialSpec;

describe('SpendCap', () => {
  it('estimates from the budget at the dearer price, then from the seat mean', () => {
    const cap = new SpendCap(10);
    expect(cap.estimate(spec('t1'))).toBeCloseTo(0.5, 12);
    expect(cap.estimate(spec('s1', 'sim', false))).toBe(0);
  });

  it('waits for a trial in flight, then admits on its real cost, then stops with the projection', async () => {
    const cap = new SpendCap(1);
    expect(await cap.admit([spec('t1')])).toBeNull(); // 0.5
    let second: string | null | undefined;
    const p = cap.admit([spec('t2'), spec('t3')]).then((r) => {
      second = r;
    }); // 0.5 + 1.0 > 1: waits for t1
    await Promise.resolve();
    expect(second).toBeUndefined();
    cap.done(spec('t1'), paid(0.3)); // seen 0.3: 0.3 + 0.6 = 0.9
    await p;
    expect(second).toBeNull();
    cap.done(spec('t2'), paid(0.3));
    cap.done(spec('t3'), paid(0.3));
    expect(await cap.admit([spec('t4')])).toBe('spend cap: projected $1.2 > $1');
    // stopped for good, even a trial that would fit
    expect(await cap.admit([spec('s1', 'sim', false)])).toBe('spend cap: projected $1.2 > $1');
  });

  it('counts what a resumed run already spent', async () => {
    // two earlier trials of seat a at $0.4: spent $0.8, and a's estimate is their mean
    const cap = new SpendCap(1, [
      { seat: 'a', costUsd: 0.4, paidTurns: 3 },
      { seat: 'a', costUsd: 0.4, paidTurns: 3 },
    ]);
    expect(cap.estimate(spec('t3'))).toBeCloseTo(0.4, 12);
    expect(await cap.admit([spec('t3')])).toBe('spend cap: projected $1.2 > $1');
  });

  it('keeps the upper bound after a trial that paid for nothing (crash, skip, replayed)', async () => {
    // cap $2, upper bound $0.8 a trial: two fit; a $0 crash must not let the whole seat in
    const big = (id: string) =>
      ({
        ...spec(id),
        seat: { ...spec(id).seat, pricing: { inputPerMTok: 1, outputPerMTok: 8 } },
      }) as TrialSpec;
    const cap = new SpendCap(2);
    expect(await cap.admit([big('t1')])).toBeNull();
    expect(await cap.admit([big('t2')])).toBeNull();
    const admitted: string[] = [];
    const later = ['t3', 't4', 't5', 't6'].map((id) => cap.admit([big(id)]).then(() => admitted.push(id)));
    await new Promise((r) => setImmediate(r));
    expect(admitted).toEqual([]);
    cap.done(big('t1'), NOTHING_SPENT); // crashed: no trace, no cost
    await new Promise((r) => setImmediate(r));
    expect(admitted).toEqual(['t3']); // $0.8 in flight twice: one more fits, not all four
    expect(cap.estimate(big('t7'))).toBeCloseTo(0.8, 12);
    // replayed whole from the turn cache: it paid for no turn
    const replayed = { costUsd: 0.5, counts: { turns: 3 }, replayed: { turns: 3, tokens: 9, costUsd: 0.5 } };
    cap.done(big('t2'), spendOf(replayed as TrialScore));
    await new Promise((r) => setImmediate(r));
    expect(admitted).toEqual(['t3', 't4']);
    expect(cap.estimate(big('t7'))).toBeCloseTo(0.8, 12);
    cap.done(big('t3'), paid(0.3));
    cap.done(big('t4'), paid(0.3));
    await Promise.all(later);
    expect(admitted).toEqual(['t3', 't4', 't5', 't6']);
  });

  it('estimates from the dearest trial that paid, and counts only what was paid', () => {
    const cap = new SpendCap(10, [
      { seat: 'a', costUsd: 0.3, paidTurns: 3 },
      { seat: 'a', costUsd: 0.05, paidTurns: 1 }, // stopped early, or mostly replayed
    ]);
    expect(cap.estimate(spec('t3'))).toBeCloseTo(0.3, 12);
    const partly = { costUsd: 0.5, counts: { turns: 4 }, replayed: { turns: 3, tokens: 9, costUsd: 0.4 } };
    expect(spendOf(partly as TrialScore)).toEqual({ costUsd: expect.closeTo(0.1, 12), paidTurns: 1 });
    expect(spendOf(undefined)).toEqual(NOTHING_SPENT);
  });
});
