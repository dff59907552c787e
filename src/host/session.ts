/**
 * The state of one session, shared by every node of a reactree: counters, budgets, the call
 * records and the trace stamping. Only the host writes it; gates get it as a read-only
 * SessionView (gates/view.ts) and keep their own state in their instances (gates/compose.ts).
 */
import { partNeeds } from '../evidence/index.js';
import type { Golden } from '../formats/golden/index.js';
import type { HeaderEvent, TraceEvent } from '../formats/run/index.js';
import { type Guidance, guidanceFor } from '../protocol/guidance.js';
import {
  type Message,
  ProviderError,
  type ToolSchema,
  type TurnRequest,
  type TurnResult,
} from '../protocol/model.js';
import type { SessionView, Stopping } from './gates/index.js';
import { GateStack } from './gates/index.js';
import type { Scratch, Source } from './tools/index.js';
import type { Budget, CallRecord, NodeInfo, SessionOptions } from './types.js';

export type { Stopping } from './gates/index.js';

type Stamped = Exclude<TraceEvent, HeaderEvent>;
type Unstamped = Stamped extends infer E ? (E extends Stamped ? Omit<E, 't'> : never) : never;

export interface NodeStats {
  tokens: number;
  toolCalls: number;
  turns: number;
  startMs: number;
}

export class Session implements SessionView {
  readonly t0: number;
  readonly scratch: Scratch = { notes: [], memory: [] };
  readonly calls: CallRecord[] = [];
  readonly byId = new Map<string, CallRecord>();
  readonly usage = {
    turns: 0,
    toolCalls: 0,
    waves: 0,
    maxFanout: 0,
    tokens: { input: 0, output: 0, reasoning: 0 },
    /** The turns (and their tokens, within `tokens`) replayed from a cache: not paid for. */
    replayed: { turns: 0, tokens: { input: 0, output: 0, reasoning: 0 } },
  };
  readonly wall = { modelMs: 0, toolMs: 0, queueMs: 0 };
  /** Real seats: turns' waits for the rate limiter and in 429 backoff (absent: the model reports none). */
  waits?: { limiterMs: number; backoffMs: number };
  readonly counts = { steers: 0, halts: 0, untyped: 0 };
  /** Every fingerprint of a true failed/empty/rejected observation (whether or not the ledger is on). */
  readonly fingerprints = new Set<string>();
  /** Live evidence each part needs before it may be `resolved`. Fixed at session start. */
  readonly required: Readonly<Record<'A' | 'B', ReadonlySet<Source>>>;
  readonly nodes = new Map<string, NodeStats>();
  stopping: Stopping | undefined;
  /** A node threw (e.g. a ProviderError): every other node stops at its next turn. */
  failed: unknown;
  expansions = 0;
  /** The tools of this session, for search_tools. Set by the shape. */
  catalog: { name: string; description: string }[] = [];
  /** This session's gate instances, behind the one composer. */
  readonly gates: GateStack;
  /** The prompt-mode gates' guidance (protocol/guidance.ts): text only, in the prompts and tool descriptions. */
  readonly guidance: Guidance;
  private seq = 0;

  constructor(readonly opts: SessionOptions) {
    this.t0 = opts.clock.now();
    this.required = { A: new Set(partNeeds(opts.golden, 'A')), B: new Set(partNeeds(opts.golden, 'B')) };
    const { gates, settings } = opts.gateSet;
    this.gates = new GateStack(gates, settings, this, (e) => this.emit(e));
    this.guidance = guidanceFor(opts.gateSet.prompted, settings);
  }

  get golden(): Golden {
    return this.opts.golden;
  }

  get budget(): Budget {
    return this.opts.budget;
  }

  t(): number {
    return this.opts.clock.now() - this.t0;
  }

  nextCallId(): string {
    this.seq += 1;
    return `c${this.seq}`;
  }

  emit(e: Unstamped): void {
    this.opts.trace.append({ ...e, t: this.t() } as Stamped);
  }

  nodeStats(node: string): NodeStats {
    let s = this.nodes.get(node);
    if (!s) {
      s = { tokens: 0, toolCalls: 0, turns: 0, startMs: this.t() };
      this.nodes.set(node, s);
    }
    return s;
  }

  private addWaits(w: { limiterMs: number; backoffMs: number }): void {
    this.waits ??= { limiterMs: 0, backoffMs: 0 };
    this.waits.limiterMs += w.limiterMs;
    this.waits.backoffMs += w.backoffMs;
  }

  /** One model turn: the provider call, usage accounting and the `model_turn` event. */
  async modelTurn(
    node: NodeInfo,
    messages: Message[],
    tools: ToolSchema[],
    toolChoice?: TurnRequest['toolChoice'],
  ): Promise<TurnResult> {
    const { parent: _parent, ...reqNode } = node;
    // Counted before the await: concurrent tree nodes must not all pass the budget check at once.
    this.usage.turns += 1;
    const turn = this.usage.turns;
    const stats = this.nodeStats(node.id);
    stats.turns += 1;
    let res: TurnResult;
    try {
      res = await this.opts.model.turn(
        { messages: [...messages], tools, toolChoice, node: reqNode, signal: this.opts.signal },
        this.opts.clock,
      );
    } catch (err) {
      // a turn that failed after waiting: its waits still belong in the trial's wall split
      if (err instanceof ProviderError && err.waits) this.addWaits(err.waits);
      throw err;
    }
    this.usage.tokens.input += res.usage.input;
    this.usage.tokens.output += res.usage.output;
    this.usage.tokens.reasoning += res.usage.reasoning;
    if (res.replay) {
      // Still counted above: the budget and the scorecard see the conversation the agent had.
      const r = this.usage.replayed;
      r.turns += 1;
      r.tokens.input += res.usage.input;
      r.tokens.output += res.usage.output;
      r.tokens.reasoning += res.usage.reasoning;
    }
    this.wall.modelMs += res.latencyMs;
    if (res.waits) this.addWaits(res.waits);
    stats.tokens += res.usage.input + res.usage.output;
    this.emit({
      type: 'model_turn',
      node: node.id,
      turn,
      latencyMs: res.latencyMs,
      tokens: { input: res.usage.input, output: res.usage.output, reasoning: res.usage.reasoning },
      text: res.text,
      toolCalls: res.toolCalls.length,
      attempts: res.attempts,
      ...(res.replay ? { replay: res.replay } : {}),
      ...(res.waits ? { limiterMs: res.waits.limiterMs, backoffMs: res.waits.backoffMs } : {}),
    });
    return res;
  }
}
