/**
 * The server versions the bench imitates, said once (docs/backend.md, Versions). Every text an
 * agent reads that changed between releases is that release's: build info, the timeout and
 * cancel texts, the range refusals, the default limits. A text here names the file of the release
 * it comes from; when the pinned version moves, this file and the differences list in
 * docs/backend.md move with it.
 *
 * - Prometheus 3.14.0 (tag v3.14.0): the newest release, the one whose function table the engine
 *   implements in full (first_over_time, ts_of_*, min_of/max_of, start()/end()/step() came after
 *   3.5) and whose semantics (left-open windows) the promqltest scripts check; the differential
 *   oracle is Debian's 2.42, whose differing texts test/differential lists.
 * - Loki 3.7.0 (tag v3.7.0): 3.6 lower-cased the timeout text and 3.7 says "time series".
 */
import type { Golden } from './golden/index.js';
import { parseDuration } from './time.js';

export const PROMETHEUS_VERSION = '3.14.0';
export const LOKI_VERSION = '3.7.0';

/** Prometheus v3.14.0 texts. */
export const PROM_TEXT = {
  /** promql/engine.go ErrQueryTimeout `query timed out in %s`, raised in expression evaluation. */
  timeout: 'query timed out in expression evaluation',
  /** promql/engine.go ErrQueryCanceled `query was canceled in %s`. */
  canceled: 'query was canceled in expression evaluation',
  /** promql/engine.go ErrTooManySamples `query processing would load too many samples into memory in %s`. */
  tooManySamples: 'query processing would load too many samples into memory in query execution',
  /** web/api/v1/api.go queryRange: refused only when (end − start) / step > 11000. */
  tooManyPoints:
    'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
  /** web/api/v1/api.go queryRange, wrapped as `invalid parameter "end": ...`. */
  endBeforeStart: 'end timestamp must not be before start time',
  /** web/api/v1/api.go queryRange, wrapped as `invalid parameter "step": ...`. */
  badStep: 'zero or negative query resolution step widths are not accepted. Try a positive integer',
  /** web/api/v1/api.go parseTimeParam (2.x capitalised "Invalid"). */
  invalidTime: (name: string) => `invalid time value for '${name}'`,
  /** Go's net/http Request.ParseForm on a form body over 10 MiB. */
  postTooLarge: 'http: POST too large',
} as const;

/** Prometheus' defaults the embedded server always applies (cmd/prometheus/main.go flags). */
export const PROM_DEFAULTS = {
  /** `--query.max-samples`. */
  maxSamples: 50_000_000,
  /** The points per series a range query may ask for (a constant, not a flag). */
  maxPoints: 11_000,
} as const;

/** Loki v3.7.0 texts. */
export const LOKI_TEXT = {
  /** pkg/util/server/error.go ErrDeadlineExceeded (3.0–3.5: capitalised, with a full stop). */
  timeout:
    'request timed out, decrease the duration of the request or add more label matchers (prefer exact match over regex match) to reduce the amount of data processed',
  /** pkg/util/server/error.go ErrClientCanceled. */
  canceled: 'the request was cancelled by the client',
  /** pkg/loghttp/query.go errStepTooSmall (before 3.7: "timeseries"). */
  tooManyPoints:
    'exceeded maximum resolution of 11,000 points per time series. Try increasing the value of the step parameter',
  /** pkg/loghttp/query.go errEndBeforeStart (raised on end < start only). */
  endBeforeStart: 'end timestamp must not be before or equal to start time',
  /** pkg/loghttp/query.go errZeroOrNegativeStep. */
  badStep: 'zero or negative query resolution step widths are not accepted. Try a positive integer',
  /** pkg/util/server/middleware.go: Go's ParseForm error, 400 before any handler. */
  postTooLarge: 'http: POST too large',
} as const;

/** Loki's default limits (pkg/validation/limits.go RegisterFlags), always applied by the embedded server. */
export const LOKI_DEFAULTS = {
  /** `max_entries_limit_per_query`. */
  maxEntriesLimitPerQuery: 5000,
  /** `max_query_series`. */
  maxQuerySeries: 500,
  /** `max_query_length`: 30d1h. */
  maxQueryLength: '721h',
  /** The points per series a range query may ask for (pkg/loghttp/query.go, a constant). */
  maxPoints: 11_000,
} as const;

/** The limits in force for a golden: its `limits:` over the imitated defaults (0: off). */
export function serverLimitsOf(g: Pick<Golden, 'limits'>): {
  maxEntries: number;
  maxSeries: number;
  maxLength: string;
  maxLengthMs: number;
  maxSamples: number;
} {
  const l = g.limits?.loki ?? {};
  const maxLength = l.maxQueryLength ?? LOKI_DEFAULTS.maxQueryLength;
  return {
    maxEntries: l.maxEntriesLimitPerQuery ?? LOKI_DEFAULTS.maxEntriesLimitPerQuery,
    maxSeries: l.maxQuerySeries ?? LOKI_DEFAULTS.maxQuerySeries,
    maxLength,
    maxLengthMs: parseDuration(maxLength) ?? 0,
    maxSamples: g.limits?.prometheus?.maxSamples ?? PROM_DEFAULTS.maxSamples,
  };
}

/** Go's net/http `maxFormSize`: a urlencoded body longer than this is not parsed. */
export const MAX_FORM_BYTES = 10 << 20;
