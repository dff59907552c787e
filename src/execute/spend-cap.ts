/**
 * The run's spend cap (`--max-cost`, config `maxCost`). Before a trial starts, the run projects its
 * spend: what finished trials cost, plus the estimates of those in flight, plus this trial's. A
 * trial's estimate is the dearest paid cost among its seat's trials that paid for a turn, or,
 * before any has, its whole token budget at the seat's dearer price (an upper bound: a cap must not
 * be overrun by a guess). A trial that paid for no turn (a crash, a skip, one replayed whole from
 * the turn cache) says nothing about what the next one costs, so it never lowers the estimate.
 * A projection over the cap waits while trials are in flight (their real cost replaces their
 * estimate); with none in flight it stops the run: that trial and every later one is not started,
 * and each is recorded unscored with the projection that stopped it.
 */
import type { TrialSpec } from '../plan/types.js';
import { SPEND_CAP_REASON, type TrialScore } from '../scoring/index.js';

const usd = (x: number): string => `$${Number(x.toFixed(4))}`;

/** What a trial paid for: replayed turns cost nothing and are left out of both. */
export interface TrialSpend {
  costUsd: number;
  paidTurns: number;
}

export const NOTHING_SPENT: TrialSpend = { costUsd: 0, paidTurns: 0 };

/** A trial's spend from its score (none: it never ran, or crashed without a trace). */
export function spendOf(score: TrialScore | undefined): TrialSpend {
  if (!score) return NOTHING_SPENT;
  return {
    costUsd: Math.max(0, score.costUsd - (score.replayed?.costUsd ?? 0)),
    paidTurns: Math.max(0, score.counts.turns - (score.replayed?.turns ?? 0)),
  };
}

/** A trial that ran in an earlier invocation of the run. */
export interface PriorTrial extends TrialSpend {
  seat: string;
}

export class SpendCap {
  private readonly maxUsd: number;
  private spent = 0;
  private readonly inFlight = new Map<string, number>();
  /** By seat: the dearest paid cost of a trial that paid for at least one turn. */
  private readonly dearest = new Map<string, number>();
  private waiting: (() => void)[] = [];
  private stoppedAt?: string;

  /** `prior`: every trial the run's journal holds (a resumed run): spent, and seat estimates. */
  constructor(maxUsd: number, prior: readonly PriorTrial[] = []) {
    this.maxUsd = maxUsd;
    for (const t of prior) this.count(t.seat, t);
  }

  estimate(spec: TrialSpec): number {
    const seen = this.dearest.get(spec.seat.name);
    if (seen !== undefined) return seen;
    const p = spec.seat.pricing;
    if (!p) return 0;
    return (spec.seat.budget.tokens * Math.max(p.inputPerMTok, p.outputPerMTok)) / 1e6;
  }

  /**
   * Resolves once the trials (a contended group: several) may start: null, or the reason they
   * may not (`spend cap: projected $X > $Y`).
   */
  async admit(specs: TrialSpec[]): Promise<string | null> {
    for (;;) {
      if (this.stoppedAt) return this.stoppedAt;
      const mine = specs.reduce((a, s) => a + this.estimate(s), 0);
      const projected = this.spent + [...this.inFlight.values()].reduce((a, x) => a + x, 0) + mine;
      if (projected <= this.maxUsd) {
        for (const s of specs) this.inFlight.set(s.id, this.estimate(s));
        return null;
      }
      if (!this.inFlight.size) {
        this.stoppedAt = `${SPEND_CAP_REASON} projected ${usd(projected)} > ${usd(this.maxUsd)}`;
        this.wake();
        return this.stoppedAt;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** A started trial ended, crashed, or never got going (`NOTHING_SPENT`). */
  done(spec: TrialSpec, spend: TrialSpend): void {
    if (!this.inFlight.delete(spec.id)) return;
    this.count(spec.seat.name, spend);
    this.wake();
  }

  private count(seat: string, spend: TrialSpend): void {
    this.spent += spend.costUsd;
    if (spend.paidTurns > 0) this.dearest.set(seat, Math.max(this.dearest.get(seat) ?? 0, spend.costUsd));
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f();
  }
}
