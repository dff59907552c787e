import { describe, expect, it } from 'vitest';
import { parseShard } from '../../src/commands/flags.js';
import { planRun } from '../../src/plan/plan.js';
import { plannedTrialIds, planRecord } from '../../src/plan/record.js';
import { config, goldens, seats } from '../commands/fake.js';

describe('planRun', () => {
  it('crosses goldens × seats × gate sets × reps, defaulting to sim seats and {none, all}', () => {
    const p = planRun(config, goldens, seats);
    expect(p.seats).toEqual(['sim-a', 'sim-b']);
    expect(p.gateSets).toEqual(['none', 'all']);
    expect(p.trials).toHaveLength(2 * 2 * 2 * 3);
    expect(p.trials[0].id).toBe('g-one/sim-a/none/r1');
    expect(new Set(p.trials.map((t) => t.id)).size).toBe(p.trials.length);
  });

  it('derives seeds from run seed, golden, seat and rep, never the gate set', () => {
    const p = planRun(config, goldens, seats);
    const none = p.trials.find((t) => t.id === 'g-one/sim-a/none/r2')!;
    const all = p.trials.find((t) => t.id === 'g-one/sim-a/all/r2')!;
    expect(none.seed).toBe(all.seed);
    expect(p.trials.find((t) => t.id === 'g-one/sim-a/none/r1')!.seed).not.toBe(none.seed);
    expect(planRun(config, goldens, seats, { seed: 8 }).trials[0].seed).not.toBe(p.trials[0].seed);
    expect(planRun(config, goldens, seats).trials.map((t) => t.seed)).toEqual(p.trials.map((t) => t.seed));
  });

  it('shards deterministically into disjoint parts that cover the matrix and keep pairs together', () => {
    const whole = planRun(config, goldens, seats).trials.map((t) => t.id);
    const parts = [1, 2, 3].map(
      (i) => planRun(config, goldens, seats, { shard: { index: i, count: 3 } }).trials,
    );
    const ids = parts.flatMap((p) => p.map((t) => t.id));
    expect(ids.sort()).toEqual([...whole].sort());
    expect(planRun(config, goldens, seats, { shard: parseShard('2/3') }).trials.map((t) => t.id)).toEqual(
      parts[1].map((t) => t.id),
    );
    for (const p of parts) {
      for (const t of p)
        expect(
          p.some(
            (u) => u.id === t.id.replace(/\/(none|all)\//, (_, g) => (g === 'none' ? '/all/' : '/none/')),
          ),
        ).toBe(true);
    }
  });

  it('rejects unknown goldens, seats, gate sets and bad shards as bad input', () => {
    expect(() => planRun(config, goldens, seats, { seats: ['nope'] })).toThrow(/unknown seat "nope"/);
    expect(() => planRun(config, goldens, seats, { goldens: ['nope'] })).toThrow(/unknown golden/);
    expect(() => planRun(config, goldens, seats, { gates: ['nope'] })).toThrow(/unknown gate set/);
    expect(() => parseShard('4/3')).toThrow(/--shard/);
    try {
      planRun(config, goldens, seats, { seats: ['nope'] });
    } catch (e) {
      expect((e as { exitCode: number }).exitCode).toBe(2);
    }
  });
});

describe('plannedTrialIds', () => {
  it('names exactly the trials planRun plans, shard by shard, ceilings included, without the goldens', () => {
    for (const shard of [undefined, { index: 1, count: 3 }, { index: 2, count: 3 }, { index: 3, count: 3 }]) {
      const p = planRun({ ...config, ceiling: true }, goldens, seats, { reps: 2, shard });
      expect(plannedTrialIds(planRecord(p))).toEqual(p.trials.map((t) => t.id));
    }
    // a seat skipped for its key ran nothing
    const p = planRun(config, goldens, seats, { reps: 1 });
    const [first] = p.seats;
    expect(plannedTrialIds(planRecord(p), [first])).toEqual(
      p.trials.filter((t) => t.seat.name !== first).map((t) => t.id),
    );
  });
});
