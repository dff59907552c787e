/**
 * The contract between the scheduler (execute/scheduler.ts) and one trial (execute/trial.ts).
 */

import type { Backend } from '../backend/api.js';
import type { ToolCatalog } from '../backend/catalog.js';
import type { QueryLog } from '../backend/query-log.js';
import type { Clock } from '../clock.js';
import type { GateSetSpec } from '../formats/gate-sets.js';
import type { Golden } from '../formats/golden/index.js';
import type { Trace } from '../formats/run/index.js';
import type { Seat } from '../formats/seat.js';
import type { Theory } from '../formats/theory.js';
import type { TurnCacheSettings } from '../formats/turn-cache.js';
import type { TrialScore } from '../scoring/index.js';

/** A named gate set with its settings: the one gate-set type (formats/gate-sets.ts), as the host runs it. */
export type { GateSetSpec } from '../formats/gate-sets.js';

/** One cell of the matrix: golden × seat × gate set × repetition. */
export interface TrialSpec {
  /** Stable id, e.g. `checkout-db-pool/sim-tweaker/all/r2`: used for file names and the journal. */
  id: string;
  golden: Golden;
  seat: Seat;
  gateSet: GateSetSpec;
  rep: number;
  /** Derived from the run seed, golden, seat and rep (not the gate set: gate effects pair by seed). */
  seed: number;
  /** `ceiling`: the golden's built-in reference trial (plan/ceiling.ts), not a cell of the matrix. */
  role?: 'ceiling';
}

export interface TrialEnv {
  /** Folder for this trial's files (trace.jsonl, theory.json, command-seat stdout ...). */
  dir: string;
  /** Contended mode: trials of one golden share one backend stack and one virtual clock. */
  shared?: { backend: Backend; clock: Clock; queryLog: QueryLog; catalog?: ToolCatalog };
  signal?: AbortSignal;
  /** A real seat's turn cache (formats/turn-cache.ts); absent: off (its turns are still recorded). */
  cache?: TurnCacheSettings;
  /**
   * The run's environment (runBench `env`): a seat's key variables and a command seat's agent
   * environment are read from it. Absent: this process's (a trial run on its own, as tests do).
   */
  vars?: Readonly<Record<string, string | undefined>>;
}

export type TrialOutcome =
  | { kind: 'done'; spec: TrialSpec; traceFile: string; trace: Trace; theory: Theory | null }
  /** A real seat without its key variable: one clear line, never an error. */
  | { kind: 'skipped'; spec: TrialSpec; reason: string };

/**
 * What a trial view is handed as its trial ends (execute/trial-views.ts; a reporter's `trialView`
 * module writes the file): the trial's folder (its files are written), its record's `dir`, its id
 * and score, its golden and the run's pass threshold.
 */
export interface TrialViewInput {
  folder: string;
  dir: string;
  id: string;
  score: TrialScore;
  golden: Golden;
  passCorrectness: number;
  /** The trace and Theory as the trial left them in memory (written to its folder already). */
  trace: Trace;
  theory: Theory | null;
}
