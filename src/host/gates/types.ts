/**
 * The gate contract: middleware that sees proposed calls, observations, submissions and budget
 * caps, and answers with a Verdict. Every verdict a gate returns becomes a `gate` trace event;
 * `undefined` means "no opinion" and records nothing. Composition order: docs/gates.md.
 */

import type { Envelope } from '../../protocol/observation.js';
import type { GateName, GateSettings } from '../../spec/config.js';
import type { Theory } from '../../spec/theory.js';
import type { Outcome } from '../../spec/trace.js';
import type { Session } from '../session.js';
import type { ToolOutput } from '../tools/types.js';
import type { CallRecord, NodeInfo } from '../types.js';

export type Verdict =
  | { decision: 'allow'; reason: string }
  | { decision: 'defer'; reason: string }
  /** `message` is what the agent is told (tool result error, or a HOST_MARK user message). */
  | { decision: 'block'; reason: string; message: string }
  | { decision: 'steer'; reason: string; message: string }
  | { decision: 'halt'; reason: string; message: string };

export interface GateContext {
  session: Session;
  node: NodeInfo;
  settings: GateSettings;
}

/** What the agent is shown of one tool result. */
export interface Shown {
  envelope: Envelope;
  outcome: Outcome;
  /** The agent did not get a typed outcome (raw wire body passed through). */
  untyped: boolean;
}

/** The observation as the agent saw it, for gates that must see only what the agent sees. */
export interface SeenObservation {
  call: CallRecord;
  outcome: Outcome;
  fingerprint?: string;
}

export interface Gate {
  readonly name: GateName;
  /** Decides how a tool result is rendered for the agent (failureClass). First presenter wins. */
  present?(call: CallRecord, out: ToolOutput): Shown;
  /** One verdict (or none) per proposed call of a wave: allow, defer to a later batch, or block. */
  beforeWave?(calls: readonly CallRecord[], ctx: GateContext): (Verdict | undefined)[];
  /** After each terminal observation: steer or halt. */
  afterResult?(obs: SeenObservation, ctx: GateContext): Verdict | undefined;
  /** A valid Theory was submitted: allow or block (with what is missing). */
  beforeSubmit?(theory: Theory, ctx: GateContext): Verdict | undefined;
  /** A budget ran out (`exceeded` names it): `halt` asks for a final submit-only turn. */
  onBudget?(exceeded: string, ctx: GateContext): Verdict | undefined;
}
