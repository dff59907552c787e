/**
 * A per-query evaluation deadline shared by both engines. The engines are synchronous, so nothing
 * can interrupt them from outside: they call `spend(n)` as they go (per step, series, line batch)
 * and the deadline throws `DeadlineExceeded` once the time is up or the query was canceled. Each
 * engine turns that into its own wire error at its API boundary (Prometheus `timeout`/`canceled`,
 * Loki 504/499). It lives here, below both engines, because neither may import the other's errors.
 */

/** Work units between two looks at the clock: `spend` is a decrement, the clock is read rarely. */
const CHECK_EVERY = 2048;

export type DeadlineReason = 'timeout' | 'canceled';

export class DeadlineExceeded extends Error {
  readonly reason: DeadlineReason;
  constructor(reason: DeadlineReason) {
    super(reason === 'timeout' ? 'query timed out' : 'query was canceled');
    this.name = 'DeadlineExceeded';
    this.reason = reason;
  }
}

export interface DeadlineOptions {
  /** Wall-clock epoch ms after which evaluation stops (`Date.now()`); none: no time limit. */
  atMs?: number;
  /** Canceled when the signal aborts (the client went away). */
  signal?: AbortSignal;
  /** Another way to be told of a cancel: a flag another thread sets (the engine pool's workers). */
  canceled?: () => boolean;
}

export class Deadline {
  private left = CHECK_EVERY;
  private readonly atMs: number;
  private readonly signal: AbortSignal | undefined;
  private readonly canceled: (() => boolean) | undefined;

  constructor(opts: DeadlineOptions = {}) {
    this.atMs = opts.atMs ?? Number.POSITIVE_INFINITY;
    this.signal = opts.signal;
    this.canceled = opts.canceled;
  }

  /** Count `n` units of work; every CHECK_EVERY units, look at the clock and the cancel flags. */
  spend(n = 1): void {
    this.left -= n;
    if (this.left > 0) return;
    this.left = CHECK_EVERY;
    this.check();
  }

  /** Throws DeadlineExceeded when canceled or out of time. */
  check(): void {
    if (this.signal?.aborted || this.canceled?.()) throw new DeadlineExceeded('canceled');
    if (Date.now() >= this.atMs) throw new DeadlineExceeded('timeout');
  }
}

/** The deadline of a query nobody bounds (in-process sims on a virtual clock, tests). */
export const NO_DEADLINE: Deadline = new Deadline();
