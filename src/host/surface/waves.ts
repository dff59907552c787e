/**
 * Which wave a served call belongs to. The host's wave is one model turn; a surface sees only
 * requests, so it infers: a wave is the calls an agent sent before it could have seen an answer.
 * A call joins the current wave when
 *
 * - a call of the wave is still in flight (running, or deferred and waiting); else
 * - not if it comes on an HTTP connection that already carried an answer of the wave: HTTP/1.1
 *   sends one request at a time per connection, so its client had that answer; else
 * - it comes within SETTLE_MS of the wave's first call; or
 * - it is the first request of a connection opened before the wave's last answer, within
 *   FRESH_MS of that answer: a concurrent request the server read late because an evaluation
 *   held its event loop (a client that opens a new connection after reading the answer is not one).
 *
 * Otherwise it starts the next wave. Answers that never reached the backend (a blocked
 * duplicate, a halted refusal) are not in flight and close nothing. So copies sent in one turn
 * are one probe however fast one of them is answered. The price: a client with no HTTP
 * connection (MCP) that queries again within SETTLE_MS of a wave's first call is counted in that
 * wave (no model reads an answer that fast).
 */
import type { Connection } from '../../backend/api.js';

export const SETTLE_MS = 25;
export const FRESH_MS = 100;

export class Waves {
  private wave = 0;
  private startedAt = Number.NEGATIVE_INFINITY;
  private answeredAt = Number.NEGATIVE_INFINITY;
  /** Connections that carried an answer of the current wave. */
  private answeredOn = new Set<number>();

  constructor(
    private readonly now: () => number,
    private readonly settleMs = SETTLE_MS,
    private readonly freshMs = FRESH_MS,
  ) {}

  /** The wave of a call arriving now; `busy`: a call of the session is in flight. */
  next(busy: boolean, connection?: Connection): number {
    const now = this.now();
    const read = connection !== undefined && this.answeredOn.has(connection.id);
    const late =
      connection?.served === 0 &&
      connection.openedAt < this.answeredAt &&
      now < this.answeredAt + this.freshMs;
    const settling = now < this.startedAt + this.settleMs || late;
    const open = this.wave > 0 && (busy || (!read && settling));
    if (!open) {
      this.wave += 1;
      this.startedAt = now;
      this.answeredOn = new Set();
    }
    return this.wave;
  }

  /** A call of wave `wave` came back from the backend, on `connection`. */
  answered(wave: number, connection?: Connection): void {
    if (wave !== this.wave) return;
    this.answeredAt = this.now();
    if (connection !== undefined) this.answeredOn.add(connection.id);
  }
}
