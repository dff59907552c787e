/**
 * Test doubles for host tests: a scripted Model (a provider double that returns fixed turns and
 * records what it was sent), a small in-test Backend answering by query pattern on the virtual
 * clock, and a tiny golden.
 */
import type { ApiRequest, ApiResponse, Backend } from '../../src/backend/api.js';
import { type Clock, VirtualClock } from '../../src/clock.js';
import type { GateName } from '../../src/formats/config.js';
import { type Golden, normalizeGolden } from '../../src/formats/golden/normalized.js';
import { GoldenFile } from '../../src/formats/golden/schema.js';
import type { TraceEvent } from '../../src/formats/run/trace.js';
import type { SessionOptions, SessionResult } from '../../src/host/index.js';
import { resolveGateSet, runSession, TraceWriter } from '../../src/host/index.js';
import type { Model, ToolCall, TurnRequest, TurnResult } from '../../src/protocol/model.js';

export function testGolden(extra: Partial<Record<string, unknown>> = {}): Golden {
  const file = GoldenFile.parse({
    id: 'checkout-test',
    title: 'Checkout errors from payments pool exhaustion',
    time: { start: '2026-03-14T13:00:00Z', end: '2026-03-14T15:00:00Z', now: '1h40m' },
    alert: {
      name: 'CheckoutHighErrorRate',
      labels: { service: 'checkout' },
      expr: 'rate(http_requests_total{code="500"}[5m]) > 0.1',
      activeAt: '1h04m',
      summary: 'checkout 5xx above 10%',
    },
    prompt: 'Find out why checkout fails. Part A from metrics, Part B from logs.',
    parts: {
      A: {
        question: 'How high did the error ratio get?',
        measurements: [
          {
            id: 'peak_error_ratio',
            source: 'metrics',
            truth: 0.23,
            tolerance: { abs: 0.01 },
            route: 'max_ratio',
          },
        ],
      },
      B: {
        question: 'How many pool timeouts were logged?',
        measurements: [
          {
            id: 'pool_timeouts',
            source: 'logs',
            truth: 1432,
            tolerance: { rel: 0.02 },
            route: 'sum(count_over_time({app="payments"} |= "pool" [40m]))',
          },
        ],
      },
    },
    rootCause: { component: 'payments-db', mechanism: 'pool exhaustion', accept: [['pool']] },
    world: {},
    skills: [{ name: 'db-pool', description: 'how to check DB pool saturation', text: 'query pool metrics' }],
    ...extra,
  });
  return normalizeGolden(file, '/tmp/golden.yaml', '/tmp');
}

export type Rule = (req: ApiRequest) => ApiResponse | undefined;

export const promVector = (v: number): ApiResponse => ({
  status: 200,
  json: {
    status: 'success',
    data: { resultType: 'vector', result: [{ metric: {}, value: [1710427200, String(v)] }] },
  },
});
export const lokiStreams = (lines: string[]): ApiResponse => ({
  status: 200,
  json: {
    status: 'success',
    data: {
      resultType: 'streams',
      result: [{ stream: { app: 'payments' }, values: lines.map((l, i) => [String(i), l]) }],
    },
  },
});
export const failedEnvelope: ApiResponse = {
  status: 200,
  json: { outcome: 'failed', n: 0, error: { message: 'upstream loki-read-3 timed out after 30s' } },
};

/** An in-test backend: first matching rule answers, after `latencyMs` on the clock; tracks concurrency. */
export class TestBackend implements Backend {
  readonly requests: ApiRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  constructor(
    private readonly clock: Clock,
    private readonly rules: Rule[],
    private readonly latencyMs = 50,
  ) {}
  async handle(req: ApiRequest): Promise<ApiResponse> {
    this.requests.push(req);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await this.clock.sleep(this.latencyMs);
    this.inFlight -= 1;
    for (const r of this.rules) {
      const res = r(req);
      if (res) return { ...res, timing: { queueMs: 0, serviceMs: this.latencyMs } };
    }
    return { status: 200, json: { status: 'success', data: { resultType: 'vector', result: [] } } };
  }
}

let seq = 0;
export function call(name: string, args: unknown): ToolCall {
  seq += 1;
  return { id: `p${seq}`, name, args };
}

export type Step = (req: TurnRequest, i: number) => ToolCall[] | string;

/** A provider double: turn i returns script[i](req) (tool calls, or text only); records every request. */
export class ScriptedModel implements Model {
  readonly id = 'scripted';
  readonly clock = 'virtual' as const;
  readonly requests: TurnRequest[] = [];
  private i = 0;
  constructor(
    private readonly script: Step[],
    private readonly fallback: Step = () => 'thinking',
  ) {}
  async turn(req: TurnRequest, clock: Clock): Promise<TurnResult> {
    this.requests.push(structuredClone({ ...req, signal: undefined }));
    await clock.sleep(100);
    const step = this.script[this.i] ?? this.fallback;
    const out = step(req, this.i);
    this.i += 1;
    return {
      text: typeof out === 'string' ? out : '',
      toolCalls: typeof out === 'string' ? [] : out,
      usage: { input: 1000, output: 100, reasoning: 0 },
      latencyMs: 100,
      attempts: 1,
    };
  }
}

export interface Run {
  result: SessionResult;
  events: TraceEvent[];
  model: ScriptedModel;
  backend: TestBackend;
}

export async function run(
  model: ScriptedModel,
  rules: Rule[],
  gates: 'none' | 'all' | GateName[],
  over: Partial<SessionOptions> & { latencyMs?: number; traceFile?: string } = {},
): Promise<Run> {
  const { latencyMs, traceFile, ...rest } = over;
  const clock = new VirtualClock();
  const golden = over.golden ?? testGolden();
  const backend = new TestBackend(clock, rules, latencyMs);
  const gateSet =
    typeof gates === 'string' ? resolveGateSet(gates) : { ...resolveGateSet('none'), name: 'custom', gates };
  const trace = new TraceWriter({
    header: {
      type: 'header',
      format: 'rematch.trace/1',
      golden: golden.id,
      seat: 'test',
      provider: 'sim',
      model: model.id,
      shape: over.shape ?? 'react',
      gateSet: gateSet.name,
      gates: gateSet.gates,
      rep: 0,
      seed: 1,
      clock: 'virtual',
      startedAt: new Date().toISOString(),
    },
    file: traceFile,
  });
  const result = await runSession({
    golden,
    backend,
    model,
    shape: 'react',
    gateSet,
    budget: { turns: 20, toolCalls: 40, tokens: 1_000_000, wallSeconds: 600 },
    clock,
    trace,
    ...rest,
  }).finally(() => trace.close());
  return { result, events: [...trace.events()], model, backend };
}

export function theory(partial: { A?: object; B?: object } = {}) {
  return {
    summary: 'payments DB pool exhausted',
    rootCause: { component: 'payments-db', mechanism: 'connection pool exhaustion', explanation: '' },
    parts: {
      A: { status: 'resolved', findings: '', measurements: [], gaps: [], ...partial.A },
      B: { status: 'resolved', findings: '', measurements: [], gaps: [], ...partial.B },
    },
  };
}

export const of = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);
