/**
 * An OTLP file read into spans (docs/import.md): OTLP/JSON as opentelemetry-proto's JSON mapping
 * and the OTLP spec fix it (ExportTraceServiceRequest; hex ids, nanosecond times as decimal
 * strings or numbers, enums as integers), one request a line (what `bench export otlp` and the
 * collector's file exporter write), one request, or an array of them; or one OTLP/protobuf
 * ExportTraceServiceRequest. Anything else is exit 2 naming the file, the line (or request) and
 * the span and field.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../../../errors.js';
import { decodeTraceRequest, ProtobufError } from './protobuf.js';

export type AttrValue = string | number | boolean | AttrValue[] | { [k: string]: AttrValue } | null;
export type Attrs = Record<string, AttrValue>;

export interface SpanEvent {
  name: string;
  timeNs: bigint;
  attrs: Attrs;
}

export interface ImportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attrs: Attrs;
  resource: Attrs;
  events: SpanEvent[];
  status: { code: number; message?: string };
  /** Where it was read: `file:line` (a JSONL line), `file: request 2`, `file (protobuf)`. */
  where: string;
}

type Json = Record<string, unknown>;
const isRec = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field's problem, said with the span it is in (by name and id) and where the span was read. */
class SpanProblem extends Error {}

function anyValue(v: unknown, path: string): AttrValue {
  if (!isRec(v)) throw new SpanProblem(`${path}: not an AnyValue object`);
  const keys = Object.keys(v);
  if (keys.length === 0) return null;
  if (keys.length > 1) throw new SpanProblem(`${path}: an AnyValue holds one field, not ${keys.join(', ')}`);
  const x = v[keys[0]];
  switch (keys[0]) {
    case 'stringValue':
      if (typeof x === 'string') return x;
      break;
    case 'boolValue':
      if (typeof x === 'boolean') return x;
      break;
    case 'intValue':
      if (typeof x === 'number' && Number.isInteger(x)) return x;
      if (typeof x === 'string' && /^-?\d+$/.test(x)) return Number(x);
      break;
    case 'doubleValue':
      if (typeof x === 'number') return x;
      if (x === 'NaN' || x === 'Infinity' || x === '-Infinity') return Number(x);
      break;
    case 'arrayValue':
      if (isRec(x))
        return ((x.values as unknown[]) ?? []).map((e, i) => anyValue(e, `${path}.arrayValue[${i}]`));
      break;
    case 'kvlistValue':
      if (isRec(x)) return attrsOf((x.values as unknown[]) ?? [], `${path}.kvlistValue`);
      break;
    case 'bytesValue':
      if (typeof x === 'string') return x;
      break;
    default:
      throw new SpanProblem(`${path}: unknown AnyValue field "${keys[0]}"`);
  }
  throw new SpanProblem(`${path}.${keys[0]}: ${JSON.stringify(x)} is not of that type`);
}

function attrsOf(list: unknown, path: string): Attrs {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new SpanProblem(`${path}: not an array of KeyValue`);
  const out: Attrs = {};
  list.forEach((kv, i) => {
    if (!isRec(kv) || typeof kv.key !== 'string')
      throw new SpanProblem(`${path}[${i}]: a KeyValue needs a string key`);
    out[kv.key] = anyValue(kv.value ?? {}, `${path}[${i}] (${kv.key})`);
  });
  return out;
}

function nanos(v: unknown, field: string): bigint {
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new SpanProblem(`${field}: ${JSON.stringify(v)} is not unsigned nanoseconds since the epoch`);
}

function id(v: unknown, bytes: number, field: string): string {
  if (typeof v === 'string' && new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`).test(v) && !/^0+$/.test(v))
    return v.toLowerCase();
  throw new SpanProblem(
    `${field}: ${JSON.stringify(v)} is not ${bytes} bytes of hex (OTLP/JSON writes ids as hex, not base64), or is all zero`,
  );
}

function spanOf(s: unknown, resource: Attrs, where: string): ImportedSpan {
  if (!isRec(s)) throw new InputError(`${where}: a span that is not an object`);
  const name = typeof s.name === 'string' ? s.name : '';
  try {
    if (typeof s.name !== 'string' || s.name === '') throw new SpanProblem('name: missing');
    const kind = s.kind ?? 0;
    if (typeof kind !== 'number' || !Number.isInteger(kind) || kind < 0 || kind > 5)
      throw new SpanProblem(`kind: ${JSON.stringify(kind)} is not a SpanKind integer (0-5)`);
    const startNs = nanos(s.startTimeUnixNano, 'startTimeUnixNano');
    const endNs = nanos(s.endTimeUnixNano, 'endTimeUnixNano');
    if (endNs < startNs) throw new SpanProblem('endTimeUnixNano: before startTimeUnixNano');
    const status = isRec(s.status) ? s.status : {};
    const code = status.code ?? 0;
    if (code !== 0 && code !== 1 && code !== 2)
      throw new SpanProblem(`status.code: ${JSON.stringify(code)} is not 0, 1 or 2`);
    const events = ((s.events as unknown[]) ?? []).map((e, i) => {
      if (!isRec(e)) throw new SpanProblem(`events[${i}]: not an object`);
      return {
        name: typeof e.name === 'string' ? e.name : '',
        timeNs: nanos(e.timeUnixNano, `events[${i}].timeUnixNano`),
        attrs: attrsOf(e.attributes, `events[${i}].attributes`),
      };
    });
    const parent = s.parentSpanId;
    return {
      traceId: id(s.traceId, 16, 'traceId'),
      spanId: id(s.spanId, 8, 'spanId'),
      ...(parent !== undefined && parent !== '' ? { parentSpanId: id(parent, 8, 'parentSpanId') } : {}),
      name: s.name,
      kind,
      startNs,
      endNs,
      attrs: attrsOf(s.attributes, 'attributes'),
      resource,
      events,
      status: {
        code,
        ...(typeof status.message === 'string' && status.message ? { message: status.message } : {}),
      },
      where,
    };
  } catch (e) {
    if (!(e instanceof SpanProblem)) throw e;
    const sid = typeof s.spanId === 'string' ? ` (${s.spanId})` : '';
    throw new InputError(`${where}: span "${name}"${sid}: ${e.message}`);
  }
}

/** The spans of one ExportTraceServiceRequest (JSON shape). */
export function spansOfRequest(req: unknown, where: string): ImportedSpan[] {
  if (!isRec(req)) throw new InputError(`${where}: not an ExportTraceServiceRequest object`);
  if (!Array.isArray(req.resourceSpans)) {
    const keys = Object.keys(req).slice(0, 4).join(', ');
    throw new InputError(
      `${where}: no resourceSpans (an ExportTraceServiceRequest has them; this has ${keys || 'nothing'})`,
    );
  }
  const out: ImportedSpan[] = [];
  req.resourceSpans.forEach((rs, i) => {
    if (!isRec(rs)) throw new InputError(`${where}: resourceSpans[${i}]: not an object`);
    if (rs.instrumentationLibrarySpans !== undefined && rs.scopeSpans === undefined)
      throw new InputError(
        `${where}: resourceSpans[${i}]: instrumentationLibrarySpans is the pre-1.0 OTLP shape; re-export with a current SDK (scopeSpans)`,
      );
    let resource: Attrs;
    try {
      resource = attrsOf(isRec(rs.resource) ? rs.resource.attributes : undefined, 'resource.attributes');
    } catch (e) {
      if (e instanceof SpanProblem) throw new InputError(`${where}: resourceSpans[${i}]: ${e.message}`);
      throw e;
    }
    for (const ss of (rs.scopeSpans as unknown[]) ?? []) {
      if (!isRec(ss))
        throw new InputError(`${where}: resourceSpans[${i}]: a scopeSpans entry that is not an object`);
      for (const s of (ss.spans as unknown[]) ?? []) out.push(spanOf(s, resource, where));
    }
  });
  return out;
}

/** Every span of an OTLP file, JSON (JSONL, a request, an array) or protobuf, in file order. */
export function readOtlpFile(file: string): ImportedSpan[] {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (e) {
    throw new InputError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const first = buf.findIndex((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
  if (first < 0) throw new InputError(`${file}: empty: no OTLP request in it`);
  if (buf[first] !== 0x7b && buf[first] !== 0x5b) return fromProtobuf(file, buf);
  const text = buf.toString('utf8');
  const whole = tryParse(text);
  if (whole.ok) {
    const reqs = Array.isArray(whole.value) ? whole.value : [whole.value];
    return reqs.flatMap((r, i) => spansOfRequest(r, reqs.length > 1 ? `${file}: request ${i + 1}` : file));
  }
  // JSONL: one request a line; a line that is not JSON is named with its line.
  const out: ImportedSpan[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const one = tryParse(line);
    if (!one.ok) throw new InputError(`${file}:${i + 1}: not JSON (${one.error})`);
    out.push(...spansOfRequest(one.value, `${file}:${i + 1}`));
  });
  return out;
}

function fromProtobuf(file: string, buf: Buffer): ImportedSpan[] {
  try {
    return spansOfRequest(decodeTraceRequest(buf), `${file} (protobuf)`);
  } catch (e) {
    if (e instanceof ProtobufError)
      throw new InputError(
        `${file}: neither OTLP/JSON nor an OTLP/protobuf ExportTraceServiceRequest (${e.message} at byte ${e.at})`,
      );
    throw e;
  }
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
