/**
 * OTLP/JSON read back into the OpenTelemetry JS SDK's own span objects (`ReadableSpan` of
 * @opentelemetry/sdk-trace, `Resource` of @opentelemetry/resources), strictly: only the fields
 * opentelemetry-proto defines are read, ids must be hex of the right length, times unsigned
 * nanosecond strings, int64 values decimal strings. The official serializers of
 * @opentelemetry/otlp-transformer then encode those spans again (JSON and protobuf); a field we
 * misnamed, left out or encoded another way makes the official JSON differ from ours.
 */
import type { Attributes, AttributeValue, HrTime, SpanContext } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace';

export interface JsonKeyValue {
  key: string;
  value: Record<string, unknown>;
}
export interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: JsonKeyValue[];
  droppedAttributesCount: number;
  events: {
    timeUnixNano: string;
    name: string;
    attributes: JsonKeyValue[];
    droppedAttributesCount: number;
  }[];
  droppedEventsCount: number;
  status: { code: number; message?: string };
  links: unknown[];
  droppedLinksCount: number;
  flags: number;
}
export interface JsonRequest {
  resourceSpans: {
    resource: { attributes: JsonKeyValue[]; droppedAttributesCount: number };
    scopeSpans: { scope: { name: string; version?: string }; spans: JsonSpan[] }[];
  }[];
}

function hex(id: string, bytes: number): string {
  if (!new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(id)) throw new Error(`not ${bytes} bytes of hex: ${id}`);
  if (/^0+$/.test(id)) throw new Error(`an all-zero id is invalid: ${id}`);
  return id;
}

function hrTime(nanos: string): HrTime {
  if (!/^\d+$/.test(nanos)) throw new Error(`not unsigned nanoseconds: ${JSON.stringify(nanos)}`);
  const n = BigInt(nanos);
  return [Number(n / 1_000_000_000n), Number(n % 1_000_000_000n)];
}

function value(v: Record<string, unknown>): AttributeValue {
  const [kind, ...more] = Object.keys(v);
  if (more.length) throw new Error(`an AnyValue holds one field: ${JSON.stringify(v)}`);
  const x = v[kind];
  if (kind === 'stringValue' && typeof x === 'string') return x;
  if (kind === 'boolValue' && typeof x === 'boolean') return x;
  if (kind === 'doubleValue' && typeof x === 'number') return x;
  if (kind === 'intValue' && typeof x === 'string' && /^-?\d+$/.test(x)) return Number(x);
  if (kind === 'arrayValue')
    return (x as { values: Record<string, unknown>[] }).values.map(value) as string[];
  throw new Error(`not an OTLP AnyValue: ${JSON.stringify(v)}`);
}

export const attrsOf = (list: JsonKeyValue[]): Attributes =>
  Object.fromEntries(list.map((kv) => [kv.key, value(kv.value)]));

/** Every span of the request as the SDK's ReadableSpan, with its resource and scope. */
export function decodeRequest(req: JsonRequest): ReadableSpan[] {
  return req.resourceSpans.flatMap((rs) => {
    const resource = resourceFromAttributes(attrsOf(rs.resource.attributes));
    return rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s): ReadableSpan => {
        const traceFlags = s.flags & 0xff;
        const ctx: SpanContext = { traceId: hex(s.traceId, 16), spanId: hex(s.spanId, 8), traceFlags };
        const parent =
          s.parentSpanId === undefined
            ? undefined
            : {
                traceId: ctx.traceId,
                spanId: hex(s.parentSpanId, 8),
                traceFlags,
                isRemote: (s.flags & 0x200) !== 0,
              };
        const startTime = hrTime(s.startTimeUnixNano);
        const endTime = hrTime(s.endTimeUnixNano);
        const events: TimedEvent[] = s.events.map((e) => ({
          name: e.name,
          time: hrTime(e.timeUnixNano),
          attributes: attrsOf(e.attributes),
          droppedAttributesCount: e.droppedAttributesCount,
        }));
        return {
          name: s.name,
          kind: s.kind - 1, // the API's SpanKind has no UNSPECIFIED: OTLP's value less one
          spanContext: () => ctx,
          parentSpanContext: parent,
          startTime,
          endTime,
          duration: [endTime[0] - startTime[0], endTime[1] - startTime[1]],
          ended: true,
          status: s.status.message === undefined ? { code: s.status.code } : { ...s.status },
          attributes: attrsOf(s.attributes),
          links: [],
          events,
          resource,
          instrumentationScope: { name: ss.scope.name, version: ss.scope.version },
          droppedAttributesCount: s.droppedAttributesCount,
          droppedEventsCount: s.droppedEventsCount,
          droppedLinksCount: s.droppedLinksCount,
        };
      }),
    );
  });
}

/**
 * The official JS serializer writes an int64 attribute as a JSON number; opentelemetry-proto's
 * JSON mapping (and this bench) as a decimal string, which every OTLP receiver accepts. And it picks
 * int or double by the value (a whole number is an int), where the bench gives each key one type
 * (commands/export/otlp/genai.ts): a key in `doubles` the SDK wrote as an int is read back as the double
 * it was. The two differences the comparison forgives.
 */
export function intsAsStrings(v: unknown, doubles: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(v)) return v.map((x) => intsAsStrings(x, doubles));
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const iv = (o.value as Record<string, unknown> | undefined)?.intValue;
  if (typeof o.key === 'string' && doubles.has(o.key) && typeof iv === 'number')
    return { ...o, value: { doubleValue: iv } };
  return Object.fromEntries(
    Object.entries(o).map(([k, x]) => [
      k,
      k === 'intValue' && typeof x === 'number' ? String(x) : intsAsStrings(x, doubles),
    ]),
  );
}
