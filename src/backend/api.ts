/**
 * The Backend contract: one request/response shape for every API the bench serves, at the
 * level of the wire (HTTP status + JSON or plain-text body). The in-process tools, the HTTP
 * adapter and the MCP server all go through `Backend.handle`, so a fault injected by the fault
 * layer looks exactly the same to every client (DESIGN §8: faults wrap, never live inside).
 */
import type { GateName } from '../formats/config.js';
import type { Outcome, Selection } from '../formats/run/index.js';

export type PromApi =
  | 'prom.query'
  | 'prom.query_range'
  | 'prom.series'
  | 'prom.labels'
  | 'prom.label_values'
  | 'prom.metadata'
  | 'prom.buildinfo'
  | 'prom.alerts'
  | 'prom.rules'
  | 'prom.targets'
  | 'prom.targets_metadata'
  | 'prom.alertmanagers'
  | 'prom.query_exemplars'
  | 'prom.format_query'
  | 'prom.status_config'
  | 'prom.status_flags'
  | 'prom.status_runtimeinfo'
  | 'prom.status_tsdb'
  | 'prom.status_walreplay';

export type LokiApi =
  | 'loki.query'
  | 'loki.query_range'
  | 'loki.labels'
  | 'loki.label_values'
  | 'loki.series'
  | 'loki.index_stats'
  | 'loki.index_volume'
  | 'loki.index_volume_range'
  | 'loki.detected_labels'
  | 'loki.detected_fields'
  | 'loki.format_query'
  | 'loki.buildinfo';

export type Api = PromApi | LokiApi;

/**
 * The APIs that read the world's telemetry over a time range (queries, series, labels, Loki's
 * index and detected-field pages). A range or step fault condition is about them only
 * (faults/size.ts), and their answer is a function of the served world and the request alone
 * (engines/cache.ts); build info, metadata, alerts, rules, targets and the status pages read no
 * range, and some of them name the golden they serve.
 */
export const RANGED_APIS: ReadonlySet<Api> = new Set<Api>([
  'prom.query',
  'prom.query_range',
  'prom.series',
  'prom.labels',
  'prom.label_values',
  'prom.query_exemplars',
  'loki.query',
  'loki.query_range',
  'loki.labels',
  'loki.label_values',
  'loki.series',
  'loki.index_stats',
  'loki.index_volume',
  'loki.index_volume_range',
  'loki.detected_labels',
  'loki.detected_fields',
]);

/** Which backend (capacity pool) an API belongs to. */
export function backendOf(api: Api): 'prometheus' | 'loki' {
  return api.startsWith('prom.') ? 'prometheus' : 'loki';
}

/**
 * Parameters exactly as the HTTP API takes them (strings; `match[]` may repeat). Times are in the
 * API's own notation: Prometheus RFC3339 or unix seconds, Loki RFC3339 / ns integers / seconds.
 * `name` carries the `<name>` path segment of label-values routes.
 */
export type ApiParams = Record<string, string | string[] | undefined>;

export interface ApiRequest {
  api: Api;
  params: ApiParams;
  /** Who asked: a trial's call id, `http`, `mcp` ... (for the query log). */
  origin?: string;
  signal?: AbortSignal;
  /**
   * Set by the time-shift decorator: what the served world's times are moved by, so that the
   * functions that read the clock (`time()`, `timestamp()`, `__timestamp__`) answer shifted times.
   */
  timeShiftMs?: number;
  /**
   * Which gated session the call belongs to (the `X-Rematch-Session` header on HTTP, the MCP
   * session id): a gated surface keeps one ledger per session (docs/gates.md, At the surfaces).
   */
  session?: string;
  /**
   * The HTTP connection it came on (set by the HTTP adapter): `id`, one per socket, `served`, the
   * requests it carried before this one, and `openedAt`, when it was accepted (`Date.now()`). A
   * gated surface reads a request on a connection that already carried an answer as sent by a
   * client that had that answer (host/surface/waves.ts).
   */
  connection?: Connection;
}

export interface Connection {
  id: number;
  served: number;
  openedAt: number;
}

/** One gate decision a gated surface made for a call: a trace `gate` event without `t`. */
export interface GateDecision {
  gate: GateName;
  decision: 'allow' | 'defer' | 'block' | 'steer' | 'halt';
  reason: string;
  callId?: string;
  node?: string;
  fingerprint?: string;
  /** Wall-clock ms when it was made (`Date.now()`): the command seat's trace places it by this. */
  at: number;
}

/**
 * What a gated surface did to one answer (the surface is host/surface/, above this layer; this is
 * its typed report, which the HTTP adapter and the MCP server render and command seats trace).
 */
export interface GateNote {
  /** The decisions this call caused, in the order they were made (before it ran, then after). */
  decisions: GateDecision[];
  /** The answer the backend gave, when a gate changed what the agent got (typed failure, refusal). */
  upstream?: { status: number; json?: unknown; text?: string };
  /** What the agent was shown (the typed outcome, or the untyped view with failureClass off). */
  shown: Outcome;
  /** The agent got the raw wire body (failureClass off). */
  untyped: boolean;
  /** Steer (and halt) texts the agent is given beside the result. */
  messages: string[];
  /**
   * The call never reached the backend: a gate blocked it, the session was halted (the host's
   * refusal types), or its client went away while it waited behind the fan-out cap (`canceled`).
   */
  refused?: { type: 'blocked' | 'final_turn' | 'canceled'; message: string };
  /** The session's wave the call belongs to (host/surface/waves.ts): a command seat's trace uses it. */
  wave?: number;
  /** Milliseconds a deferred call waited for the fan-out cap before it ran. */
  queuedMs?: number;
  /** This call halted the session. */
  halted?: boolean;
}

/** What a query touched, as the engines count it: what the limit faults match on. */
export interface QueryCost {
  /** Series (metric answers) or streams (log answers) in the result. */
  series: number;
  /** Samples the PromQL engine read, or log lines LogQL processed. */
  samples: number;
}

export interface ApiResponse {
  /**
   * HTTP status as the real server would send it. 0 = no HTTP response at all (a connection-level
   * failure: the `stale-catalog` fault; header `x-rematch-transport-error`); see docs/faults.md.
   */
  status: number;
  /** Exactly one of json / text: Prometheus and Loki success use json; Loki errors are plain text. */
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Filled by the capacity layer: time spent waiting for a slot and being served (clock ms). */
  timing?: { queueMs: number; serviceMs: number };
  /** Filled by the engine handlers for queries (never sent on the wire). */
  cost?: QueryCost;
  /**
   * Filled by the engine handlers for a query they answered: which selectors read data
   * (docs/trace.md#selection). Travels beside the answer through every layer that passes the
   * answer on (faults that damage it keep it: the engine still read what it read); never sent on
   * the wire. Traces record it on the call's `tool_result`.
   */
  selection?: Selection;
  /** Filled by the fault layer when a fault fired: its id (for traces and the query log). */
  fault?: string;
  /**
   * Filled by the fault layer when the body lies (the `untyped-200` fault: a failure in a shape no
   * typed client recognises): what really happened, which the trace records beside what the agent
   * was shown. Never sent on the wire: a real integration has no such field.
   */
  truth?: { outcome: 'failed'; error: { type: string; message: string } };
  /**
   * Filled by the fault layer under a `stale-tools` fault, for the calls its catalog lists: the
   * catalog version that served the call and whether the tool was a stale one (backend/catalog.ts).
   * Never sent on the wire; traces record it on the call's `tool_result`.
   */
  catalog?: { version: number; stale: boolean };
  /** Filled by a gated surface (never sent on the wire as such: headers carry what the agent gets). */
  gate?: GateNote;
}

export interface Backend {
  handle(req: ApiRequest): Promise<ApiResponse>;
}

/**
 * How a request ended, by its HTTP status: `ok` (< 400), `client_error` (4xx), `canceled` (499: the
 * client went away), `timeout` (Prometheus 503 `timeout`, Loki 504), `server_error` (other 5xx),
 * `no_response` (status 0: the connection was dropped).
 */
export type QueryOutcome = 'ok' | 'client_error' | 'canceled' | 'timeout' | 'server_error' | 'no_response';

/** One line of the query log every backend stack keeps (DESIGN §10: external traces are built from it). */
export interface QueryLogEntry {
  seq: number;
  at: number;
  api: Api;
  params: ApiParams;
  origin?: string;
  status: number;
  outcome: QueryOutcome;
  fault?: string;
  queueMs: number;
  serviceMs: number;
  /** The classification a typed client would give (see protocol/classify.ts). */
  bytes: number;
}
