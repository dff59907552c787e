/**
 * The state of one session, shared by every node of a reactree: counters, budgets, the call
 * records, the ledger's sets and the trace stamping. Gates read it; only the host writes it.
 */
import { partNeeds } from '../evidence/index.js';
import type { Message, ToolSchema, TurnRequest, TurnResult } from '../protocol/model.js';
import type { GateName, GateSettings } from '../spec/config.js';
import type { HeaderEvent, TraceEvent } from '../spec/trace.js';
import type { Gate, Verdict } from './gates/types.js';
import type { Scratch, Source } from './tools/types.js';
import type { CallRecord, NodeInfo, SessionOptions } from './types.js';

type Stamped = Exclude<TraceEvent, HeaderEvent>;
type Unstamped = Stamped extends infer E ? (E extends Stamped ? Omit<E, 't'> : never) : never;

export interface NodeStats {
  tokens: number;
  toolCalls: number;
  turns: number;
  startMs: number;
}

export interface Stopping {
  kind: 'halted' | 'budget';
  reason: string;
  /** The HOST_MARK message the root gets before its final turn (gate on), if any. */
  message?: string;
}

export class Session {
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
  };
  readonly wall = { modelMs: 0, toolMs: 0, queueMs: 0 };
  readonly counts = { steers: 0, halts: 0, untyped: 0 };
  /** Every fingerprint of a true failed/empty/rejected observation (whether or not the ledger is on). */
  readonly fingerprints = new Set<string>();
  /** Ledger: sightings per fingerprint of what the agent saw, and fingerprints already steered. */
  readonly sightings = new Map<string, number>();
  /** Ledger: the wave (node + wave number) each fingerprint was last counted in. */
  readonly sightingWave = new Map<string, string>();
  readonly steered = new Set<string>();
  /** Routes (tool + query shape) blocked after non-progress. Never touches `required`. */
  readonly gainExhausted = new Set<string>();
  /**
   * Ledger: the fingerprint whose sighting halted the session. Set when the verdict is made, so
   * the other calls of the same batch (which finish before `stopping` is set) cannot halt again.
   */
  halt: string | undefined;
  /** Live evidence each part needs before it may be `resolved`. Fixed at session start. */
  readonly required: Readonly<Record<'A' | 'B', ReadonlySet<Source>>>;
  readonly nodes = new Map<string, NodeStats>();
  stopping: Stopping | undefined;
  /** A node threw (e.g. a ProviderError): every other node stops at its next turn. */
  failed: unknown;
  expansions = 0;
  /** The tools of this session, for search_tools. Set by the shape. */
  catalog: { name: string; description: string }[] = [];
  private seq = 0;

  constructor(
    readonly opts: SessionOptions,
    readonly gates: readonly Gate[],
  ) {
    this.t0 = opts.clock.now();
    this.required = { A: new Set(partNeeds(opts.golden, 'A')), B: new Set(partNeeds(opts.golden, 'B')) };
  }

  get settings(): GateSettings {
    return this.opts.gateSet.settings;
  }

  gateOn(name: GateName): boolean {
    return this.gates.some((g) => g.name === name);
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

  recordGate(
    gate: GateName,
    v: Verdict,
    extra: { callId?: string; node?: string; fingerprint?: string } = {},
  ): void {
    this.emit({ type: 'gate', gate, decision: v.decision, reason: v.reason, ...extra });
  }

  /** The first budget that ran out, as `turns 40/40`, or undefined. */
  budgetExceeded(): string | undefined {
    const b = this.opts.budget;
    const tokens = this.usage.tokens.input + this.usage.tokens.output;
    const wallS = this.t() / 1000;
    if (this.usage.turns >= b.turns) return `turns ${this.usage.turns}/${b.turns}`;
    if (this.usage.toolCalls >= b.toolCalls) return `tool calls ${this.usage.toolCalls}/${b.toolCalls}`;
    if (tokens >= b.tokens) return `tokens ${tokens}/${b.tokens}`;
    if (wallS >= b.wallSeconds) return `wall ${wallS.toFixed(1)}s/${b.wallSeconds}s`;
    return undefined;
  }

  nodeStats(node: string): NodeStats {
    let s = this.nodes.get(node);
    if (!s) {
      s = { tokens: 0, toolCalls: 0, turns: 0, startMs: this.t() };
      this.nodes.set(node, s);
    }
    return s;
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
    const res = await this.opts.model.turn(
      { messages: [...messages], tools, toolChoice, node: reqNode, signal: this.opts.signal },
      this.opts.clock,
    );
    this.usage.tokens.input += res.usage.input;
    this.usage.tokens.output += res.usage.output;
    this.usage.tokens.reasoning += res.usage.reasoning;
    this.wall.modelMs += res.latencyMs;
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
    });
    return res;
  }
}
