/**
 * A request's estimated cost (samples touched, promql/cost.ts and logql/cost.ts), read from its
 * parameters as the handlers read them, so the pool can tell a heavy query from a cheap one before
 * a worker takes it. Listings, stats and anything that fails to parse cost 0: they are answered at
 * once. A query text longer than MAX_PARSED_CHARS is not parsed here, on the server's own thread:
 * parsing it is real work, so it counts as heavy.
 */
import { estimateLogCost } from '../../logql/index.js';
import { estimatePromCost } from '../../promql/index.js';
import type { World } from '../../world/types.js';
import type { ApiRequest } from '../api.js';
import { checkLokiRange, durationParam, lokiTime, param, promRange, promTime } from '../params.js';

/**
 * The estimated samples from which a query runs in the heavy lane (docs/backend.md, Limits): as many
 * as Prometheus' default `--query.max-samples` lets a query hold, about a third of a second of
 * evaluation here and more with nested subqueries (`npm run bench:heavy`).
 */
export const DEFAULT_HEAVY_COST = 50_000_000;

export const MAX_PARSED_CHARS = 64 * 1024;

const HOUR = 3_600_000;

export type CostOf = (req: ApiRequest) => number;

/** The cost function for one world (its sample density is computed once). */
export function costOf(world: World, nowMs: number): CostOf {
  const size = world.metrics.size;
  const spanMs = Math.max(1, world.end - world.start);
  const samplesPerMs = size.series > 0 ? size.samples / size.series / spanMs : 0;
  const cs = { src: world.metrics, samplesPerMs };
  return (req) => {
    const q = param(req.params, 'query');
    if (q === undefined) return 0;
    if (q.length > MAX_PARSED_CHARS) return Number.POSITIVE_INFINITY;
    try {
      switch (req.api) {
        case 'prom.query': {
          const t = promTime(req.params, 'time', nowMs);
          return estimatePromCost(cs, q, t, t, 0);
        }
        case 'prom.query_range': {
          const { start, end, step } = promRange(req.params);
          return estimatePromCost(cs, q, start, end, step);
        }
        case 'loki.query': {
          const t = lokiTime(req.params, 'time', nowMs);
          return estimateLogCost(world.logs, q, t, t);
        }
        case 'loki.query_range': {
          const end = lokiTime(req.params, 'end', nowMs);
          const start = lokiTime(req.params, 'start', end - durationParam(req.params, 'since', HOUR));
          const defStep = Math.max(Math.floor((end - start) / 1000 / 250), 1) * 1000;
          const step = durationParam(req.params, 'step', defStep);
          checkLokiRange(start, end, step);
          return estimateLogCost(world.logs, q, start, end, step);
        }
        default:
          return 0;
      }
    } catch {
      // A bad parameter: the handler answers 400 at once.
      return 0;
    }
  };
}
