/**
 * The query log: the outermost layer of every stack records each request with its answer, as a
 * real server's query log would. Entries are appended when the answer is ready (completion order);
 * `seq` is the arrival order. External agents' traces are rebuilt from it (DESIGN §10).
 */
import type { Clock } from '../clock.js';
import type { ApiRequest, ApiResponse, Backend, QueryLogEntry } from './api.js';

export function bodyBytes(res: ApiResponse): number {
  if (res.text !== undefined) return Buffer.byteLength(res.text);
  if (res.json !== undefined) return Buffer.byteLength(JSON.stringify(res.json));
  return 0;
}

export function withQueryLog(inner: Backend, clock: Clock, log: QueryLogEntry[]): Backend {
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
        queueMs: 0,
        serviceMs: 0,
        bytes: 0,
      };
      try {
        const res = await inner.handle(req);
        entry.status = res.status;
        if (res.fault !== undefined) entry.fault = res.fault;
        entry.queueMs = res.timing?.queueMs ?? 0;
        entry.serviceMs = res.timing?.serviceMs ?? clock.now() - entry.at;
        entry.bytes = bodyBytes(res);
        return res;
      } finally {
        log.push(entry);
      }
    },
  };
}
