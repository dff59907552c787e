/**
 * What bounds one query's evaluation: the server's timeout (Prometheus' `--query.timeout`, Loki's
 * `query_timeout`), counted from the request's arrival, and the ways it can be canceled (the
 * client's AbortSignal in process; a flag set by another thread in the engine pool). A Prometheus
 * request may ask for less with its `timeout` parameter, never for more.
 */
import { Deadline } from '../world/deadline.js';

export interface QueryLimits {
  /** Wall-clock epoch ms (`Date.now()`) the request arrived. */
  startedAt: number;
  /** The server's limit; undefined: none (in-process sims on a virtual clock). */
  timeoutMs?: number;
  signal?: AbortSignal;
  canceled?: () => boolean;
}

/** A request with no limits at all (tests, and callers that bound nothing). */
export const UNLIMITED: QueryLimits = { startedAt: 0 };

/** `requestedMs` is the request's own `timeout` (0 or absent: the server's). */
export function deadlineOf(limits: QueryLimits, requestedMs = 0): Deadline {
  const server = limits.timeoutMs ?? Number.POSITIVE_INFINITY;
  const ms = requestedMs > 0 ? Math.min(requestedMs, server) : server;
  return new Deadline({
    ...(Number.isFinite(ms) ? { atMs: limits.startedAt + ms } : {}),
    ...(limits.signal ? { signal: limits.signal } : {}),
    ...(limits.canceled ? { canceled: limits.canceled } : {}),
  });
}
