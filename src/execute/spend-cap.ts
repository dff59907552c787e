/**
 * The run's spend cap (`--max-cost`, config `maxCost`). Before a trial starts, the run projects its
 * spend: what finished trials cost, plus the estimates of those in flight, plus this trial's. A
 * trial's estimate is the mean cost of its seat's finished trials, or, before any finished, its
 * whole token budget at the seat's dearer price (an upper bound: a cap must not be overrun by a
 * guess). A projection over the cap waits while trials are in flight (their real cost replaces
 * their estimate); with none in flight it stops the run: that trial and every later one is not
 * started, and each is recorded unscored with the projection that stopped it.
 */
import type { TrialSpec } from '../plan/types.js';
import { SPEND_CAP_REASON } from '../scoring/index.js';

const usd = (x: number): string => `$${Number(x.toFixed(4))}`;

/** A trial that ran in an earlier invocation of the run. */
export interface PriorTrial {
  seat: string;
  costUsd: number;
}

export class SpendCap {
  private readonly maxUsd: number;
  private spent: number;
  private readonly inFlight = new Map<string, number>();
  private readonly bySeat = new Map<string, { n: number; sum: number }>();
  private waiting: (() => void)[] = [];
  private stoppedAt?: string;

  /** `prior`: the trials the run's journal already holds (a resumed run): spent, and seat means. */
  constructor(maxUsd: number, prior: readonly PriorTrial[] = []) {
    this.maxUsd = maxUsd;
    this.spent = 0;
    for (const t of prior) this.count(t.seat, t.costUsd);
  }

  estimate(spec: TrialSpec): number {
    const seen = this.bySeat.get(spec.seat.name);
    if (seen?.n) return seen.sum / seen.n;
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

  /** A started trial ended (or crashed: `costUsd` 0 unless it reported some). */
  done(spec: TrialSpec, costUsd: number): void {
    if (!this.inFlight.delete(spec.id)) return;
    this.count(spec.seat.name, costUsd);
    this.wake();
  }

  private count(seat: string, costUsd: number): void {
    this.spent += costUsd;
    const seen = this.bySeat.get(seat) ?? { n: 0, sum: 0 };
    seen.n++;
    seen.sum += costUsd;
    this.bySeat.set(seat, seen);
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f();
  }
}
