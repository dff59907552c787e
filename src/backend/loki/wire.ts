/**
 * Loki's wire format: JSON success envelopes with `stats`, stream values `[<ns string>, line]`,
 * and errors as plain-text bodies (400 client errors, 499 canceled, 504 timeout, 500 other).
 */
import type { LokiResult, LokiStats } from '../../logql/api.js';
import type { ApiResponse } from '../api.js';
import { type FloatFormat, promTs } from '../prometheus/index.js';

export const LOKI_JSON_TYPE = 'application/json; charset=UTF-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

const LOKI_STATUS: Record<string, number> = {
  bad_data: 400,
  execution: 400,
  not_found: 404,
  canceled: 499,
  timeout: 504,
  internal: 500,
  unavailable: 503,
};

export function lokiStatusOf(errorType: string): number {
  return LOKI_STATUS[errorType] ?? 500;
}

export function lokiText(status: number, text: string): ApiResponse {
  return { status, text: `${text}\n`, headers: { 'content-type': TEXT_TYPE } };
}

export function lokiJson(json: unknown): ApiResponse {
  return { status: 200, json, headers: { 'content-type': LOKI_JSON_TYPE } };
}

/** Milliseconds → Loki's nanosecond epoch string. */
export function nsString(ms: number): string {
  const r = Math.round(ms);
  // A safe integer prints exactly; six zeros append the nanoseconds (BigInt only for the rest).
  if (Number.isSafeInteger(r) && r !== 0) return `${r}000000`;
  return (BigInt(r) * 1_000_000n).toString();
}

/** A reduced `stats.summary` with Loki's field names (the querier/ingester/cache parts are omitted). */
export function lokiStats(s: LokiStats, execMs: number): Record<string, unknown> {
  const execTime = execMs / 1000;
  const perSec = (n: number) => (execTime > 0 ? Math.round(n / execTime) : n);
  return {
    summary: {
      bytesProcessedPerSecond: perSec(s.bytesProcessed),
      linesProcessedPerSecond: perSec(s.linesProcessed),
      totalBytesProcessed: s.bytesProcessed,
      totalLinesProcessed: s.linesProcessed,
      execTime,
      queueTime: 0,
      subqueries: 0,
      totalEntriesReturned: s.entriesReturned,
      splits: 0,
      shards: 0,
    },
  };
}

export function lokiData(r: LokiResult, fmt: FloatFormat, execMs: number): Record<string, unknown> {
  const stats = lokiStats(r.stats, execMs);
  const v = r.value;
  switch (v.type) {
    case 'streams':
      return {
        resultType: 'streams',
        result: v.streams.map((s) => ({
          stream: { ...s.labels },
          values: s.entries.map((e) => [nsString(e.t), e.line]),
        })),
        stats,
      };
    case 'vector':
      return {
        resultType: 'vector',
        result: v.samples.map((s) => ({ metric: { ...s.labels }, value: [promTs(s.t), fmt(s.v)] })),
        stats,
      };
    case 'matrix':
      return {
        resultType: 'matrix',
        result: v.series.map((s) => ({
          metric: { ...s.labels },
          values: s.points.map((p) => [promTs(p.t), fmt(p.v)]),
        })),
        stats,
      };
    case 'scalar':
      return { resultType: 'scalar', result: [promTs(v.t), fmt(v.v)], stats };
  }
}
