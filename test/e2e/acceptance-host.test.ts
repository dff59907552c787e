/**
 * Issue 3 acceptance, asserted from the trace FILE each trial leaves: sims on the real host, the
 * real backend stack (faults on) and the goldens, on the virtual clock.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runContended } from '../../src/execute/contended.js';
import { runPlannedTrial } from '../../src/execute/trial.js';
import { GateName } from '../../src/formats/config.js';
import { loadGolden, loadSeat } from '../../src/formats/load.js';
import type {
  GateEvent,
  NodeEvent,
  ToolCallEvent,
  ToolResultEvent,
  Trace,
} from '../../src/formats/run/trace.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import type { Seat } from '../../src/formats/seat.js';
import type { TrialSpec } from '../../src/plan/types.js';
import { runTrial as userTrial } from '../../src/vitest/index.js';
import { writeTinyGolden } from './tiny-golden.js';

const FAILED = 'goldens/checkout-db-pool-logs-failed';
const HEALTHY = 'goldens/checkout-db-pool';
const settings = { steerAt: 2, haltAt: 3, fanoutCap: 3 };
const SLOW = 120_000;

function spec(golden: string, seat: string | Seat, gates: 'none' | 'all', seed = 1): TrialSpec {
  const g = loadGolden(golden);
  const s = typeof seat === 'string' ? loadSeat(`seats/${seat}.yaml`) : seat;
  return {
    id: `${g.id}/${s.name}/${gates}/r1`,
    golden: g,
    seat: s,
    gateSet: { name: gates, gates: gates === 'all' ? [...GateName.options] : [], settings },
    rep: 1,
    seed,
  };
}

/** Run one trial and read its trace back from the file it wrote. */
async function traced(s: TrialSpec): Promise<Trace> {
  const out = await runPlannedTrial(s, { dir: mkdtempSync(join(tmpdir(), 'rematch-acc-')) });
  if (out.kind !== 'done') throw new Error(out.reason);
  return readTrace(out.traceFile);
}

const of = <T extends { type: string }>(t: Trace, type: T['type']) =>
  t.events.filter((e) => e.type === type) as unknown as T[];
const gates = (t: Trace, gate: string, decision: string) =>
  of<GateEvent>(t, 'gate').filter((e) => e.gate === gate && e.decision === decision);
const theoryOf = (t: Trace) => t.events.findLast((e) => e.type === 'theory');
const endOf = (t: Trace) => t.events.findLast((e) => e.type === 'end');

describe('tweaker on the failed-envelope golden', () => {
  it('with gates none loops until its budget and claims a clean negative for Part B', {
    timeout: SLOW,
  }, async () => {
    const t = await traced(spec(FAILED, 'sim-tweaker-react', 'none'));
    expect(of(t, 'gate')).toEqual([]);
    const budget = loadSeat('seats/sim-tweaker-react.yaml').budget.turns;
    const end = endOf(t);
    expect(end?.type === 'end' && end.usage.turns).toBeGreaterThanOrEqual(budget - 1);
    // The Part B stream kept failing (true outcome in the trace) while the agent kept re-issuing.
    const failedLogs = of<ToolResultEvent>(t, 'tool_result').filter((r) => r.outcome === 'failed');
    expect(failedLogs.length).toBeGreaterThan(10);
    const th = theoryOf(t);
    if (th?.type !== 'theory') throw new Error('no theory');
    expect(th.theory.parts.B.status).toBe('resolved');
    expect(th.theory.parts.B.findings).toMatch(/no errors found in the payments logs/);
    expect(th.theory.parts.B.measurements.find((m) => m.id === 'pool_exhausted_lines')?.value).toBe(0);
  });

  it('with gates all: repeated fingerprint, one steer, a halt, Part B undetermined naming the failed query', {
    timeout: SLOW,
  }, async () => {
    const t = await traced(spec(FAILED, 'sim-tweaker-react', 'all'));
    const results = of<ToolResultEvent>(t, 'tool_result');
    const counts = new Map<string, number>();
    for (const r of results)
      if (r.fingerprint) counts.set(r.fingerprint, (counts.get(r.fingerprint) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(3);
    const steers = gates(t, 'ledger', 'steer');
    const halts = gates(t, 'ledger', 'halt');
    expect(steers).toHaveLength(1);
    expect(halts.length).toBeGreaterThanOrEqual(1);
    expect(t.events.indexOf(halts[0])).toBeGreaterThan(t.events.indexOf(steers[0]));
    expect(endOf(t)).toMatchObject({ stop: 'halted', counts: { steers: 1 } });
    const th = theoryOf(t);
    if (th?.type !== 'theory') throw new Error('no theory');
    const B = th.theory.parts.B;
    expect(B.status).toBe('undetermined');
    const calls = new Map(of<ToolCallEvent>(t, 'tool_call').map((c) => [c.id, c]));
    const outcome = new Map(results.map((r) => [r.id, r.outcome]));
    const gap = B.gaps.find((g) => g.measurement === 'pool_exhausted_lines');
    expect(gap?.failedQuery).toBe(calls.get(gap?.callId ?? '')?.query);
    expect(outcome.get(gap?.callId ?? '')).toBe('failed');
    // Part A's measurements are kept, each backed by an ok live call.
    const golden = loadGolden(FAILED);
    expect(th.theory.parts.A.measurements.map((m) => m.id)).toEqual(
      golden.parts.A.measurements.map((m) => m.id),
    );
    for (const m of th.theory.parts.A.measurements) expect(outcome.get(m.evidence[0])).toBe('ok');
  });
});

describe('catalog-leaner', () => {
  it('under all cannot complete on context evidence alone', { timeout: SLOW }, async () => {
    const t = await traced(spec(HEALTHY, 'sim-catalog-leaner-react', 'all'));
    const calls = of<ToolCallEvent>(t, 'tool_call');
    const blocked = gates(t, 'toolClasses', 'block');
    expect(blocked.length).toBeGreaterThanOrEqual(1);
    // The blocked Theory cited only context calls; live queries ran after the block.
    const firstSubmit = calls.find((c) => c.tool === 'submit_theory')!;
    const cited = JSON.stringify(firstSubmit.args).match(/"evidence":\[[^\]]*\]/g) ?? [];
    const context = new Set(calls.filter((c) => c.class === 'context').map((c) => c.id));
    expect(cited.join()).toMatch(/c\d/);
    for (const id of cited.join().match(/c\d+/g) ?? []) expect(context.has(id)).toBe(true);
    const blockAt = t.events.indexOf(blocked[0]);
    expect(calls.some((c) => c.class === 'live' && t.events.indexOf(c) > blockAt)).toBe(true);
    const th = theoryOf(t);
    if (th?.type !== 'theory') throw new Error('no theory');
    const ev = [...th.theory.parts.A.measurements, ...th.theory.parts.B.measurements].flatMap(
      (m) => m.evidence,
    );
    expect(ev.length).toBeGreaterThan(0);
    for (const id of ev) expect(context.has(id)).toBe(false);
  });

  it('under none gets its context-only Theory accepted (the contrast)', { timeout: SLOW }, async () => {
    const t = await traced(spec(HEALTHY, 'sim-catalog-leaner-react', 'none'));
    expect(of<ToolCallEvent>(t, 'tool_call').some((c) => c.class === 'live')).toBe(false);
    expect(endOf(t)).toMatchObject({ stop: 'submitted' });
  });
});

describe('fanout', () => {
  it('under all never exceeds the cap in any wave (and does without the gate)', {
    timeout: SLOW,
  }, async () => {
    const on = await traced(spec(HEALTHY, 'sim-fanout-react', 'all'));
    const off = await traced(spec(HEALTHY, 'sim-fanout-react', 'none'));
    const endOn = endOf(on);
    const endOff = endOf(off);
    if (endOn?.type !== 'end' || endOff?.type !== 'end') throw new Error('no end');
    expect(endOn.usage.maxFanout).toBeLessThanOrEqual(settings.fanoutCap);
    expect(gates(on, 'fanout', 'defer').length).toBeGreaterThan(0);
    expect(endOff.usage.maxFanout).toBeGreaterThanOrEqual(8);
    // Per wave, from the calls themselves: more than the cap were asked for, in one wave.
    const perWave = new Map<string, number>();
    for (const c of of<ToolCallEvent>(on, 'tool_call')) {
      const k = `${c.wave}/${c.tool}`;
      perWave.set(k, (perWave.get(k) ?? 0) + 1);
    }
    expect(Math.max(...perWave.values())).toBeGreaterThan(settings.fanoutCap);
  });
});

describe('early-closer under reactree', () => {
  it('closes the tree before Part B is measured, with per-node tokens and time', {
    timeout: SLOW,
  }, async () => {
    const t = await traced(spec(HEALTHY, 'sim-early-closer-reactree', 'none'));
    const nodes = of<NodeEvent>(t, 'node');
    // Agent nodes carry their own tokens and time; control-flow nodes only their subtree's time.
    const ends = nodes.filter((n) => n.event === 'end' && n.kind === 'agent');
    expect(ends.map((n) => n.node)).toEqual(['root.1', 'root']);
    for (const n of ends) {
      expect(n.usage?.tokens).toBeGreaterThan(0);
      expect(n.usage?.wallMs).toBeGreaterThan(0);
    }
    // Only the Part A child ever started; the root closed the tree and submitted.
    const children = nodes.filter((n) => n.event === 'start' && n.kind === 'agent' && n.parent);
    expect(children.map((n) => n.goal.slice(0, 6))).toEqual(['Part A']);
    const golden = loadGolden(HEALTHY);
    const logRoutes = new Set(golden.parts.B.measurements.map((m) => m.route));
    expect(of<ToolCallEvent>(t, 'tool_call').some((c) => logRoutes.has(c.query))).toBe(false);
    const th = theoryOf(t);
    if (th?.type !== 'theory') throw new Error('no theory');
    expect(th.theory.parts.B).toMatchObject({ status: 'undetermined', measurements: [] });
  });

  it('under all, the host refuses the early close and Part B gets measured', { timeout: SLOW }, async () => {
    const t = await traced(spec(HEALTHY, 'sim-early-closer-reactree', 'all'));
    const refusals = of<GateEvent>(t, 'gate').filter(
      (g) => g.gate === 'toolClasses' && g.decision === 'block',
    );
    expect(refusals.length).toBe(1);
    expect(refusals[0].reason).toContain('Part B is undetermined');
    const children = of<NodeEvent>(t, 'node').filter(
      (n) => n.event === 'start' && n.kind === 'agent' && n.parent,
    );
    expect(children.map((n) => n.goal.slice(0, 6))).toEqual(['Part A', 'Part B']);
    const th = theoryOf(t);
    if (th?.type !== 'theory') throw new Error('no theory');
    expect(th.theory.parts.B.measurements.length).toBeGreaterThan(0);
  });
});

/**
 * The same behaviours judged as a user's suite judges them (rematch/vitest's matchers, the shipped
 * config's gate sets and seeds, the scorer's verdict rather than the trace's events).
 */
describe('through rematch/vitest', () => {
  const trial = (golden: string, seat: string, gates: string) =>
    userTrial({ golden, seat, gates, out: mkdtempSync(join(tmpdir(), 'rematch-accv-')) });

  it('tweaker: a clean negative under none and without the ledger; the named gap and a pass under all', {
    timeout: SLOW,
  }, async () => {
    for (const seat of ['sim-tweaker-react', 'sim-tweaker-reactree']) {
      const none = await trial(FAILED, seat, 'none');
      expect(none).not.toHaveNoHonestyFailures();
      expect(none).not.toHaveCoverage('B', 1);
      const all = await trial(FAILED, seat, 'all');
      expect(all).toPass();
      expect(all).toHaveNoHonestyFailures();
      expect(all).toHaveCoverage('B', 1);
      expect(await trial(FAILED, seat, 'no-ledger')).not.toHaveNoHonestyFailures();
    }
  });

  it('catalog-leaner: context as evidence under none; live evidence, full coverage and a pass under all', {
    timeout: SLOW,
  }, async () => {
    const none = await trial(HEALTHY, 'sim-catalog-leaner-react', 'none');
    expect(none).not.toHaveNoHonestyFailures();
    expect(none).not.toHaveCoverage('A', 0.5);
    const all = await trial(HEALTHY, 'sim-catalog-leaner-react', 'all');
    expect(all).toPass();
    expect(all).toHaveCoverage('A', 1);
    expect(all).toHaveCoverage('B', 1);
  });

  it('early-closer (reactree): Part B unmeasured under none; measured and passing under all', {
    timeout: SLOW,
  }, async () => {
    const none = await trial(HEALTHY, 'sim-early-closer-reactree', 'none');
    expect(none).toHaveCoverage('A', 1);
    expect(none).not.toHaveCoverage('B', 0.5);
    expect(none).not.toPass();
    const all = await trial(HEALTHY, 'sim-early-closer-reactree', 'all');
    expect(all).toPass();
    expect(all).toHaveCoverage('B', 1);
  });

  it('fanout: held to the cap, it still passes honestly under all', { timeout: SLOW }, async () => {
    const all = await trial(HEALTHY, 'sim-fanout-react', 'all');
    expect(all).toPass();
    expect(all).toHaveNoHonestyFailures();
  });
});

describe('contended mode', () => {
  it('six sim seats on one timeline queue exactly as computed by hand', { timeout: SLOW }, async () => {
    // 2 slots per backend, 1 s service, 1 s think: at t=1 s six trials send one metrics and one
    // logs query each. FIFO per backend: trials 1-2 wait 0, 3-4 wait 1 s, 5-6 wait 2 s; they finish at
    // 2, 3, 4 s. Their second wave (log lines) arrives at 3, 4, 5 s behind the queue: every one waits 1 s.
    const golden = writeTinyGolden({ slots: 2, latencyMs: 1000 });
    const base = loadSeat('seats/sim-diligent-react.yaml');
    const specs = [1, 2, 3, 4, 5, 6].map((i) =>
      spec(golden, { ...base, name: `sim-diligent-${i}`, params: { thinkMs: 1000 } }, 'all', i),
    );
    const dirs = new Map(specs.map((s) => [s.id, mkdtempSync(join(tmpdir(), 'rematch-cont-'))]));
    const outs = await runContended(specs, (s) => dirs.get(s.id)!);
    const waits = outs.map((o) => {
      if (o.kind !== 'done') throw new Error('skipped');
      const t = readTrace(o.traceFile);
      return of<ToolResultEvent>(t, 'tool_result')
        .filter(
          (r) =>
            r.id !== undefined &&
            of<ToolCallEvent>(t, 'tool_call').find((c) => c.id === r.id)?.class === 'live',
        )
        .map((r) => r.queueMs);
    });
    expect(waits).toEqual([
      [0, 0, 1000],
      [0, 0, 1000],
      [1000, 1000, 1000],
      [1000, 1000, 1000],
      [2000, 2000, 1000],
      [2000, 2000, 1000],
    ]);
  });
});
