/**
 * The model interface, the contract between the host and every model: one turn = messages and
 * tool schemas in; text, tool calls, usage and latency out. Real providers (AI SDK), sim policies
 * and test doubles (providers/) implement `Model`; the host (host/) calls it; neither imports the
 * other.
 */
import type { Clock, ClockKind } from '../clock.js';

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed JSON arguments; `argsError` is set instead when the model sent malformed JSON. */
  args: unknown;
  argsError?: string;
}

export type Message =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[]; providerState?: unknown }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string };

export interface ToolSchema {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface Usage {
  input: number;
  output: number;
  reasoning: number;
  /** The provider's usage object as it came, for audits. */
  raw?: unknown;
}

export interface TurnRequest {
  messages: Message[];
  tools: ToolSchema[];
  /** `required` forces a tool call; a name restricts to that tool (budget cap: submit_theory only). */
  toolChoice?: 'auto' | 'required' | { tool: string };
  /** Which agent node asks (reactree), for sims that act by role. */
  node: { id: string; depth: number; goal: string; role: 'root' | 'child' };
  signal?: AbortSignal;
  /**
   * Set by the rate-limit decorator (providers/ai/limited-model.ts): a model that retries awaits it
   * before every attempt after the first, so a retry is paced like any other request.
   */
  paceRetry?: (clock: Clock) => Promise<void>;
}

export interface TurnResult {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  /** Model latency on the trial's clock (virtual for sims: simulated think time). */
  latencyMs: number;
  /** Provider attempts (retries) this turn took. */
  attempts: number;
  /**
   * Real seats: time the turn spent waiting, not in the provider, on the trial's clock: for the
   * rate limiter before its request and each retry, and in backoff between attempts. Not part of `latencyMs`.
   */
  waits?: { limiterMs: number; backoffMs: number };
  /** Opaque state the provider wants back next turn (reasoning items, thought signatures). */
  providerState?: unknown;
  /** Served from the turn cache (providers/ai/cache.ts): its key and the recorded turn's latency. */
  replay?: { key: string; latencyMs: number };
}

/** Provider failures that make a trial unscored (never a zero). */
export class ProviderError extends Error {
  readonly status?: number;
  readonly retryable: boolean;
  /** Attempts made, and the failed turn's waits (as TurnResult's), so the wall split keeps them. */
  readonly attempts: number;
  waits?: { limiterMs: number; backoffMs: number };
  constructor(
    message: string,
    opts: {
      status?: number;
      retryable?: boolean;
      attempts?: number;
      waits?: { limiterMs: number; backoffMs: number };
    } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.status = opts.status;
    this.retryable = opts.retryable ?? false;
    this.attempts = opts.attempts ?? 1;
    this.waits = opts.waits;
  }
}

export interface Model {
  readonly id: string;
  /** `virtual` for sims: the host then runs the trial on a VirtualClock. */
  readonly clock: ClockKind;
  turn(req: TurnRequest, clock: Clock): Promise<TurnResult>;
}
