/** The answer to a request whose caller gave up (its AbortSignal fired): 499 on both APIs. */
import type { ApiRequest, ApiResponse } from './api.js';
import { backendOf } from './api.js';
import { lokiText } from './loki-wire.js';
import { promError } from './prom-wire.js';

export function canceled(req: ApiRequest): ApiResponse {
  return backendOf(req.api) === 'prometheus'
    ? promError('canceled', 'query was canceled in query execution')
    : lokiText(499, 'context canceled');
}
