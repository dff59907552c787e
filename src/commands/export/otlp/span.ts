/**
 * One OTLP span and span event as `bench export otlp` writes them, and the trial they belong to:
 * a span is named by a key unique in its trial (`session`, `node:<id>`, `turn:<n>`, `call:<id>`),
 * which its id is derived from, so a parent is named by key too.
 */
import { redact } from '../../../errors.js';
import {
  type AttrValue,
  attributes,
  type KeyValue,
  nanosAt,
  SPAN_FLAGS,
  STATUS,
  spanIdOf,
  traceIdOf,
} from './encode.js';

export interface OtlpEvent {
  timeUnixNano: string;
  name: string;
  attributes: KeyValue[];
  droppedAttributesCount: number;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  /** Absent on the trial's root span (the session). */
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  droppedAttributesCount: number;
  events: OtlpEvent[];
  droppedEventsCount: number;
  status: { code: number; message?: string };
  links: never[];
  droppedLinksCount: number;
  flags: number;
}

/** Where a trial's spans live: its ids and the instant its trace's `t` offsets count from. */
export interface TrialClock {
  runId: string;
  trialId: string;
  startedAt: string;
}

/** A span with the key it was made from (its id is derived from the key). */
export type KeyedSpan = [key: string, span: OtlpSpan];

export interface SpanSpec {
  key: string;
  parent?: string;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  attrs: Record<string, AttrValue>;
  /** An error status and its message (redacted); absent: unset. */
  error?: string;
}

export function makeSpan(c: TrialClock, s: SpanSpec): OtlpSpan {
  const span: OtlpSpan = {
    traceId: traceIdOf(c.runId, c.trialId),
    spanId: spanIdOf(c.runId, c.trialId, s.key),
    name: redact(s.name),
    kind: s.kind,
    startTimeUnixNano: nanosAt(c.startedAt, s.startMs),
    // A span never ends before it starts, whatever rounding or a cut-short trace left.
    endTimeUnixNano: nanosAt(c.startedAt, Math.max(s.startMs, s.endMs)),
    attributes: attributes(s.attrs),
    droppedAttributesCount: 0,
    events: [],
    droppedEventsCount: 0,
    status: s.error === undefined ? { code: STATUS.unset } : { code: STATUS.error, message: redact(s.error) },
    links: [],
    droppedLinksCount: 0,
    flags: SPAN_FLAGS,
  };
  if (s.parent !== undefined) span.parentSpanId = spanIdOf(c.runId, c.trialId, s.parent);
  return span;
}

export function makeEvent(
  c: TrialClock,
  name: string,
  tMs: number,
  attrs: Record<string, AttrValue>,
): OtlpEvent {
  return {
    timeUnixNano: nanosAt(c.startedAt, tMs),
    name,
    attributes: attributes(attrs),
    droppedAttributesCount: 0,
  };
}
