/**
 * Faults that let the engine answer and then damage its answer: `empty` (a swallowed error looks
 * like no data) and `partial` (a success with warnings and part of the data cut). Non-success
 * answers pass through untouched: there is nothing to swallow or cut.
 */
import type { FaultOfKind } from '../../formats/golden/index.js';
import type { ApiRequest, ApiResponse } from '../api.js';
import { backendOf } from '../api.js';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function emptied(res: ApiResponse): ApiResponse {
  if (res.status !== 200 || !isObject(res.json)) return res;
  const body = { ...res.json };
  if (Array.isArray(body.data)) body.data = [];
  else if (isObject(body.data) && 'resultType' in body.data) {
    const d = body.data;
    const vectorish = d.resultType === 'scalar' || d.resultType === 'string';
    body.data = { ...d, resultType: vectorish ? 'vector' : d.resultType, result: [] };
  } else if (isObject(body.data)) body.data = {};
  else if ('streams' in body && 'entries' in body)
    return { ...res, json: { streams: 0, chunks: 0, entries: 0, bytes: 0 } };
  return { ...res, json: body };
}

function cut<T>(items: T[], keep: number): T[] {
  return items.slice(0, Math.ceil(items.length * keep));
}

/** Series/streams cut to `keep` of their number, and the points of each kept one cut to `keep` too. */
function cutResult(result: unknown, keep: number): unknown {
  if (!Array.isArray(result)) return result;
  return cut(result, keep).map((item) =>
    isObject(item) && Array.isArray(item.values) ? { ...item, values: cut(item.values, keep) } : item,
  );
}

export function partialDefaultWarning(req: ApiRequest, keep: number): string {
  return backendOf(req.api) === 'prometheus'
    ? `partial response: only ${Math.round(keep * 100)}% of the data could be read; results are incomplete`
    : 'maximum number of series (500) reached for a single query; returning partial results';
}

export function partial(res: ApiResponse, f: FaultOfKind<'partial'>, req: ApiRequest): ApiResponse {
  if (res.status !== 200 || !isObject(res.json)) return res;
  const keep = f.keep ?? 0.5;
  const body = { ...res.json };
  if (Array.isArray(body.data)) body.data = cut(body.data, keep);
  else if (isObject(body.data) && 'resultType' in body.data) {
    const scalar = body.data.resultType === 'scalar' || body.data.resultType === 'string';
    if (!scalar) body.data = { ...body.data, result: cutResult(body.data.result, keep) };
  }
  const prior = Array.isArray(body.warnings) ? (body.warnings as string[]) : [];
  body.warnings = [...prior, ...(f.warnings ?? [partialDefaultWarning(req, keep)])];
  return { ...res, json: body };
}
