/**
 * Call ids for external agents: every request gets `c1`, `c2`, ... in arrival order, carried as
 * the request's `origin` (so the query log records it) and as the `x-rematch-call-id` response
 * header (so the agent can cite it as evidence). `observe` sees each finished call with its answer,
 * in golden time: command seats build their trace from it.
 */
import type { ApiRequest, ApiResponse, Backend } from '../api.js';

export const CALL_ID_HEADER = 'x-rematch-call-id';

export interface ObservedCall {
  id: string;
  req: ApiRequest;
  res: ApiResponse;
  /** Wall-clock ms of arrival and answer (`Date.now()`). */
  startedAt: number;
  endedAt: number;
}

export function withCallIds(inner: Backend, observe?: (call: ObservedCall) => void, prefix = 'c'): Backend {
  let n = 0;
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      const id = `${prefix}${++n}`;
      const startedAt = Date.now();
      const withId = { ...req, origin: id };
      const res = await inner.handle(withId);
      observe?.({ id, req: withId, res, startedAt, endedAt: Date.now() });
      return { ...res, headers: { ...res.headers, [CALL_ID_HEADER]: id } };
    },
  };
}
