/**
 * A limit that refuses a long range: Loki's `max_query_length` ("the query time range exceeds the
 * limit"). The careful sim asks the count again as shorter windows at shifted times, cites every
 * window, and reports their sum, instead of giving up or switching to another shape.
 */
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../../src/formats/load.js';
import type { ToolCallEvent, ToolResultEvent } from '../../../src/formats/run/trace.js';
import { scoreTrial } from '../../../src/scoring/index.js';
import { writeTinyGolden } from '../../e2e/tiny-golden.js';
import { simTrial } from './sim-trial.js';

const LIMIT = `faults:
  - id: loki-max-query-length
    kind: http-error
    status: 400
    match: {api: [loki.query, loki.query_range], query: '\\[1h\\]'}
    message: 'the query time range exceeds the limit (query length: 1h, limit: 30m)'`;

async function trial(gates: 'none' | 'all') {
  const golden = loadGolden(writeTinyGolden({ faults: LIMIT }));
  const { trace, theory } = await simTrial({
    golden,
    seatFile: 'seats/sim-diligent-react.yaml',
    gates,
    seed: 4,
  });
  return { golden, trace, theory };
}

describe('narrowing a range a limit refused', () => {
  it.each(['all', 'none'] as const)('splits the 1h count into two 30m windows (gates %s)', async (gates) => {
    const { golden, trace, theory } = await trial(gates);
    const calls = trace.events.filter((e): e is ToolCallEvent => e.type === 'tool_call');
    const results = new Map(
      trace.events.filter((e): e is ToolResultEvent => e.type === 'tool_result').map((r) => [r.id, r]),
    );
    const refused = calls.find((c) => c.query?.includes('[1h]'));
    expect(refused && results.get(refused.id)?.outcome).not.toBe('ok');
    const windows = calls.filter(
      (c) => c.query === 'sum(count_over_time({app="payments"} |= "pool exhausted" [30m]))',
    );
    expect(windows).toHaveLength(2);
    // Shifted by one window: 14:40 and 14:10.
    expect(windows.map((c) => (c.args as { end?: string }).end).sort()).toEqual([
      '2026-03-14T14:10:00.000Z',
      '2026-03-14T14:40:00.000Z',
    ]);
    const m = theory.parts.B.measurements.find((x) => x.id === 'pool_exhausted_lines');
    expect(m?.value).toBe(30);
    expect([...(m?.evidence ?? [])].sort()).toEqual(windows.map((c) => c.id).sort());
    expect(theory.parts.B.status).toBe('resolved');
    const score = scoreTrial(golden, trace, theory);
    expect(score.verdict).toBe('pass');
  });
});
