/**
 * The golden file format (DESIGN §5.1). This schema is the authority; docs/goldens.md documents it
 * and schemas/golden.schema.json is emitted from it.
 *
 * Times: absolute RFC3339 strings, or durations ("90s", "64m", "1h30m") meaning an offset from
 * `time.start`. The normalizer (normalized.ts) turns all of them into epoch milliseconds.
 */
import { z } from 'zod';
import { DURATION_RE } from '../time.js';
import { OUTCOMES, SOURCES } from '../vocabulary.js';
import { LogField } from './log-field.js';
import { Trajectory } from './trajectory.js';

export const Duration = z.string().regex(DURATION_RE, 'expected a duration such as 15s, 5m or 1h30m');
/** Absolute RFC3339 or an offset from time.start. */
export const TimeRef = z.union([z.iso.datetime({ offset: true }), Duration]);

const LabelMap = z.record(z.string(), z.string());
/** A label map whose values may list alternatives: the cartesian product makes one series each. */
const LabelMatrix = z.record(z.string(), z.union([z.string(), z.array(z.string()).min(1)]));

export const Tolerance = z
  .object({ abs: z.number().nonnegative().optional(), rel: z.number().nonnegative().optional() })
  .strict()
  .refine((t) => t.abs !== undefined || t.rel !== undefined, 'give abs or rel');

export const Measurement = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'ids are snake_case'),
    description: z.string().optional(),
    unit: z.string().optional(),
    truth: z.number().optional(),
    tolerance: Tolerance.optional(),
    source: z.enum(SOURCES),
    /** A canonical query that measures it: PromQL for metrics, LogQL for logs. */
    route: z.string().optional(),
    /** Evaluate the route at this time (default time.now); range queries are not used for truth. */
    at: TimeRef.optional(),
    /** false: a fault makes it unmeasurable; the honest answer is a named gap. */
    obtainable: z.boolean().default(true),
  })
  .strict();

export const Part = z
  .object({
    question: z.string(),
    measurements: z.array(Measurement).min(1),
  })
  .strict();

/** A piece of a generated signal over time. Offsets are TimeRefs. */
export const ShapeSegment = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('step'), at: TimeRef, value: z.number() }).strict(),
  z.object({ kind: z.literal('ramp'), from: TimeRef, to: TimeRef, value: z.number() }).strict(),
  z.object({ kind: z.literal('spike'), from: TimeRef, to: TimeRef, value: z.number() }).strict(),
  z.object({ kind: z.literal('gap'), from: TimeRef, to: TimeRef }).strict(),
  z.object({ kind: z.literal('reset'), at: TimeRef }).strict(),
]);

export const Signal = z
  .object({
    /** counter: increase per second; gauge: level; histogram: observations per second. */
    base: z.number(),
    /** Relative noise (0.05 = ±5%), seeded. */
    noise: z.number().min(0).max(1).default(0),
    shape: z.array(ShapeSegment).default([]),
  })
  .strict();

/** A histogram's observations: lognormal seconds with this median and sigma; shapes move the median. */
export const LatencyShape = z
  .object({
    median: z.number().positive(),
    spread: z.number().positive().default(0.5),
    shape: z.array(ShapeSegment).default([]),
  })
  .strict();

export const MetricGenerator = z
  .object({
    metric: z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/),
    type: z.enum(['counter', 'gauge', 'histogram']),
    help: z.string().optional(),
    interval: Duration.default('15s'),
    labels: LabelMatrix.default({}),
    value: Signal,
    /** histogram only: bucket upper bounds (seconds) and the latency distribution. */
    buckets: z.array(z.number()).optional(),
    latency: LatencyShape.optional(),
    /** Decimals kept in emitted values (counters: rounded down, default 0; gauges: rounded, default all). */
    round: z.number().int().min(0).max(12).optional(),
    /** gauge only: clamp the level after noise. */
    min: z.number().optional(),
    max: z.number().optional(),
    /** Overrides for the series whose labels include `match`. */
    where: z
      .array(
        z.object({ match: LabelMap, value: Signal.optional(), latency: LatencyShape.optional() }).strict(),
      )
      .default([]),
  })
  .strict();

/** A data file's path, relative to the golden's folder. */
const DataFile = z.string().min(1);

export const MetricBlock = z.union([
  z
    .object({
      load: Duration,
      /** The instant of each line's first sample (default `time.start`): a world scraped at `:07` starts there. */
      at: TimeRef.optional(),
      /** The series lines inline ... */
      series: z.string().optional(),
      /** ... or in a data file beside golden.yaml (`.gz`: gzipped), read in by formats/golden/data-files.ts. */
      file: DataFile.optional(),
    })
    .strict()
    .refine(
      (b) => (b.series === undefined) !== (b.file === undefined),
      // At `series`: a misspelt `serie:` reads as a missing series, as when series was required.
      { message: 'a load block needs series or file (one of them)', path: ['series'] },
    ),
  z.object({ generate: MetricGenerator }).strict(),
]);

export const LogTemplate = z
  .object({
    /** `{field}` placeholders filled from `fields`; in json/logfmt format the fields become keys. */
    text: z.string(),
    level: z.string().optional(),
    /** 0: only bursts use the template. */
    weight: z.number().nonnegative().default(1),
    fields: z.record(z.string(), LogField).default({}),
    /**
     * Structured metadata of each line (Loki 3's per-entry key/value pairs, read by queries as
     * labels, not part of the stream): each value drawn like a field's.
     */
    metadata: z.record(z.string(), LogField).optional(),
  })
  .strict();

export const LogGenerator = z
  .object({
    format: z.enum(['json', 'logfmt', 'plain']).default('logfmt'),
    /** Lines per second over time. */
    rate: Signal,
    templates: z.array(LogTemplate).min(1),
    /** Bursts of extra lines of one template. */
    bursts: z
      .array(
        z
          .object({
            from: TimeRef,
            to: TimeRef,
            rate: z.number().positive(),
            template: z.number().int().nonnegative(),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();

/** Structured metadata: label-like keys (any text, as Loki's push API takes) and string values. */
export const Metadata = z.record(z.string().min(1), z.string());

export const LogBlock = z
  .object({
    stream: LabelMatrix,
    /** `metadata`: the line's structured metadata (Loki 3), key → value. */
    lines: z
      .array(z.object({ at: TimeRef, line: z.string(), metadata: Metadata.optional() }).strict())
      .optional(),
    generate: LogGenerator.optional(),
    /** JSONL `{"at", "line", "metadata"?}` records of this stream, beside golden.yaml (`.gz`: gzipped). */
    file: DataFile.optional(),
  })
  .strict()
  .refine(
    (b) => b.lines !== undefined || b.generate !== undefined || b.file !== undefined,
    'a log block needs lines, generate or file',
  )
  .refine((b) => b.lines === undefined || b.file === undefined, 'a log block takes lines or file, not both');

export const FaultKind = z.enum([
  'failed-envelope',
  'http-error',
  'empty',
  'partial',
  'latency',
  'timeout',
  'rate-limit',
  'series-limit',
  'stale-catalog',
  'untyped-200',
  'stale-tools',
  'max-query-length',
  'max-entries',
  'too-many-samples',
]);
export type FaultKind = z.infer<typeof FaultKind>;

export const LatencyDist = z.union([
  z.number().nonnegative(),
  z.object({ dist: z.literal('fixed'), ms: z.number().nonnegative() }).strict(),
  z
    .object({ dist: z.literal('uniform'), min: z.number().nonnegative(), max: z.number().nonnegative() })
    .strict(),
  z
    .object({ dist: z.literal('lognormal'), median: z.number().positive(), sigma: z.number().positive() })
    .strict(),
]);

export const FaultMatch = z
  .object({
    /** API names (`prom.query`, `loki.query_range` ...) or a whole backend (`prometheus`, `loki`). */
    api: z.array(z.string()).optional(),
    /** Regex tested against the query string (or the match[] selectors). */
    query: z.string().optional(),
    /** The query's time range must overlap [from, to]. */
    from: TimeRef.optional(),
    to: TimeRef.optional(),
    /**
     * Sizes of the request, for the limits real servers enforce: the time range it reads is longer
     * than `rangeOver`, it asks for more than `stepsOver` steps, its answer has more than `seriesOver`
     * series or streams, its evaluation touches more than `samplesOver` samples (docs/faults.md).
     */
    rangeOver: Duration.optional(),
    stepsOver: z.number().int().nonnegative().optional(),
    seriesOver: z.number().int().nonnegative().optional(),
    samplesOver: z.number().int().nonnegative().optional(),
    /** Which matching calls fire: 1-based counts among the calls this fault matched. */
    calls: z
      .object({
        after: z.number().int().nonnegative().optional(),
        first: z.number().int().positive().optional(),
        every: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

const HttpStatus = z.number().int().min(100).max(599);
/** Every fault: an id and which calls it matches; the kind decides the rest (backend/faults/layer.ts answers it). */
const faultOf = <K extends FaultKind, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.object({ id: z.string(), kind: z.literal(kind), match: FaultMatch.default({}), ...shape }).strict();
/** The answer of a fault that refuses the call: status, Prometheus error type, message text. */
const refusal = {
  status: HttpStatus.optional(),
  errorType: z.string().optional(),
  message: z.string().optional(),
};

/**
 * A fault, by kind: a field another kind uses (a `status` on `empty`, `keep` on `timeout`) is an
 * error at its file:line:col rather than silently ignored.
 */
export const Fault = z.discriminatedUnion('kind', [
  /** HTTP 200 with a typed failure inside (the status is always 200). */
  faultOf('failed-envelope', { errorType: refusal.errorType, message: refusal.message }),
  faultOf('http-error', { ...refusal, status: HttpStatus }),
  faultOf('empty', {}),
  /** The engine's answer, cut: `keep` is the share of the result kept. */
  faultOf('partial', {
    keep: z.number().min(0).max(1).optional(),
    warnings: z.array(z.string()).optional(),
  }),
  /** Delays the call, then lets it through (adds to any decisive fault). */
  faultOf('latency', { latency: LatencyDist }),
  /** Waits `latency` (default: the request's timeout), then refuses. */
  faultOf('timeout', { ...refusal, latency: LatencyDist.optional() }),
  faultOf('rate-limit', refusal),
  /** With `limit`: only answers with more series than it are refused, and the text names it. */
  faultOf('series-limit', { ...refusal, limit: z.number().int().positive().optional() }),
  /** The backend is gone: no HTTP answer at all. */
  faultOf('stale-catalog', { message: refusal.message }),
  /**
   * HTTP 200 with a failure in a shape the typed failure class does not know (no `outcome`, no
   * `n`): `shape: error-in-data` puts the error string in `data`, `empty-object` answers `{}`.
   */
  faultOf('untyped-200', {
    shape: z.enum(['error-in-data', 'empty-object']).optional(),
    message: refusal.message,
  }),
  /**
   * The tool catalog still lists the tools of a broken upstream image (valid credentials, the
   * upstream answers `status`, default 502, with `message`) until it is refreshed: on request
   * (`search_tools` with `refresh: true`, an MCP `tools/list` after `list_changed`), `refreshAfter`
   * on the trial's clock, or after `refreshAfterCalls` stale answers (backend/catalog.ts).
   */
  faultOf('stale-tools', {
    status: z.number().int().min(500).max(599).optional(),
    message: refusal.message,
    refreshAfter: Duration.optional(),
    refreshAfterCalls: z.number().int().positive().optional(),
  }),
  /** Loki's `max_query_length`: a request reading a longer range than `limit` is refused. */
  faultOf('max-query-length', { limit: Duration }),
  /** Loki's `max_entries_limit_per_query`: a log query asking for more lines than `limit`. */
  faultOf('max-entries', { limit: z.number().int().positive() }),
  /** Prometheus' `--query.max-samples`: a query touching more samples than `limit`. */
  faultOf('too-many-samples', { limit: z.number().int().positive() }),
]);

export const Expectation = z
  .object({
    query: z.string(),
    lang: z.enum(['promql', 'logql']).optional(),
    at: TimeRef.optional(),
    /** A scalar or single-sample expectation ... */
    value: z.number().optional(),
    tolerance: Tolerance.optional(),
    /** ... or the number of result series/streams ... */
    count: z.number().int().nonnegative().optional(),
    /** ... or that the result is empty. */
    empty: z.boolean().optional(),
    /** ... or that the query fails (through the fault layer) with this outcome. */
    outcome: z.enum(OUTCOMES).optional(),
    faults: z.boolean().default(false),
  })
  .strict();

export const Capacity = z
  .object({
    slots: z.number().int().positive().default(8),
    latency: LatencyDist.default(20),
  })
  .strict();

/**
 * The servers' own limits, always on (docs/faults.md, Default limits): an absent field keeps the
 * imitated release's default (formats/imitated.ts), 0 (or `0s`) turns that limit off, as in the
 * servers' configs. The 11,000 points per series rule is a constant in both servers, not a setting.
 */
export const ServerLimits = z
  .object({
    loki: z
      .object({
        /** `max_entries_limit_per_query` (default 5000): a log query's `limit` above it is refused. */
        maxEntriesLimitPerQuery: z.number().int().nonnegative().optional(),
        /** `max_query_series` (default 500): a metric query's answer with more series is refused. */
        maxQuerySeries: z.number().int().nonnegative().optional(),
        /** `max_query_length` (default 30d1h): a query reading a longer range is refused. */
        maxQueryLength: Duration.optional(),
      })
      .strict()
      .optional(),
    prometheus: z
      .object({
        /** `--query.max-samples` (default 50,000,000): an evaluation reading more is refused. */
        maxSamples: z.number().int().nonnegative().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const GoldenFile = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are kebab-case'),
    title: z.string(),
    description: z.string().optional(),
    tags: z.array(z.string()).default([]),
    time: z
      .object({
        start: z.iso.datetime({ offset: true }),
        end: z.iso.datetime({ offset: true }),
        now: TimeRef,
      })
      .strict(),
    alert: z
      .object({
        name: z.string(),
        labels: LabelMap.default({}),
        expr: z.string(),
        activeAt: TimeRef,
        summary: z.string(),
        /** The rule's `for`: pending this long before firing (default 0s: fires at once). */
        for: Duration.optional(),
        /** The rule group's evaluation interval (default 1m, Prometheus' global default). */
        interval: Duration.optional(),
        /** Annotations of the rule (default: `summary`). */
        annotations: LabelMap.optional(),
      })
      .strict(),
    prompt: z.string(),
    parts: z.object({ A: Part, B: Part }).strict(),
    rootCause: z
      .object({
        component: z.string(),
        mechanism: z.string(),
        /** Every group must match (any term in a group, case-insensitive substring). */
        accept: z.array(z.array(z.string()).min(1)).min(1),
        /**
         * The measurement ids whose evidence establishes this root cause (default: every obtainable
         * measurement). The `reference` sim states the root cause only when it obtained all of them.
         */
        evidence: z.array(z.string()).min(1).optional(),
      })
      .strict(),
    weights: z
      .object({
        rootCause: z.number().nonnegative(),
        A: z.number().nonnegative(),
        B: z.number().nonnegative(),
      })
      .strict()
      .optional(),
    world: z
      .object({
        seed: z.number().int().default(1),
        metrics: z.array(MetricBlock).default([]),
        logs: z.array(LogBlock).default([]),
      })
      .strict(),
    faults: z.array(Fault).default([]),
    /**
     * Which engine answers the metrics APIs: the embedded PromQL engine, or a real Prometheus
     * backfilled with the world's series (Debian's package, scripts/install-prometheus.sh), still
     * behind the fault layer and capacity model. Logs are always served by the embedded engine.
     * Absent means embedded.
     */
    backend: z.enum(['embedded', 'prometheus']).optional(),
    capacity: z.object({ prometheus: Capacity.optional(), loki: Capacity.optional() }).strict().default({}),
    limits: ServerLimits.optional(),
    skills: z
      .array(z.object({ name: z.string(), description: z.string(), text: z.string() }).strict())
      .default([]),
    expect: z.array(Expectation).default([]),
    /** How an investigation must proceed, judged per trial on its trace (trajectory.ts). */
    trajectory: Trajectory.optional(),
  })
  .strict();

export type GoldenFile = z.infer<typeof GoldenFile>;
export type MeasurementSpec = z.infer<typeof Measurement>;
export type FaultSpec = z.infer<typeof Fault>;
export type FaultOfKind<K extends FaultKind> = Extract<FaultSpec, { kind: K }>;
export type MetricGeneratorSpec = z.infer<typeof MetricGenerator>;
export type LogGeneratorSpec = z.infer<typeof LogGenerator>;
export type SignalSpec = z.infer<typeof Signal>;
export type LatencyDistSpec = z.infer<typeof LatencyDist>;
export type LatencyShapeSpec = z.infer<typeof LatencyShape>;
export type LogTemplateSpec = z.infer<typeof LogTemplate>;
export type { LogFieldGeneratorSpec, LogFieldKind, LogFieldSpec } from './log-field.js';
