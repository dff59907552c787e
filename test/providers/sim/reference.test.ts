/**
 * The `reference` sim: each golden's honest ceiling. Every route as the golden writes it, one
 * alternative where a route fails, values as observed, gaps that name the failed call, and the
 * golden's root cause only when the evidence it rests on (`rootCause.evidence`) was obtained.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGolden, loadGolden } from '../../../src/formats/load.js';
import type { ToolCallEvent, ToolResultEvent } from '../../../src/formats/run/trace.js';
import { scoreTrial } from '../../../src/scoring/index.js';
import { writeTinyGolden } from '../../e2e/tiny-golden.js';
import { referenceSeat, simTrial } from './sim-trial.js';

async function trial(goldenPath: string) {
  const golden = loadGolden(goldenPath);
  const { trace, theory } = await simTrial({ golden, seatFile: referenceSeat(), gates: 'all', seed: 9 });
  return { golden, trace, theory, score: scoreTrial(golden, trace, theory) };
}

describe('reference sim', () => {
  it('passes the failed-logs golden: routes as written, gaps named, values unrounded', {
    timeout: 60_000,
  }, async () => {
    const { golden, trace, theory, score } = await trial('goldens/checkout-db-pool-logs-failed');
    expect(score.verdict).toBe('pass');
    expect(score.correctness).toBe(1);
    const calls = trace.events.filter((e): e is ToolCallEvent => e.type === 'tool_call');
    const routes = [...golden.parts.A.measurements, ...golden.parts.B.measurements].map((m) => m.route);
    for (const r of routes) expect(calls.some((c) => c.query === r)).toBe(true);
    const outcome = new Map(
      trace.events
        .filter((e): e is ToolResultEvent => e.type === 'tool_result')
        .map((r) => [r.id, r.outcome]),
    );
    expect(theory.parts.B.status).toBe('undetermined');
    for (const g of theory.parts.B.gaps) expect(outcome.get(g.callId ?? '')).toBe('failed');
    const p99 = theory.parts.A.measurements.find((m) => m.id === 'payments_pool_acquire_p99');
    expect(p99?.value).not.toBe(Number(p99?.value.toPrecision(5)));
    expect(theory.rootCause.component).toBe(golden.rootCause.component);
  });

  it('leaves the root cause undetermined when the evidence it rests on failed', {
    timeout: 60_000,
  }, async () => {
    const dir = writeTinyGolden({
      faults: `faults:
  - id: payments-logs-failed
    kind: failed-envelope
    match: {api: [loki.query, loki.query_range], query: 'payments'}`,
    });
    const file = join(dir, 'golden.yaml');
    const yaml = readFileSync(file, 'utf8').replace(
      'accept: [[pool], [exhaust]]}',
      'accept: [[pool], [exhaust]], evidence: [pool_exhausted_lines]}',
    );
    writeFileSync(
      file,
      yaml.replace('        truth: 30\n        tolerance: {abs: 0}\n', '        obtainable: false\n'),
    );
    const { theory, score } = await trial(dir);
    // The missing measurement's id holds both accept terms (pool, exhaust): an undetermined root
    // cause counts it instead of naming it, so it never matches by its own wording.
    expect(theory.rootCause.mechanism).toBe(
      "undetermined: the evidence for the root cause could not be obtained (1 of the measurements it rests on; the parts' gaps name them)",
    );
    expect(score.rootCause.matched).toBe(false);
    expect(theory.parts.B.status).toBe('undetermined');
    expect(theory.parts.B.gaps[0]).toMatchObject({ measurement: 'pool_exhausted_lines', callId: 'c2' });
    expect(score.honesty).toEqual([]);
  });

  it('narrows a range a limit refused and still passes', { timeout: 60_000 }, async () => {
    // A refusal it could not foresee (an http-error, not a max-query-length fault): it learns the
    // limit from the answer and asks again as windows.
    const dir = writeTinyGolden({
      faults: `faults:
  - id: loki-max-query-length
    kind: http-error
    status: 400
    match: {api: [loki.query, loki.query_range], query: '\\[1h\\]'}
    message: 'the query time range exceeds the limit (query length: 1h, limit: 30m)'`,
    });
    const { trace, theory, score } = await trial(dir);
    expect(score.verdict).toBe('pass');
    expect(theory.parts.B.measurements[0]).toMatchObject({ id: 'pool_exhausted_lines', value: 30 });
    expect(theory.parts.B.measurements[0].evidence).toHaveLength(2);
    const asked = trace.events.filter(
      (e): e is ToolCallEvent => e.type === 'tool_call' && e.source === 'logs',
    );
    expect(asked.map((c) => c.query)).toEqual([
      'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))',
      'sum(count_over_time({app="payments"} |= "pool exhausted" [30m]))',
      'sum(count_over_time({app="payments"} |= "pool exhausted" [30m]))',
    ]);
  });

  it("splits a route the golden's max-query-length refuses without asking it whole", {
    timeout: 60_000,
  }, async () => {
    const dir = writeTinyGolden({
      faults: `faults:
  - id: loki-max-query-length
    kind: max-query-length
    match: {api: [loki.query, loki.query_range]}
    limit: 25m`,
    });
    const { trace, theory, score } = await trial(dir);
    expect(score.verdict).toBe('pass');
    const asked = trace.events.filter(
      (e): e is ToolCallEvent => e.type === 'tool_call' && e.source === 'logs',
    );
    // 1h under 25m: 25m, 25m and the 10m left, each at its own end time
    expect(asked.map((c) => [c.query?.match(/\[(\w+)\]/)?.[1], (c.args as { end: string }).end])).toEqual([
      ['25m', '2026-03-14T14:40:00.000Z'],
      ['25m', '2026-03-14T14:15:00.000Z'],
      ['10m', '2026-03-14T13:50:00.000Z'],
    ]);
    expect(theory.parts.B.measurements[0]).toMatchObject({ id: 'pool_exhausted_lines', value: 30 });
    expect(theory.parts.B.findings).toMatch(/^Measured pool_exhausted_lines = 30, the sum of \d+ \(c\d+\), /);
  });

  it('checks rootCause.evidence against the measurements', () => {
    const dir = writeTinyGolden();
    const file = join(dir, 'golden.yaml');
    const yaml = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      yaml.replace(
        'accept: [[pool], [exhaust]]}',
        'accept: [[pool], [exhaust]], evidence: [pool_exhausted_lines, nope]}',
      ),
    );
    const issues = checkGolden(dir).issues.filter((i) => i.path?.startsWith('rootCause.evidence'));
    expect(issues).toEqual([
      expect.objectContaining({ path: 'rootCause.evidence.1', severity: 'error', line: expect.any(Number) }),
    ]);
  });
});
