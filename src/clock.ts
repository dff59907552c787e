/**
 * All waiting in the host and the backend goes through a Clock (DESIGN §12).
 *
 * - RealClock: wall time; `sleep` is a timer.
 * - VirtualClock: a discrete-event clock. `sleep` registers a timer; when the process has nothing
 *   else runnable (checked with setImmediate after the microtask queue drains), the earliest timer
 *   fires and `now()` jumps to it. Ties fire in registration order, so a run is deterministic as
 *   long as every actor waits only through this clock (no real I/O that affects ordering).
 */

/** The clocks a trial runs on: real seats on wall time, sims on the virtual clock. */
export const CLOCK_KINDS = ['real', 'virtual'] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

export interface Clock {
  readonly kind: ClockKind;
  /** Milliseconds since the clock's epoch (virtual clocks start at 0 unless told otherwise). */
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Real I/O that must finish before simulated time moves on (a request to a real server). The
   * virtual clock does not advance while such work is pending; the real clock just awaits it.
   */
  track<T>(work: Promise<T>): Promise<T>;
}

export class RealClock implements Clock {
  readonly kind = 'real' as const;
  now(): number {
    return performance.now();
  }
  track<T>(work: Promise<T>): Promise<T> {
    return work;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }
}

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

export class VirtualClock implements Clock {
  readonly kind = 'virtual' as const;
  private t: number;
  private seq = 0;
  private timers: Timer[] = [];
  private pumping = false;
  private holds = 0;

  constructor(start = 0) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const at = this.t + Math.max(0, ms);
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = { at, seq: this.seq++, resolve };
      this.insert(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((x) => x !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
      this.pump();
    });
  }

  async track<T>(work: Promise<T>): Promise<T> {
    this.holds++;
    try {
      return await work;
    } finally {
      this.holds--;
      if (this.holds === 0 && this.timers.length) this.pump();
    }
  }

  /** Number of timers not yet fired (for tests and leak checks). */
  pending(): number {
    return this.timers.length;
  }

  private insert(timer: Timer): void {
    // Keep sorted by (at, seq); timers are few, insertion from the back is cheap.
    let i = this.timers.length;
    while (i > 0) {
      const prev = this.timers[i - 1];
      if (prev.at < timer.at || (prev.at === timer.at && prev.seq < timer.seq)) break;
      i--;
    }
    this.timers.splice(i, 0, timer);
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    // setImmediate runs after pending microtasks and I/O callbacks: everything runnable has run.
    setImmediate(() => {
      this.pumping = false;
      if (this.holds > 0) return; // tracked real I/O pending: track() pumps when it settles
      const next = this.timers.shift();
      if (!next) return;
      if (next.at > this.t) this.t = next.at;
      next.resolve();
      if (this.timers.length) this.pump();
    });
  }
}
