/** Hand-built goldens, traces and Theories for the scoring rules. */
import type { Golden } from '../../src/formats/golden/normalized.js';
import type { HeaderEvent, Outcome, ToolClass, Trace, TraceEvent } from '../../src/formats/run/trace.js';
import { TRACE_FORMAT } from '../../src/formats/run/trace.js';
import type { Theory, TheoryPart } from '../../src/formats/theory.js';

export function golden(over: Partial<Golden> = {}): Golden {
  return {
    id: 'pool',
    title: 'pool',
    tags: [],
    time: { start: '2026-03-14T13:00:00Z', end: '2026-03-14T15:00:00Z', now: '100m' },
    alert: {
      name: 'CheckoutHighErrorRate',
      labels: { service: 'checkout' },
      expr: 'x > 0.05',
      activeAt: '64m',
      summary: 'checkout error ratio above 5%',
    },
    prompt: 'p',
    parts: {
      A: {
        question: 'a',
        measurements: [
          {
            id: 'peak_error_ratio',
            truth: 0.23,
            tolerance: { abs: 0.01 },
            source: 'metrics',
            route: 'max_over_time(ratio[1h])',
            obtainable: true,
          },
        ],
      },
      B: {
        question: 'b',
        measurements: [
          {
            id: 'pool_timeouts',
            truth: 1432,
            tolerance: { rel: 0.02 },
            source: 'logs',
            route: 'sum(count_over_time({app="payments"} |= "pool exhausted" [40m]))',
            obtainable: true,
          },
          {
            id: 'retry_storm_count',
            source: 'logs',
            route: 'sum(count_over_time({app="payments"} |= "retry" [40m]))',
            obtainable: false,
          },
        ],
      },
    },
    rootCause: { component: 'payments-db', mechanism: 'pool', accept: [['pool'], ['exhaust', 'saturat']] },
    world: { seed: 1, metrics: [], logs: [] },
    faults: [],
    capacity: {},
    skills: [],
    expect: [],
    file: 'golden.yaml',
    dir: '.',
    ms: { start: 0, end: 0, now: 0, activeAt: 0 },
    ...over,
  };
}

export interface CallSpec {
  id: string;
  tool?: string;
  cls?: ToolClass;
  source?: 'metrics' | 'logs';
  query?: string;
  outcome: Outcome;
  preview?: string;
  fingerprint?: string;
  error?: string;
  /** The golden fault that fired on this call (recorded by the producer). */
  fault?: string;
}

export function trace(
  calls: CallSpec[],
  end: { unscored?: boolean; steers?: number; halts?: number; faultsRecorded?: boolean } = {},
): Trace {
  const header: HeaderEvent = {
    type: 'header',
    format: TRACE_FORMAT,
    golden: 'pool',
    seat: 's',
    provider: 'sim',
    model: 'sim',
    shape: 'react' as const,
    gateSet: 'none',
    gates: [],
    rep: 0,
    seed: 1,
    clock: 'virtual' as const,
    startedAt: 'x',
    ...(end.faultsRecorded ? { faultsRecorded: true } : {}),
  };
  const events: TraceEvent[] = [header];
  calls.forEach((c, i) => {
    const cls = c.cls ?? 'live';
    events.push({
      type: 'tool_call',
      t: i,
      id: c.id,
      tool: c.tool ?? (c.source === 'logs' ? 'query_logs' : 'query_metrics'),
      args: {},
      wave: i,
      class: cls,
      node: 'root',
      ...(c.source ? { source: c.source } : {}),
      ...(c.query ? { query: c.query } : {}),
    });
    events.push({
      type: 'tool_result',
      t: i,
      id: c.id,
      outcome: c.outcome,
      n: c.outcome === 'ok' ? 1 : 0,
      latencyMs: 10,
      queueMs: 0,
      untyped: false,
      ...(c.preview ? { preview: c.preview } : {}),
      ...(c.fault ? { fault: c.fault } : {}),
      ...(c.fingerprint ? { fingerprint: c.fingerprint } : {}),
      ...(c.error ? { error: c.error } : {}),
    });
  });
  events.push({
    type: 'end',
    t: 100,
    stop: 'submitted',
    unscored: end.unscored ?? false,
    usage: {
      turns: 3,
      toolCalls: calls.length,
      waves: calls.length,
      maxFanout: 1,
      tokens: { input: 10, output: 5, reasoning: 0 },
    },
    wall: { totalMs: 1000, modelMs: 600, toolMs: 300, queueMs: 100 },
    counts: { steers: end.steers ?? 0, halts: end.halts ?? 0, fingerprints: 0, untypedEnvelopes: 0 },
  });
  return { header, events };
}

export const part = (over: Partial<TheoryPart> = {}): TheoryPart => ({
  status: 'resolved',
  findings: '',
  measurements: [],
  gaps: [],
  ...over,
});

/** A fully correct, honest Theory citing c1 (metrics ok), c2 (logs ok) and naming failed c3. */
export function goodTheory(): Theory {
  return {
    summary: 'Payments DB connection pool exhausted, checkout returned 5xx.',
    rootCause: { component: 'payments-db', mechanism: 'connection pool exhaustion', explanation: '' },
    parts: {
      A: part({
        findings: 'Error ratio peaked at 0.23.',
        measurements: [{ id: 'peak_error_ratio', value: 0.231, evidence: ['c1'] }],
      }),
      B: part({
        status: 'undetermined',
        findings: 'Pool timeouts 1430; the retry storm count could not be measured because the query failed.',
        measurements: [{ id: 'pool_timeouts', value: 1430, evidence: ['c2'] }],
        gaps: [{ measurement: 'retry_storm_count', callId: 'c3', reason: 'failed envelope' }],
      }),
    },
  };
}

export const goodCalls: CallSpec[] = [
  {
    id: 'c1',
    source: 'metrics',
    query: 'max_over_time(ratio[1h])',
    outcome: 'ok',
    preview: '[[1773496800,"0.23"]]',
  },
  {
    id: 'c2',
    source: 'logs',
    query: 'sum(count_over_time({app="payments"} |= "pool exhausted" [40m]))',
    outcome: 'ok',
    preview: '{"resultType":"vector","result":[{"metric":{},"value":[1773499200,"1430"]}]}',
  },
  {
    id: 'c3',
    source: 'logs',
    query: 'sum(count_over_time({app="payments"} |= "retry" [40m]))',
    outcome: 'failed',
    fingerprint: 'fp1',
  },
];
