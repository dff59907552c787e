/**
 * The query log: the outermost layer of every stack records each request with its answer, as a
 * real server's query log would. Entries are appended when the answer is ready (completion order);
 * `seq` is the arrival order. A long-running server answers millions of requests, so the log keeps
 * only the newest `capacity` entries (a ring), beside running counters that never shrink. Whoever
 * needs every entry of a session subscribes and gets each one as it is appended (command seats
 * build their trace from their own server's calls: DESIGN §10).
 */
import type { Clock } from '../clock.js';
import type { ApiRequest, ApiResponse, Backend, QueryLogEntry, QueryOutcome } from './api.js';

export const DEFAULT_QUERY_LOG_SIZE = 5000;

export interface QueryLogCounters {
  total: number;
  byApi: Record<string, number>;
  byOutcome: Partial<Record<QueryOutcome, number>>;
}

export class QueryLog {
  readonly capacity: number;
  private readonly ring: QueryLogEntry[] = [];
  /** Index of the oldest entry once the ring is full. */
  private head = 0;
  private readonly listeners = new Set<(e: QueryLogEntry) => void>();
  private readonly counts: QueryLogCounters = { total: 0, byApi: {}, byOutcome: {} };

  constructor(capacity = DEFAULT_QUERY_LOG_SIZE) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`query log size ${capacity}`);
    this.capacity = capacity;
  }

  append(e: QueryLogEntry): void {
    if (this.ring.length < this.capacity) this.ring.push(e);
    else {
      this.ring[this.head] = e;
      this.head = (this.head + 1) % this.capacity;
    }
    const c = this.counts;
    c.total++;
    c.byApi[e.api] = (c.byApi[e.api] ?? 0) + 1;
    c.byOutcome[e.outcome] = (c.byOutcome[e.outcome] ?? 0) + 1;
    for (const l of this.listeners) l(e);
  }

  /** The retained entries, oldest first (a copy). */
  entries(): QueryLogEntry[] {
    return [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
  }

  get size(): number {
    return this.ring.length;
  }

  /** Everything ever appended, counted (a copy). */
  counters(): QueryLogCounters {
    const c = this.counts;
    return { total: c.total, byApi: { ...c.byApi }, byOutcome: { ...c.byOutcome } };
  }

  /** Every entry from now on, as it is appended; returns the unsubscribe. */
  subscribe(listener: (e: QueryLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Sizes of frozen bodies (the engine cache's answers, served again and again): they cannot change. */
const frozenSizes = new WeakMap<object, number>();

export function bodyBytes(res: ApiResponse): number {
  if (res.text !== undefined) return Buffer.byteLength(res.text);
  const json = res.json;
  if (json === undefined) return 0;
  if (typeof json !== 'object' || json === null || !Object.isFrozen(json))
    return Buffer.byteLength(JSON.stringify(json));
  let n = frozenSizes.get(json);
  if (n === undefined) {
    n = Buffer.byteLength(JSON.stringify(json));
    frozenSizes.set(json, n);
  }
  return n;
}

/** How a request ended, by its status (and Prometheus' errorType where 503 is ambiguous). */
export function outcomeOf(res: Pick<ApiResponse, 'status' | 'json'>): QueryOutcome {
  const s = res.status;
  if (s === 0) return 'no_response';
  if (s < 400) return 'ok';
  if (s === 499) return 'canceled';
  if (s === 504) return 'timeout';
  if (s === 503 && (res.json as { errorType?: string } | undefined)?.errorType === 'timeout')
    return 'timeout';
  return s < 500 ? 'client_error' : 'server_error';
}

export function withQueryLog(inner: Backend, clock: Clock, log: QueryLog): Backend {
  let seq = 0;
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      const entry: QueryLogEntry = {
        seq: ++seq,
        at: clock.now(),
        api: req.api,
        params: req.params,
        ...(req.origin !== undefined ? { origin: req.origin } : {}),
        status: 500,
        outcome: 'server_error',
        queueMs: 0,
        serviceMs: 0,
        bytes: 0,
      };
      try {
        const res = await inner.handle(req);
        entry.status = res.status;
        entry.outcome = outcomeOf(res);
        if (res.fault !== undefined) entry.fault = res.fault;
        entry.queueMs = res.timing?.queueMs ?? 0;
        entry.serviceMs = res.timing?.serviceMs ?? clock.now() - entry.at;
        entry.bytes = bodyBytes(res);
        return res;
      } finally {
        log.append(entry);
      }
    },
  };
}
