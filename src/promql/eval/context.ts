/** Per-query evaluation state: the source, query bounds, caches, annotations and the sample budget. */
import type { Deadline } from '../../world/deadline.js';
import type { SeriesSource } from '../../world/types.js';
import { PromQLError } from '../api.js';
import type { Call, Expr, Pos, VectorSelector } from '../ast.js';
import { lineCol } from '../parser/index.js';
import type { ColumnCache, Selected, Value } from './types.js';

export interface QueryContext {
  readonly src: SeriesSource;
  readonly query: string;
  /** Query start/end (ms): what `@ start()` / `@ end()` mean. Equal for instant queries. */
  readonly startMs: number;
  readonly endMs: number;
  /** Range-query step; the default subquery step is the 1m global evaluation interval. */
  readonly stepMs: number;
  readonly lookbackMs: number;
  /** Added to the times `time()`, `timestamp()` and argument-less date functions answer. */
  readonly timeShiftMs: number;
  readonly maxSamples: number;
  readonly selected: Map<VectorSelector, Selected[]>;
  /**
   * Selectors that read a sample inside a window some step evaluated (selection.ts): marked where
   * the windows are cut, by the step path (selectors.ts) and the block path (calls.ts).
   */
  readonly matched: Set<VectorSelector>;
  /** Subquery inner results per absolute timestamp: outer steps share most inner steps. */
  readonly subqueryMemo: Map<object, Map<number, Value>>;
  /**
   * The time between this evaluation and the next of the same node: the range query's step (0 for
   * an instant query), a subquery's step while its inner expression is evaluated.
   */
  evalStepMs: number;
  /** Range functions' blocks of coming steps (range-columns.ts). */
  readonly columns: ColumnCache;
  /** Inner subquery evaluations so far; bounded so a `[1d:1ms]` cannot hang the process. */
  subquerySteps: number;
  readonly warnings: Set<string>;
  readonly infos: Set<string>;
  samplesRead: number;
  /** Samples loaded for the current top-level step: what `maxSamples` bounds, like Prometheus' peak. */
  stepSamples: number;
  /** True while evaluating a range query (sort functions then warn). */
  readonly isRange: boolean;
  /** Spent per evaluated node and per selected series; throws DeadlineExceeded when it is up. */
  readonly deadline: Deadline;
  /**
   * The evaluator (engine.ts) bound to this context. Calls and subqueries recurse through it
   * instead of importing engine.ts, which imports them: the dependency points one way.
   */
  readonly evaluate: (e: Expr, t: number) => Value;
}

export const DEFAULT_EVAL_INTERVAL_MS = 60_000;

export function warn(ctx: QueryContext, msg: string, pos: Pos): void {
  ctx.warnings.add(`PromQL warning: ${msg} (${lineCol(ctx.query, pos.start)})`);
}

export function info(ctx: QueryContext, msg: string, pos: Pos): void {
  ctx.infos.add(`PromQL info: ${msg} (${lineCol(ctx.query, pos.start)})`);
}

export function countSamples(ctx: QueryContext, n: number): void {
  ctx.deadline.spend(n);
  ctx.samplesRead += n;
  ctx.stepSamples += n;
  if (ctx.stepSamples > ctx.maxSamples) {
    throw new PromQLError(
      'execution',
      'query processing would load too many samples into memory in query execution',
    );
  }
}

/** A deterministic stand-in for Prometheus' query timeout (which would stop such a query). */
export const MAX_SUBQUERY_STEPS = 1_000_000;

export function execError(msg: string): PromQLError {
  return new PromQLError('execution', msg);
}

/** What a function of a call sees besides its arguments: the query, the call node, the step time. */
export interface FnEnv {
  ctx: QueryContext;
  call: Call;
  t: number;
}
