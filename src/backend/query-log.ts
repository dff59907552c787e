/**
 * The query log: the outermost layer of every stack records each request with its answer, as a
 * real server's query log would. Entries are appended when the answer is ready (completion order);
 * `seq` is the arrival order. A long-running server answers millions of requests, so the log keeps
 * only the newest entries, at most `capacity` of them and at most `maxBytes` of them (an entry
 * holds its request's parameters, and a query may be a megabyte: counted by entries alone, 5,000
 * of those would hold gigabytes), evicting the oldest first, beside running counters that never
 * shrink. Whoever needs every entry of a session subscribes and gets each one as it is appended
 * (command seats build their trace from their own server's calls: DESIGN §10).
 */
import type { Clock } from '../clock.js';
import type { ApiRequest, ApiResponse, Backend, QueryLogEntry, QueryOutcome } from './api.js';

export const DEFAULT_QUERY_LOG_SIZE = 5000;
/** 64 MiB: 5,000 ordinary entries take a few megabytes, so this bites only on large requests. */
export const DEFAULT_QUERY_LOG_BYTES = 64 * 2 ** 20;
/** What an entry costs beside its parameters' text: the object, its numbers and short strings. */
const ENTRY_OVERHEAD_BYTES = 256;

export interface QueryLogCounters {
  total: number;
  byApi: Record<string, number>;
  byOutcome: Partial<Record<QueryOutcome, number>>;
}

export class QueryLog {
  readonly capacity: number;
  readonly maxBytes: number;
  /** Retained entries from `head` on, oldest first, each with its size. */
  private kept: ({ e: QueryLogEntry; bytes: number } | undefined)[] = [];
  private head = 0;
  private retained = 0;
  private readonly listeners = new Set<(e: QueryLogEntry) => void>();
  private readonly counts: QueryLogCounters = { total: 0, byApi: {}, byOutcome: {} };

  constructor(capacity = DEFAULT_QUERY_LOG_SIZE, maxBytes = DEFAULT_QUERY_LOG_BYTES) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`query log size ${capacity}`);
    if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new RangeError(`query log bytes ${maxBytes}`);
    this.capacity = capacity;
    this.maxBytes = maxBytes;
  }

  append(e: QueryLogEntry): void {
    const bytes = entryBytes(e);
    this.kept.push({ e, bytes });
    this.retained += bytes;
    // Oldest first; an entry larger than the whole cap goes too (its subscribers saw it).
    while (this.size > this.capacity || this.retained > this.maxBytes) {
      this.retained -= this.kept[this.head]!.bytes;
      // Let go of it now: the evicted prefix is only dropped from the array now and then.
      this.kept[this.head++] = undefined;
    }
    // Drop the evicted prefix once it is as long as what is kept: amortized O(1) an append.
    if (this.head > 64 && this.head >= this.kept.length - this.head) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
    const c = this.counts;
    c.total++;
    c.byApi[e.api] = (c.byApi[e.api] ?? 0) + 1;
    c.byOutcome[e.outcome] = (c.byOutcome[e.outcome] ?? 0) + 1;
    for (const l of this.listeners) l(e);
  }

  /** The retained entries, oldest first (a copy). */
  entries(): QueryLogEntry[] {
    return this.kept.slice(this.head).map((k) => k!.e);
  }

  get size(): number {
    return this.kept.length - this.head;
  }

  /** What the retained entries take, as counted against `maxBytes`. */
  get bytes(): number {
    return this.retained;
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

/** An entry's size: its parameters' text (UTF-8 bytes, names included) and a fixed overhead. */
function entryBytes(e: QueryLogEntry): number {
  let n = ENTRY_OVERHEAD_BYTES;
  for (const [k, v] of Object.entries(e.params)) {
    n += Buffer.byteLength(k);
    if (Array.isArray(v)) for (const x of v) n += Buffer.byteLength(x);
    else if (v !== undefined) n += Buffer.byteLength(v);
  }
  return n;
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
