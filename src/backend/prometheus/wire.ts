/**
 * Prometheus' wire format: the `{status, data, errorType, error, warnings, infos}` envelope, value
 * pairs `[<unix seconds>, "<value>"]`, and the errorType → HTTP status table of the v1 API.
 */
import type { PromErrorType, PromValue } from '../../promql/api.js';
import type { Labels } from '../../world/types.js';
import type { ApiResponse } from '../api.js';

/** Set once by the engine backend: formatting must match the engine's own (`formatPromFloat`). */
export type FloatFormat = (v: number) => string;

export const PROM_STATUS: Record<PromErrorType, number> = {
  bad_data: 400,
  execution: 422,
  canceled: 499,
  timeout: 503,
  internal: 500,
  not_found: 404,
  unavailable: 503,
};

export const JSON_TYPE = 'application/json';

export function promSuccess(data: unknown, warnings: string[] = [], infos: string[] = []): ApiResponse {
  const json: Record<string, unknown> = { status: 'success', data };
  if (warnings.length) json.warnings = warnings;
  if (infos.length) json.infos = infos;
  return { status: 200, json, headers: { 'content-type': JSON_TYPE } };
}

export function promError(errorType: string, error: string, status?: number): ApiResponse {
  return {
    status: status ?? PROM_STATUS[errorType as PromErrorType] ?? 500,
    json: { status: 'error', errorType, error },
    headers: { 'content-type': JSON_TYPE },
  };
}

/** Seconds with millisecond precision, as a JSON number (Prometheus prints e.g. 1435781451.781). */
export function promTs(ms: number): number {
  return ms / 1000;
}

function metric(labels: Labels): Record<string, string> {
  return { ...labels };
}

/** `data` of a query response: `{resultType, result}`; an empty result is `[]`, never null. */
export function promData(value: PromValue, fmt: FloatFormat): { resultType: string; result: unknown } {
  switch (value.type) {
    case 'vector':
      return {
        resultType: 'vector',
        result: value.samples.map((s) => ({ metric: metric(s.labels), value: [promTs(s.t), fmt(s.v)] })),
      };
    case 'matrix':
      return {
        resultType: 'matrix',
        result: value.series.map((s) => ({
          metric: metric(s.labels),
          values: s.points.map((p) => [promTs(p.t), fmt(p.v)]),
        })),
      };
    case 'scalar':
      return { resultType: 'scalar', result: [promTs(value.t), fmt(value.v)] };
    case 'string':
      return { resultType: 'string', result: [promTs(value.t), value.v] };
  }
}
