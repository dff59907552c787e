/**
 * The answers to a request that was stopped: its caller gave up (its AbortSignal fired: 499 on
 * both APIs) or its evaluation ran out of time (Prometheus 503 `timeout`, Loki 504), in each
 * server's own words (Prometheus' promql errors, Loki's pkg/util/server/error.go).
 */
import { LOKI_TEXT, PROM_TEXT } from '../formats/imitated.js';
import type { ApiRequest, ApiResponse } from './api.js';
import { backendOf } from './api.js';
import { lokiText } from './loki/index.js';
import { promError } from './prometheus/index.js';

export function canceled(req: Pick<ApiRequest, 'api'>): ApiResponse {
  return backendOf(req.api) === 'prometheus'
    ? promError('canceled', PROM_TEXT.canceled)
    : lokiText(499, LOKI_TEXT.canceled);
}

export function timedOut(req: Pick<ApiRequest, 'api'>): ApiResponse {
  return backendOf(req.api) === 'prometheus'
    ? promError('timeout', PROM_TEXT.timeout)
    : lokiText(504, LOKI_TEXT.timeout);
}
