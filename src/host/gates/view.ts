/**
 * What a gate may read of its session: a read-only view. The Session implements it; a gate never
 * receives the Session itself, so gates cannot write host state (their own state lives in their
 * instance) and this file, not session.ts, is what gates/ imports.
 */
import type { Golden } from '../../formats/golden/index.js';
import type { Source } from '../tools/index.js';
import type { Budget, CallRecord } from '../types.js';

/** Why the session is ending; set by the host from a gate's halt or a spent budget. */
export interface Stopping {
  kind: 'halted' | 'budget';
  reason: string;
  /** The HOST_MARK message the root gets before its final turn (gate on), if any. */
  message?: string;
}

export interface SessionView {
  readonly golden: Golden;
  readonly budget: Budget;
  /** Every call so far, in issue order, across the whole tree. */
  readonly calls: readonly Readonly<CallRecord>[];
  /** Live evidence each part needs before it may be `resolved`. Fixed at session start. */
  readonly required: Readonly<Record<'A' | 'B', ReadonlySet<Source>>>;
  readonly usage: {
    readonly turns: number;
    readonly toolCalls: number;
    readonly tokens: { readonly input: number; readonly output: number };
  };
  /** Set once the session is ending (a halt or a spent budget anywhere in the tree). */
  readonly stopping: Readonly<Stopping> | undefined;
  /** Milliseconds on the trial clock since the session started. */
  t(): number;
}
