/**
 * A rate limiter shared by every turn of a run that goes to one provider account (or one seat): turns
 * are admitted one at a time in arrival order once every paced resource is free, a concurrency
 * slot is open and no `Retry-After` pause is in force. All waiting is on the caller's clock, so the
 * limiter is tested on a VirtualClock; the real seats of one run all sit on the real clock, whose
 * `now()` is one timeline however many RealClock objects there are.
 */
import type { Clock } from '../../clock.js';
import type { RateLimits } from '../../formats/rate-limits.js';
import { Pace } from './pace.js';
import { untilAborted } from './until-aborted.js';

/** What a turn really used, for the correction after it. */
export interface Used {
  requests: number;
  input: number;
  output: number;
}

export interface Grant {
  /** Time from asking to admission, on the clock. */
  waitedMs: number;
  /**
   * Waits, in the queue like any turn, until one more request of this turn (a retry) may go: the
   * pause and paces must allow it; the turn keeps its concurrency slot. Rejects when `signal` aborts.
   */
  retry(clock: Clock, signal?: AbortSignal): Promise<void>;
  /** Frees the concurrency slot and corrects the estimates by what the turn used. Idempotent. */
  release(used: Used): void;
}

export class Limiter {
  readonly key: string;
  private requests?: Pace;
  private input?: Pace;
  private output?: Pace;
  private concurrency = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private pausedUntil = Number.NEGATIVE_INFINITY;
  /** The admission queue: each turn waits for the one before it to be admitted. */
  private queue: Promise<unknown> = Promise.resolve();
  private freed: (() => void)[] = [];
  private outputs = { n: 0, sum: 0 };

  constructor(key: string, limits: RateLimits = {}) {
    this.key = key;
    this.tighten(limits);
  }

  /** More limits on the same account (two provider names on one key): each one the stricter. */
  tighten(limits: RateLimits): void {
    this.requests = stricter(this.requests, limits.requestsPerMinute);
    this.input = stricter(this.input, limits.inputTokensPerMinute);
    this.output = stricter(this.output, limits.outputTokensPerMinute);
    if (limits.concurrency) this.concurrency = Math.min(this.concurrency, limits.concurrency);
  }

  /** The provider asked for no request for `ms` (a 429's Retry-After): nobody is admitted until then. */
  pause(ms: number, clock: Clock): void {
    this.pausedUntil = Math.max(this.pausedUntil, clock.now() + ms);
  }

  /**
   * Waits for admission of a turn estimated at `inputTokens`; rejects as soon as `signal` aborts,
   * wherever the turn is in the queue (its place is skipped when the queue reaches it).
   */
  acquire(clock: Clock, inputTokens: number, signal?: AbortSignal): Promise<Grant> {
    const admitted = this.queue.then(() => this.admit(clock, inputTokens, signal));
    // the next turn waits for this one's admission, not its success: an aborted turn frees the queue
    this.queue = admitted.catch(() => undefined);
    // a grant that comes after the abort (it fell between admission and delivery) goes straight back
    return signal
      ? untilAborted(admitted, signal, (g) => g.release({ requests: 0, input: 0, output: 0 }))
      : admitted;
  }

  /**
   * Waits until the pause and paces allow a request (and, with `slot`, a concurrency slot is
   * free), then calls `take` in the same step: two waiters woken together cannot both take.
   */
  private async ready(clock: Clock, slot: boolean, take: (now: number) => void, signal?: AbortSignal) {
    for (;;) {
      signal?.throwIfAborted();
      if (slot && this.inFlight >= this.concurrency) {
        await this.slotFreed(signal);
        continue;
      }
      const wait = this.readyAt() - clock.now();
      if (wait <= 0) return take(clock.now());
      await clock.sleep(wait, signal);
    }
  }

  private async admit(clock: Clock, inputTokens: number, signal?: AbortSignal): Promise<Grant> {
    const asked = clock.now();
    // Output is not known before the call: the mean of this limiter's turns so far stands in.
    let outputGuess = 0;
    let now = asked;
    await this.ready(
      clock,
      true,
      (t) => {
        now = t;
        outputGuess = this.outputs.n ? this.outputs.sum / this.outputs.n : 0;
        this.requests?.take(1, t);
        this.input?.take(inputTokens, t);
        this.output?.take(outputGuess, t);
        this.inFlight++;
      },
      signal,
    );
    let done = false;
    // requests taken for this turn: its first, and each retry the limiter let through
    let taken = 1;
    return {
      waitedMs: now - asked,
      // A retry does not queue behind new turns: one waiting there for this turn's own slot would
      // never be admitted, and the retry would wait for it forever.
      retry: (c, s) =>
        this.ready(
          c,
          false,
          (t) => {
            this.requests?.take(1, t);
            taken++;
          },
          s,
        ),
      release: (used) => {
        if (done) return;
        done = true;
        this.inFlight--;
        // attempts paced but never sent (the turn was cancelled) are given back here
        this.requests?.correct(used.requests - taken);
        this.input?.correct(used.input - inputTokens);
        this.output?.correct(used.output - outputGuess);
        if (used.requests > 0) {
          this.outputs.n++;
          this.outputs.sum += used.output;
        }
        const wake = this.freed;
        this.freed = [];
        for (const w of wake) w();
      },
    };
  }

  private readyAt(): number {
    return Math.max(
      this.pausedUntil,
      this.requests?.readyAt() ?? Number.NEGATIVE_INFINITY,
      this.input?.readyAt() ?? Number.NEGATIVE_INFINITY,
      this.output?.readyAt() ?? Number.NEGATIVE_INFINITY,
    );
  }

  private slotFreed(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.freed.push(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }
}

function stricter(pace: Pace | undefined, perMinute: number | undefined): Pace | undefined {
  if (!perMinute) return pace;
  if (!pace) return new Pace(perMinute);
  pace.tighten(perMinute);
  return pace;
}
