/**
 * The sims' internal protocol: a policy is a generator of turns. Each `yield` is one model turn (a
 * wave of tool calls plus a line of reasoning text); what comes back is what the host answered.
 * Generators keep a policy's logic linear and readable while the host drives the loop.
 */
import type { GateName } from '../../formats/config.js';
import type { Golden } from '../../formats/golden/index.js';
import type { Seat } from '../../formats/seat.js';
import type { Theory } from '../../formats/theory.js';
import type { GuidanceRead } from '../../protocol/guidance.js';
import type { HostNote, Observation } from './observe.js';
import type { SimRng } from './rng.js';

export interface PlannedCall {
  name: string;
  args: unknown;
}

export interface Step {
  text: string;
  calls: PlannedCall[];
}

/** The results of one step's calls (in order, matched by id), and any host messages. */
export interface Feedback {
  obs: Observation[];
  host: HostNote[];
}

/** One measurement as the sim will report it, or the gap it will name instead. */
export interface Measured {
  id: string;
  part: PartId;
  value?: number;
  unit?: string;
  evidence: string[];
  /** When not measured: the query that failed last and its call id. */
  failedQuery?: string;
  failedCall?: string;
  reason?: string;
  /** A value combined from several calls (windows of a split), in words with each call's value. */
  derivation?: string;
}

/** Everything the sim learned in the trial, shared by all nodes of a tree. */
export interface Notebook {
  measured: Map<string, Measured>;
  /** Every observation, in arrival order (root-cause inference reads the log lines). */
  seen: Observation[];
  /** The query of every call the sim issued, by the host's call id. */
  queries: Map<string, string>;
  /** Measured gauge peaks checked against a sibling limit metric (limits.ts). */
  limits: LimitFinding[];
  /** The longest logs range the backend accepts, once a refusal said so (read lines within it). */
  logsRangeMs?: number;
  /**
   * Set when the sim stopped querying of its own accord because prompt guidance told it to (the
   * tweaker at the ledger text's count): every node stops, and the Theory is the one a halt gets.
   */
  stopped?: string;
}

export interface SimContext {
  golden: Golden;
  seat: Seat;
  rng: SimRng;
  book: Notebook;
  /** Turns and tool calls used so far across the whole trial (all nodes). */
  used(): { turns: number; toolCalls: number };
  /**
   * The prompt guidance of `gate` this trial's sim acts on: shown to it and drawn to be followed
   * (guidance.ts, the susceptibility table); undefined otherwise.
   */
  follows(gate: GateName): GuidanceRead | undefined;
}

export type Turns<R> = Generator<Step, R, Feedback>;

export type ForcedReason = 'halt' | 'budget' | 'blocked';

/** What a node has left of its budget: its share under `treeBudget: split`, else the session's. */
export interface NodeShare {
  turns: number;
  toolCalls: number;
}

/**
 * A sim policy: how a node behaves, and what it submits when only `submit_theory` is allowed.
 * Either it scripts its roles (`react`, `root`, `child`), or it gives only `work`, the one way it
 * works any goal, and the generic node driver (driver.ts) plays every role with it.
 */
export interface Policy {
  readonly name: string;
  /** The react loop, or the root of a tree. Returns when it has nothing left to do. */
  react?(ctx: SimContext): Turns<void>;
  /** The shape-neutral worker: the parts its node's goal names, and what the node has left. */
  work?(ctx: SimContext, parts: PartId[], left: () => NodeShare): Turns<void>;
  /** With `work`: what a root does with its children's reports before it submits (the cause reading). */
  review?(ctx: SimContext, parts: PartId[], left: () => NodeShare): Turns<void>;
  /** A reactree child node working on `part` (its subgoal). */
  child?(ctx: SimContext, part: PartId, goal: string): Turns<void>;
  /** A reactree root node. */
  root?(ctx: SimContext): Turns<void>;
  /** The Theory it writes when the host forces a submission. */
  forced(ctx: SimContext, why: ForcedReason): Theory;
  /**
   * Re-reads the tool catalog when a tool answers Bad Gateway from its upstream, and asks again
   * (refresh.ts, the `stale-tools` fault). The honest policies do; the careless ones do not.
   */
  readonly refreshesStale?: boolean;
}

export type PartId = 'A' | 'B';

export interface LimitFinding {
  measurement: string;
  part: PartId;
  gauge: string;
  limitMetric: string;
  /** The selector both queries used, e.g. `{service="payments"}`. */
  selector: string;
  peak: number;
  limit: number;
  /** The call that read the limit (for the explanation; not a measurement's evidence). */
  callId: string;
}
