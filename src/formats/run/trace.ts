/**
 * The trace (DESIGN §5.4): JSONL, one event a line, first line a header with the format version.
 * `t` is milliseconds since the trial started on the trial's clock (virtual for sims).
 * Bump TRACE_FORMAT on any incompatible change; readers refuse other versions (exit 2).
 */
import { z } from 'zod';
import { CLOCK_KINDS } from '../../clock.js';
import { GateName } from '../config.js';
import { Theory } from '../theory.js';
import { CONTROL_FLOWS, OUTCOMES, SHAPES, SOURCES, TOOL_CLASSES } from '../vocabulary.js';

export const TRACE_FORMAT = 'rematch.trace/1';

export const Outcome = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof Outcome>;
export const ToolClass = z.enum(TOOL_CLASSES);
export type ToolClass = z.infer<typeof ToolClass>;
export const Decision = z.enum(['allow', 'defer', 'steer', 'halt', 'block']);
export type Decision = z.infer<typeof Decision>;
export const StopReason = z.enum(['submitted', 'halted', 'budget', 'error']);
export type StopReason = z.infer<typeof StopReason>;

const Tokens = z.object({ input: z.number(), output: z.number(), reasoning: z.number().default(0) });

export const HeaderEvent = z.object({
  type: z.literal('header'),
  format: z.literal(TRACE_FORMAT),
  golden: z.string(),
  seat: z.string(),
  provider: z.string(),
  model: z.string(),
  shape: z.enum(SHAPES),
  gateSet: z.string(),
  gates: z.array(GateName),
  /** The gates given as text only (`mode: prompt`, docs/gates.md); absent: none. */
  prompted: z.array(GateName).optional(),
  rep: z.number().int(),
  seed: z.number().int(),
  clock: z.enum(CLOCK_KINDS),
  /** Real wall-clock ISO time the trial started (excluded from determinism checks). */
  startedAt: z.string(),
  /** The producer records `tool_result.fault` for every call a fault fired on (absence means none fired). */
  faultsRecorded: z.boolean().optional(),
  /**
   * The producer writes `tool_result.selection` and `values` for every query call an engine answered
   * (docs/trace.md#selection); without it, offline scorers fill them in first (recordSelection).
   */
  selectionRecorded: z.boolean().optional(),
  /**
   * The wall-clock "now" (ISO) the agent's own times were relative to, for a trace imported from an
   * agent that ran against its own backend (the root span's start); absent: its calls are in the
   * golden's time. `bench score --against-world` maps this onto the golden's now (docs/import.md).
   */
  agentNow: z.string().optional(),
});

export const ModelTurnEvent = z.object({
  type: z.literal('model_turn'),
  t: z.number(),
  node: z.string(),
  turn: z.number().int(),
  latencyMs: z.number(),
  tokens: Tokens,
  text: z.string().default(''),
  toolCalls: z.number().int(),
  attempts: z.number().int().default(1),
  /**
   * Served from the turn cache or a recorded run (docs/trace.md#replayed-turns): no provider call
   * was made. `latencyMs` above is then the real (near zero) time of the lookup; the recorded
   * turn's own latency is `replay.latencyMs`. Absent on a turn the provider answered.
   */
  replay: z.object({ key: z.string(), latencyMs: z.number() }).optional(),
  /** Real seats: ms the turn waited for the run's rate limiter, and in backoff between attempts. */
  limiterMs: z.number().optional(),
  backoffMs: z.number().optional(),
});

export const ToolCallEvent = z.object({
  type: z.literal('tool_call'),
  t: z.number(),
  id: z.string(),
  tool: z.string(),
  args: z.unknown(),
  wave: z.number().int(),
  class: ToolClass,
  node: z.string(),
  /** For live/discovery tools: which telemetry the call reads. */
  source: z.enum(SOURCES).optional(),
  /** The query string, when the tool has one. */
  query: z.string().optional(),
});

/**
 * Which selectors of a query read data (docs/trace.md#selection): how many selector nodes it has,
 * and the normalized texts of those that read no sample / no log entry at all.
 */
export const Selection = z.object({
  selectors: z.number().int(),
  unmatched: z.array(z.string()),
});
export type Selection = z.infer<typeof Selection>;

export const ToolResultEvent = z.object({
  type: z.literal('tool_result'),
  t: z.number(),
  id: z.string(),
  outcome: Outcome,
  n: z.number().int(),
  fingerprint: z.string().optional(),
  latencyMs: z.number(),
  queueMs: z.number().default(0),
  httpStatus: z.number().int().optional(),
  error: z.string().optional(),
  /** The integration answered without `n`/`outcome`; the host classed it itself. */
  untyped: z.boolean().default(false),
  /** What the agent was shown, when it differs from `outcome` (failureClass gate off). */
  shown: Outcome.optional(),
  /** A short rendering of the data (what the model saw, truncated). */
  preview: z.string().optional(),
  /** The id of the golden fault that fired on this call, when one did (see header.faultsRecorded). */
  fault: z.string().optional(),
  /**
   * Under a `stale-tools` fault, on the calls the tool catalog lists (and a refreshing search_tools):
   * the catalog version that served the call, and whether its tool was a stale one (docs/trace.md).
   */
  catalogVersion: z.number().int().optional(),
  stale: z.boolean().optional(),
  /** Which selectors of the query read data (docs/trace.md#selection); query calls an engine answered. */
  selection: Selection.optional(),
  /** Sample values the result showed (docs/trace.md#values): vector, matrix and scalar results. */
  values: z.array(z.number()).optional(),
  /** `values` holds order statistics of more values than it could keep. */
  valuesTruncated: z.boolean().optional(),
});

export const GateEvent = z.object({
  type: z.literal('gate'),
  t: z.number(),
  gate: GateName,
  decision: Decision,
  reason: z.string(),
  callId: z.string().optional(),
  node: z.string().optional(),
  fingerprint: z.string().optional(),
});

const NodeUsage = z.object({
  tokens: z.number(),
  toolCalls: z.number().int(),
  wallMs: z.number(),
  turns: z.number().int(),
});

export const NodeEvent = z.object({
  type: z.literal('node'),
  t: z.number(),
  node: z.string(),
  parent: z.string().optional(),
  event: z.enum(['start', 'end']),
  kind: z.enum(['agent', ...CONTROL_FLOWS]),
  goal: z.string(),
  result: z.enum(['success', 'failure']).optional(),
  usage: NodeUsage.optional(),
  /** For control-flow nodes: whether children ran concurrently. */
  concurrent: z.boolean().optional(),
});

export const TheoryEvent = z.object({
  type: z.literal('theory'),
  t: z.number(),
  /** submitted by the agent, requested at the budget cap, or assembled by the host from the trace. */
  source: z.enum(['submitted', 'budget-request', 'assembled']),
  theory: Theory,
});

export const EndEvent = z.object({
  type: z.literal('end'),
  t: z.number(),
  stop: StopReason,
  /** The bench's or provider's fault: the trial is unscored, never a zero. */
  unscored: z.boolean().default(false),
  error: z.string().optional(),
  usage: z.object({
    turns: z.number().int(),
    toolCalls: z.number().int(),
    waves: z.number().int(),
    maxFanout: z.number().int(),
    tokens: Tokens,
    costUsd: z.number().optional(),
    /** The part of turns/tokens/costUsd above that was replayed, not paid for (absent: none). */
    replayed: z
      .object({ turns: z.number().int(), tokens: Tokens, costUsd: z.number().optional() })
      .optional(),
  }),
  wall: z.object({
    totalMs: z.number(),
    modelMs: z.number(),
    toolMs: z.number(),
    queueMs: z.number(),
    /** Real seats: summed turn waits for the rate limiter and in backoff (model_turn's fields). */
    limiterMs: z.number().optional(),
    backoffMs: z.number().optional(),
  }),
  counts: z.object({
    steers: z.number().int(),
    halts: z.number().int(),
    fingerprints: z.number().int(),
    untypedEnvelopes: z.number().int(),
  }),
});

export const TraceEvent = z.discriminatedUnion('type', [
  HeaderEvent,
  ModelTurnEvent,
  ToolCallEvent,
  ToolResultEvent,
  GateEvent,
  NodeEvent,
  TheoryEvent,
  EndEvent,
]);

export type TraceEvent = z.infer<typeof TraceEvent>;
export type HeaderEvent = z.infer<typeof HeaderEvent>;
export type ToolCallEvent = z.infer<typeof ToolCallEvent>;
export type ToolResultEvent = z.infer<typeof ToolResultEvent>;
export type GateEvent = z.infer<typeof GateEvent>;
export type NodeEvent = z.infer<typeof NodeEvent>;
export type EndEvent = z.infer<typeof EndEvent>;
export type TheoryEvent = z.infer<typeof TheoryEvent>;
export type ModelTurnEvent = z.infer<typeof ModelTurnEvent>;

/** A whole trace in memory: the header, every event in order. */
export interface Trace {
  header: HeaderEvent;
  events: TraceEvent[];
}
