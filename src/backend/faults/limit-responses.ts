/**
 * The refusals of the limit faults, in the servers' own words and statuses:
 * - Loki `max_query_length`: 400 `the query time range exceeds the limit (query length: %s, limit:
 *   %s)` (pkg/util/validation `ErrQueryTooLong`, raised in pkg/querier/querier.go
 *   `validateQueryTimeRangeLimits` with the length a Go duration and the limit a model.Duration);
 * - Loki `max_entries_limit_per_query`: 400 `max entries limit per query exceeded, limit >
 *   max_entries_limit_per_query (%d > %d)` (pkg/querier/http.go `validateMaxEntriesLimits`);
 * - Prometheus `--query.max-samples`: 422 `execution` `query processing would load too many samples
 *   into memory in query execution` (promql/engine.go `ErrTooManySamples`, mapped to 422 by
 *   web/api/v1/api.go);
 * - Loki `max_query_series`: 400 `maximum number of series (%d) reached for a single query; ...`
 *   (pkg/querier/queryrange/limits.go), used by `series-limit` with a `limit`.
 */

import type { FaultOfKind, Golden } from '../../formats/golden/index.js';
import { PROM_TEXT } from '../../formats/imitated.js';
import { goDuration, modelDuration, parseDuration } from '../../formats/time.js';
import type { ApiRequest, ApiResponse } from '../api.js';
import { lokiText } from '../loki/index.js';
import { param } from '../params.js';
import { promError } from '../prometheus/index.js';
import { queryLengths } from './size.js';

export const TOO_MANY_SAMPLES_TEXT = PROM_TEXT.tooManySamples;

export function queryTooLong(
  f: FaultOfKind<'max-query-length'>,
  req: ApiRequest,
  golden: Golden,
): ApiResponse {
  const limit = parseDuration(f.limit) ?? 0;
  const { span, read } = queryLengths(req, golden);
  const length = span > limit ? span : read;
  return lokiText(
    400,
    `the query time range exceeds the limit (query length: ${goDuration(length)}, limit: ${modelDuration(limit)})`,
  );
}

export function tooManyEntries(f: FaultOfKind<'max-entries'>, req: ApiRequest): ApiResponse {
  const asked = param(req.params, 'limit') ?? '100';
  return lokiText(
    400,
    `max entries limit per query exceeded, limit > max_entries_limit_per_query (${asked} > ${f.limit})`,
  );
}

export function tooManySamples(): ApiResponse {
  return promError('execution', TOO_MANY_SAMPLES_TEXT, 422);
}

/** Loki's series limit naming the configured limit (the 500 of the default text is Loki's default). */
export function lokiSeriesLimitText(limit: number): string {
  return `maximum number of series (${limit}) reached for a single query; consider reducing query cardinality by adding more specific stream selectors, reducing the time range, or aggregating results with functions like sum(), count() or topk()`;
}
