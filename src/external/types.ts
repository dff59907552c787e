/**
 * What a command seat needs from the bench, stated structurally so this module depends on no
 * backend or run code: the trial's inputs, and a function that starts the agent's server and
 * reports every call it answers (the run module wires `startAgentServer` in).
 */
import type { GateNote } from '../backend/api.js';
import type { GateSetSpec } from '../formats/gate-sets.js';
import type { Golden } from '../formats/golden/index.js';
import type { Selection } from '../formats/run/index.js';
import type { Seat } from '../formats/seat.js';

export interface CommandTrial {
  golden: Golden;
  seat: Seat;
  gateSet: GateSetSpec;
  rep: number;
  seed: number;
  /** The trial folder: prompt, theory, trace, stdout and stderr land here. */
  dir: string;
  signal?: AbortSignal;
  /** The run's environment: the seat's named variables are handed to the agent, and masked, from here. */
  env: Readonly<Record<string, string | undefined>>;
}

/** One answered call as the server's call-id layer reports it (in golden time). */
export interface ServedCall {
  id: string;
  req: { api: string; params: Record<string, string | string[] | undefined> };
  res: {
    status: number;
    json?: unknown;
    text?: string;
    timing?: { queueMs: number; serviceMs: number };
    fault?: string;
    /** Which selectors of the query read data, when an engine answered it (docs/trace.md#selection). */
    selection?: Selection;
    /** What a gated surface did to the call (the trial's gate set enforced at its server). */
    gate?: GateNote;
  };
  startedAt: number;
  endedAt: number;
}

export interface AgentEndpoints {
  url: string;
  promUrl: string;
  lokiUrl: string;
  grafanaUrl: string;
  /** Added to golden times to get the agent's times. */
  shiftMs: number;
  close(): Promise<void>;
}

export type StartAgentServer = (observe: (call: ServedCall) => void) => Promise<AgentEndpoints>;
