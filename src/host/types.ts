/** The session API's types (see index.ts for the contract). */
import type { Backend } from '../backend/api.js';
import type { ToolCatalog } from '../backend/catalog.js';
import type { Clock } from '../clock.js';
import type { GateSetSpec } from '../formats/gate-sets.js';
import type { Golden } from '../formats/golden/index.js';
import type { EndEvent, Outcome, StopReason, ToolClass } from '../formats/run/index.js';
import type { Budget as BudgetSchema } from '../formats/seat.js';
import type { Theory } from '../formats/theory.js';
import type { ShapeName, TreeBudget } from '../formats/vocabulary.js';
import type { Model, TurnRequest } from '../protocol/model.js';
import type { ToolName } from '../protocol/tools.js';
import type { TraceWriter } from '../protocol/trace-writer.js';
import type { Source } from './tools/index.js';

export type Budget = import('zod').infer<typeof BudgetSchema>;

/** A gate set as the host takes it: the one gate-set type, formats/gate-sets.ts's. */
export type { GateSetSpec } from '../formats/gate-sets.js';
export type Shape = ShapeName;
export type TheorySource = 'submitted' | 'budget-request' | 'assembled';
export type NodeInfo = TurnRequest['node'] & { parent?: string };

export interface SessionOptions {
  golden: Golden;
  backend: Backend;
  /** The backend's tool catalog under a `stale-tools` fault: `search_tools` refreshes it. */
  catalog?: ToolCatalog;
  model: Model;
  shape: Shape;
  gateSet: GateSetSpec;
  budget: Budget;
  clock: Clock;
  trace: TraceWriter;
  /** Overrides the default system prompt (prompt.ts). */
  systemPrompt?: string;
  pricing?: { inputPerMTok: number; outputPerMTok: number };
  /** reactree: deepest child depth (root is 0; default 3) and most expansions per session (default 12). */
  maxDepth?: number;
  maxExpansions?: number;
  /** reactree: `split` gives every child its own share of the turns and tool calls (default shared). */
  treeBudget?: TreeBudget;
  signal?: AbortSignal;
}

export interface SessionResult {
  theory: Theory | null;
  theorySource: TheorySource | null;
  stop: StopReason;
  end: EndEvent;
  /** The two sets the ledger and the toolClasses gate keep apart (DESIGN §1). */
  sets: { required: Record<'A' | 'B', Source[]>; gainExhausted: string[] };
}

/** One tool call as the session knows it; result fields are filled when it ends. */
export interface CallRecord {
  id: string;
  tool: ToolName | string;
  class: ToolClass;
  node: string;
  wave: number;
  args: unknown;
  source?: Source;
  query?: string;
  /** The true typed outcome and its fingerprint (always recorded). */
  outcome?: Outcome;
  fingerprint?: string;
  errorMessage?: string;
  /** What the agent was shown (differs from `outcome` when failureClass is off). */
  seen?: Outcome;
  seenFingerprint?: string;
  /** The call reached its tool (the backend, for live calls); false for host answers (blocked, budget ...). */
  ran?: boolean;
  /** The single number an `ok` result held (a scalar or a one-sample vector), for assembled Theories. */
  value?: number;
}
