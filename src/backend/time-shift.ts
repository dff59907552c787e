/**
 * A backend decorator that moves the served world in time by `shiftMs`, so a client that uses
 * the wall clock ("now", promtool without `--time`, most agents) sees the golden's data: request
 * times are moved back by the shift before the inner backend reads them, and every timestamp of
 * an answer is moved forward by it. Inside the decorator everything stays in golden time (the
 * query log, fault time windows, traces). A time the inner backend could not parse is passed on
 * untouched, so its error is the engine's own.
 */
import type { ApiParams, ApiRequest, ApiResponse, Backend } from './api.js';
import { param } from './params.js';

const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const TIME_PARAMS = ['time', 'start', 'end'] as const;

/** A request time in ms, read the way the API reads it; undefined when it is not a time. */
function readTime(s: string, loki: boolean): number | undefined {
  if (loki && /^-?\d+$/.test(s)) {
    return s.replace('-', '').length <= 10 ? Number(s) * 1000 : Number(BigInt(s) / 1_000_000n);
  }
  if (FLOAT.test(s)) return Number(s) * 1000;
  if (RFC3339.test(s)) return Date.parse(s);
  return undefined;
}

function shiftParams(p: ApiParams, shiftMs: number, loki: boolean): ApiParams {
  const out: ApiParams = { ...p };
  for (const name of TIME_PARAMS) {
    const s = param(p, name);
    if (s === undefined) continue;
    const ms = readTime(s, loki);
    // Float seconds with a fraction: both APIs read it as unix seconds.
    if (ms !== undefined) out[name] = ((ms - shiftMs) / 1000).toFixed(3);
  }
  return out;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `[t, v]` with t in unix seconds (Prometheus and Loki metric samples). */
function shiftSample(s: unknown, shiftMs: number): unknown {
  if (!Array.isArray(s) || typeof s[0] !== 'number') return s;
  return [Math.round(s[0] * 1000 + shiftMs) / 1000, ...s.slice(1)];
}

/** `["<ns>", line, ...]` (Loki stream entries). */
function shiftEntry(e: unknown, shiftNs: bigint): unknown {
  if (!Array.isArray(e) || typeof e[0] !== 'string' || !/^\d+$/.test(e[0])) return e;
  return [String(BigInt(e[0]) + shiftNs), ...e.slice(1)];
}

function shiftData(data: unknown, shiftMs: number): unknown {
  if (!isRec(data) || typeof data.resultType !== 'string') return data;
  const shiftNs = BigInt(Math.round(shiftMs)) * 1_000_000n;
  const r = data.result;
  if (data.resultType === 'scalar' || data.resultType === 'string') {
    return { ...data, result: shiftSample(r, shiftMs) };
  }
  if (!Array.isArray(r)) return data;
  const result = r.map((item) => {
    if (!isRec(item)) return item;
    const o: Rec = { ...item };
    // Values that are times (ALERTS_FOR_STATE) are moved by the engine itself (promql/time-valued.ts).
    if (Array.isArray(o.value)) o.value = shiftSample(o.value, shiftMs);
    if (Array.isArray(o.values)) {
      o.values = o.values.map((v) =>
        data.resultType === 'streams' ? shiftEntry(v, shiftNs) : shiftSample(v, shiftMs),
      );
    }
    return o;
  });
  return { ...data, result };
}

export function withTimeShift(inner: Backend, shiftMs: number): Backend {
  if (shiftMs === 0) return inner;
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      const loki = req.api.startsWith('loki.');
      const res = await inner.handle({
        ...req,
        params: shiftParams(req.params, shiftMs, loki),
        timeShiftMs: (req.timeShiftMs ?? 0) + shiftMs,
      });
      if (!isRec(res.json) || !('data' in res.json)) return res;
      return { ...res, json: { ...res.json, data: shiftData(res.json.data, shiftMs) } };
    },
  };
}
