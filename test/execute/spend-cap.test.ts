/**
 * The spend cap's projection: finished costs + in-flight estimates + this trial's estimate; the
 * estimate is the seat's mean once a trial finished, its token budget at the dearer price before.
 * Over the cap it waits for in-flight trials, and with none left it stops the run for good.
 */
import { describe, expect, it } from 'vitest';
import { SpendCap } from '../../src/execute/spend-cap.js';
import type { TrialSpec } from '../../src/plan/types.js';

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
    cap.done(spec('t1'), 0.3); // mean 0.3: 0.3 + 0.6 = 0.9
    await p;
    expect(second).toBeNull();
    cap.done(spec('t2'), 0.3);
    cap.done(spec('t3'), 0.3);
    expect(await cap.admit([spec('t4')])).toBe('spend cap: projected $1.2 > $1');
    // stopped for good, even a trial that would fit
    expect(await cap.admit([spec('s1', 'sim', false)])).toBe('spend cap: projected $1.2 > $1');
  });

  it('counts what a resumed run already spent', async () => {
    // two earlier trials of seat a at $0.4: spent $0.8, and a's estimate is their mean
    const cap = new SpendCap(1, [
      { seat: 'a', costUsd: 0.4 },
      { seat: 'a', costUsd: 0.4 },
    ]);
    expect(cap.estimate(spec('t3'))).toBeCloseTo(0.4, 12);
    expect(await cap.admit([spec('t3')])).toBe('spend cap: projected $1.2 > $1');
  });
});
