/**
 * The gate contract: middleware that sees proposed calls, observations, submissions and budget
 * caps, and answers with a Verdict. A gate is a factory: settings in, an instance out whose state
 * (counters, sets) lives in its closure; one set of instances serves one session (a whole tree).
 * Gates read the session through a read-only view. The composer (compose.ts) applies each hook's
 * rule and records every verdict as a `gate` trace event; `undefined` means "no opinion" and
 * records nothing. Composition order: order.ts.
 */

import type { GateSettings } from '../../formats/config.js';
import type { Outcome } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import type { Shown } from '../present.js';
import type { ToolOutput } from '../tools/index.js';
import type { CallRecord, NodeInfo } from '../types.js';
import type { SessionView } from './view.js';

export type { Shown };

export type Verdict =
  | { decision: 'allow'; reason: string }
  | { decision: 'defer'; reason: string }
  /** `message` is what the agent is told (tool result error, or a HOST_MARK user message). */
  | { decision: 'block'; reason: string; message: string }
  | { decision: 'steer'; reason: string; message: string }
  | { decision: 'halt'; reason: string; message: string };

export interface GateContext {
  view: SessionView;
  node: NodeInfo;
}

/** The observation as the agent saw it, for gates that must see only what the agent sees. */
export interface SeenObservation {
  call: Readonly<CallRecord>;
  outcome: Outcome;
  fingerprint?: string;
}

/** What a gate instance keeps that the session result reports (DESIGN §1: the two sets). */
export interface GateSets {
  gainExhausted?: readonly string[];
}

export interface GateInstance {
  /** Decides how a tool result is rendered for the agent (failureClass). First presenter wins. */
  present?(call: Readonly<CallRecord>, out: ToolOutput): Shown;
  /** Before each model turn: `halt` ends the session (the budget gate's cap). */
  beforeTurn?(ctx: GateContext): Verdict | undefined;
  /** One verdict (or none) per proposed call of a wave: allow, defer to a later batch, or block. */
  beforeWave?(calls: readonly Readonly<CallRecord>[], ctx: GateContext): (Verdict | undefined)[];
  /** After each terminal observation: steer or halt. */
  afterResult?(obs: SeenObservation, ctx: GateContext): Verdict | undefined;
  /** A valid Theory was submitted: allow or block (with what is missing). */
  beforeSubmit?(theory: Theory, ctx: GateContext): Verdict | undefined;
  /** A budget ran out (`exceeded` names it): `halt` asks for a final submit-only turn. */
  onBudget?(exceeded: string, ctx: GateContext): Verdict | undefined;
  /** The sets this instance keeps, for SessionResult.sets. */
  sets?(): GateSets;
}

/** A gate: its settings in, a fresh instance (fresh state) out, once per session. */
export type GateFactory = (settings: GateSettings) => GateInstance;
