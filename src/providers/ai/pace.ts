/**
 * One rate-limited resource (requests, input tokens or output tokens per minute), paced evenly: a
 * request may start once the units of the ones before it have flowed at the limit's rate, and
 * then pushes the next start back by its own units. This is a token bucket that holds no burst,
 * so however a provider slices its window (per minute, per second), no slice sees more than its
 * share plus one request. Corrections (actual usage against the estimate) move the next start
 * back or forward; a negative balance is simply waited out by the requests after.
 */
export class Pace {
  private msPerUnit: number;
  /** When the resource is next free, on the callers' clock (-Infinity: never used). */
  private next = Number.NEGATIVE_INFINITY;

  constructor(perMinute: number) {
    this.msPerUnit = 60_000 / perMinute;
  }

  /** A second limit on the same resource: the slower rate wins. */
  tighten(perMinute: number): void {
    this.msPerUnit = Math.max(this.msPerUnit, 60_000 / perMinute);
  }

  readyAt(): number {
    return this.next;
  }

  take(units: number, now: number): void {
    this.next = Math.max(this.next, now) + units * this.msPerUnit;
  }

  /** More (or, negative, fewer) units than were taken were really used. */
  correct(units: number): void {
    if (Number.isFinite(this.next)) this.next += units * this.msPerUnit;
  }
}
