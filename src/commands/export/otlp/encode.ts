/**
 * The OTLP/JSON encoding (ExportTraceServiceRequest, opentelemetry-proto's JSON mapping) of the
 * parts `bench export otlp` writes: ids as lowercase hex (16 bytes a trace, 8 a span, never
 * base64), times as unsigned nanosecond decimal strings, enums as integers, int64 attribute values
 * as decimal strings (proto3 JSON), field names in lowerCamelCase. Every string that leaves the
 * bench passes the one redactor.
 */
import { createHash } from 'node:crypto';
import { InternalError, redact } from '../../../errors.js';
import { NUMBER_TYPES } from './genai.js';

export type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } };

export interface KeyValue {
  key: string;
  value: AnyValue;
}

/** A value an attribute may take; `undefined` leaves the attribute out. */
export type AttrValue = string | number | boolean | readonly string[] | undefined;

/** opentelemetry-proto's Span.SpanKind. */
export const SPAN_KIND = { internal: 1, client: 3 } as const;
/** Status.StatusCode: unset (the default) or error. */
export const STATUS = { unset: 0, error: 2 } as const;
/** W3C sampled (0x01) plus SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE (0x100): every parent here is local. */
export const SPAN_FLAGS = 0x101;

/** A number by its key's declared type (genai.ts), never by whether this value is whole. */
function numberValue(key: string, v: number): AnyValue {
  const type = NUMBER_TYPES[key];
  if (type === 'int') return { intValue: String(Math.round(v)) };
  if (type === 'double') return { doubleValue: v };
  throw new InternalError(`otlp: numeric attribute ${key} has no declared type (genai.ts NUMBER_TYPES)`);
}

function anyValue(key: string, v: Exclude<AttrValue, undefined>): AnyValue {
  if (typeof v === 'string') return { stringValue: redact(v) };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return numberValue(key, v);
  return { arrayValue: { values: v.map((s) => ({ stringValue: redact(s) })) } };
}

/** The attributes of `record` in its key order, undefined values and NaN left out. */
export function attributes(record: Record<string, AttrValue>): KeyValue[] {
  const out: KeyValue[] = [];
  for (const [key, v] of Object.entries(record)) {
    if (v === undefined || (typeof v === 'number' && !Number.isFinite(v))) continue;
    out.push({ key, value: anyValue(key, v) });
  }
  return out;
}

const hexOf = (bytes: number, ...parts: string[]): string =>
  createHash('sha256')
    .update(parts.join('\0'))
    .digest('hex')
    .slice(0, bytes * 2);

/**
 * Ids derived from the run id and trial id (and a span's key inside its trial), so exporting the
 * same folder again gives the same ids and a backend replaces rather than duplicates the trace.
 */
export const traceIdOf = (runId: string, trialId: string): string =>
  hexOf(16, 'rematch.otlp/trace', runId, trialId);
export const spanIdOf = (runId: string, trialId: string, key: string): string =>
  hexOf(8, 'rematch.otlp/span', runId, trialId, key);

/**
 * A trial-clock offset (ms since the trace header's start) as Unix nanoseconds: the header's
 * `startedAt` plus the offset, rounded to the nanosecond; BigInt, since nanoseconds since 1970
 * pass 2^53.
 */
export function nanosAt(startedAt: string, tMs: number): string {
  const base = BigInt(Date.parse(startedAt)) * 1_000_000n;
  return (base + BigInt(Math.round(Math.max(0, tMs) * 1e6))).toString();
}
