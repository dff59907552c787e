/**
 * The ledger halts a session once, however many calls of one wave pass the threshold together; and
 * the Theories the host writes after a halt name as failed only calls the trace shows failed (never
 * a call the host blocked, never a query that did not run).
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/backend/api.js';
import type { TraceEvent } from '../../src/formats/run/trace.js';
import type { TurnRequest } from '../../src/protocol/model.js';
import { call, of, promVector, run, ScriptedModel, theory } from './helpers.js';

const metricsOk = (r: ApiRequest) => (r.api.startsWith('prom.') ? promVector(0.23) : undefined);
let n = 0;
const logsTimeout = (r: ApiRequest) =>
  r.api.startsWith('loki.') ? { status: 504, text: `Request timed out after ${30 + n++}s` } : undefined;
const isFinal = (req: TurnRequest) =>
  typeof req.toolChoice === 'object' && req.toolChoice.tool === 'submit_theory';
const logs = (app: string) => call('query_logs', { query: `{app="${app}"} |= "pool"` });

/** Every gap that names a call must name one whose true outcome is failed (it ran and failed). */
function gapCallsFailed(events: TraceEvent[], gaps: { callId?: string }[]): void {
  const outcome = new Map(of(events, 'tool_result').map((r) => [r.id, r]));
  for (const g of gaps.filter((x) => x.callId !== undefined)) {
    const r = outcome.get(g.callId!);
    expect(r?.outcome, `gap cites ${g.callId}`).toBe('failed');
  }
}

describe('one halt per session', () => {
  it('a wave in which four calls pass the halt threshold records one halt', async () => {
    const model = new ScriptedModel([], (req, i) => {
      if (isFinal(req)) return [];
      if (i === 0) return [logs('payments')];
      return [logs('pay-1'), logs('pay-2'), logs('pay-3'), logs('pay-4')];
    });
    const { result, events } = await run(model, [logsTimeout], ['ledger']);
    expect(result.stop).toBe('halted');
    const verdicts = of(events, 'gate').map((g) => g.decision);
    expect(verdicts.filter((d) => d === 'halt')).toHaveLength(1);
    expect(verdicts.filter((d) => d === 'steer')).toHaveLength(1);
    expect(of(events, 'end')[0].counts).toMatchObject({ halts: 1, steers: 1 });
  });
});

describe('gaps after a halt', () => {
  it('the assembled Theory never names a call the host blocked after the halt', async () => {
    // Six copies in one wave: the fan-out cap runs three (they halt the session), the ledger then
    // blocks the three deferred ones on the exhausted route. The final turn brings no Theory.
    const model = new ScriptedModel([], (req, i) => {
      if (isFinal(req)) return [];
      if (i === 0) return [call('query_metrics', { query: 'max_ratio' })];
      return ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => logs(`payments-${x}`));
    });
    const { result, events } = await run(model, [metricsOk, logsTimeout], ['ledger', 'fanout']);
    expect(result.theorySource).toBe('assembled');
    const blocked = of(events, 'tool_result').filter((r) => r.error?.startsWith('blocked'));
    expect(blocked.length).toBeGreaterThan(0);
    const B = result.theory!.parts.B;
    expect(B.gaps.some((g) => g.callId)).toBe(true);
    gapCallsFailed(events, B.gaps);
    for (const b of blocked) expect(B.gaps.some((g) => g.callId === b.id)).toBe(false);
  });

  it('a repaired final-turn Theory keeps gaps on failed calls and drops never-run queries', async () => {
    const never = 'sum(count_over_time({app="gateway"} |= "retry" [40m]))';
    const model = new ScriptedModel([], (req, i) => {
      if (isFinal(req))
        return [
          call('submit_theory', {
            theory: theory({
              A: { measurements: [{ id: 'peak_error_ratio', value: 0.23, evidence: ['c1'] }] },
              // Resolved on no live evidence: toolClasses blocks it, the host repairs it.
              B: {
                status: 'resolved',
                measurements: [{ id: 'pool_timeouts', value: 0, evidence: ['c2'] }],
                gaps: [
                  {
                    measurement: 'pool_timeouts',
                    failedQuery: '{app="payments"} |= "pool"',
                    callId: 'c2',
                    reason: 'failed',
                  },
                  { measurement: 'retries', failedQuery: never, callId: 'c99', reason: 'failed' },
                  { measurement: 'retries', failedQuery: never, reason: 'failed' },
                ],
              },
            }),
          }),
        ];
      if (i === 0) return [call('query_metrics', { query: 'max_ratio' })];
      return [logs(`payments${i > 1 ? `-${i}` : ''}`)];
    });
    const { result, events } = await run(model, [metricsOk, logsTimeout], ['ledger', 'toolClasses']);
    expect(result.stop).toBe('halted');
    expect(result.theorySource).toBe('assembled');
    const B = result.theory!.parts.B;
    expect(B.status).toBe('undetermined');
    gapCallsFailed(events, B.gaps);
    expect(B.gaps.find((g) => g.callId === 'c2')?.failedQuery).toBe('{app="payments"} |= "pool"');
    expect(B.gaps.some((g) => g.failedQuery === never)).toBe(false);
    expect(B.gaps.filter((g) => g.measurement === 'retries' && /never ran/.test(g.reason))).toHaveLength(2);
    expect(result.theory!.parts.A.measurements.map((m) => m.id)).toEqual(['peak_error_ratio']);
  });
});
