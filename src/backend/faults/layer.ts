/**
 * The fault layer: a Backend that wraps another and injects a golden's faults (DESIGN §8). Faults
 * never live inside the engines; the same engine serves clean and faulty runs.
 *
 * Per request, faults are tested in the golden's order. Every fault whose API, query, time range
 * and sizes match counts the call (a size of what the query touched asks the engines first); it fires when its call rule says so. Firing `latency` faults add their
 * delays (through the clock) and let the request go on; the first other firing fault decides the
 * answer. Later firing faults are counted but do not apply.
 */

import type { Clock } from '../../clock.js';
import type { FaultSpec, Golden } from '../../formats/golden/index.js';
import { type Rng, rngFor } from '../../world/rng.js';
import type { ApiRequest, ApiResponse, Backend } from '../api.js';
import { backendOf } from '../api.js';
import { canceled } from '../canceled.js';
import { catalogFor, type ToolCatalog } from '../catalog.js';
import { drawLatency } from '../latency.js';
import { durationParam } from '../params.js';
import { queryTooLong, tooManyEntries, tooManySamples } from './limit-responses.js';
import { apiMatches, callFires, queryMatches, timeMatches } from './match.js';
import {
  failedEnvelope,
  httpError,
  rateLimited,
  seriesLimit,
  staleCatalog,
  staleTool,
  timeoutError,
  untyped200,
} from './responses.js';
import { answerSizeMatches, needsAnswer, requestSizeMatches } from './size.js';
import { emptied, partial } from './transform.js';

export interface FaultOptions {
  clock: Clock;
  seed: number;
  /** The golden's tool catalog (backend/catalog.ts), when it has a `stale-tools` fault. */
  catalog?: ToolCatalog;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function withFaults(inner: Backend, faults: FaultSpec[], golden: Golden, opts: FaultOptions): Backend {
  const counts = faults.map(() => 0);
  const rngs: Rng[] = faults.map((f, i) => rngFor(opts.seed, `fault:${i}:${f.id}`));
  // A stack that shares its catalog passes it; a bare fault layer keeps its own.
  const catalog = opts.catalog ?? catalogFor(faults, opts.clock);
  return {
    async handle(req: ApiRequest): Promise<ApiResponse> {
      // The engines' answer, asked at most once: size tests on what a query touched need it first.
      let probe: Promise<ApiResponse> | undefined;
      const engines = () => {
        probe ??= inner.handle(req);
        return probe;
      };
      let decisive: number | undefined;
      let delay = 0;
      const delayed: string[] = [];
      // The catalog as this call found it: a call it lists records the version that served it.
      let listed: { version: number; stale: boolean } | undefined;
      try {
        for (const [i, f] of faults.entries()) {
          if (!apiMatches(f, req) || !queryMatches(f, req) || !timeMatches(f, req, golden)) continue;
          if (f.kind === 'stale-tools' && catalog) {
            listed ??= catalog.state();
            // A refreshed catalog lists the working tools: the fault no longer applies.
            if (!listed.stale) continue;
          }
          if (!requestSizeMatches(f, req, golden)) continue;
          if (needsAnswer(f) && !answerSizeMatches(f, await engines())) continue;
          counts[i] += 1;
          if (!callFires(f, counts[i])) continue;
          if (f.kind === 'latency') {
            delay += drawLatency(f.latency ?? 0, rngs[i]);
            delayed.push(f.id);
          } else if (decisive === undefined) decisive = i;
        }
        if (delay > 0) await opts.clock.sleep(delay, req.signal);
        // `stale` only when the stale tool answered: a call its `match.calls` let through, or one
        // an earlier fault decided, was not answered by it.
        const staleAnswer = decisive !== undefined && faults[decisive].kind === 'stale-tools';
        const tag = (res: ApiResponse): ApiResponse =>
          listed ? { ...res, catalog: { version: listed.version, stale: staleAnswer } } : res;
        if (decisive === undefined) {
          const res = await engines();
          return tag(delayed.length ? { ...res, fault: delayed.join(',') } : res);
        }
        const f = faults[decisive];
        const res = await answer(f, req, engines, opts.clock, rngs[decisive], golden);
        if (f.kind === 'stale-tools') catalog?.answeredStale();
        // empty/partial pass a non-200 engine answer through untouched: the fault did not apply.
        const untouched = (f.kind === 'empty' || f.kind === 'partial') && res.status !== 200;
        if (untouched) return tag(delayed.length ? { ...res, fault: delayed.join(',') } : res);
        return tag({ ...res, fault: f.id });
      } catch (err) {
        if (req.signal?.aborted) return canceled(req);
        throw err;
      }
    },
  };
}

async function answer(
  f: FaultSpec,
  req: ApiRequest,
  engines: () => Promise<ApiResponse>,
  clock: Clock,
  rng: Rng,
  golden: Golden,
): Promise<ApiResponse> {
  switch (f.kind) {
    case 'failed-envelope':
      return failedEnvelope(f, req);
    case 'http-error':
      return httpError(f, req);
    case 'empty':
      return emptied(await engines());
    case 'partial':
      return partial(await engines(), f, req);
    case 'timeout': {
      const wait = f.latency !== undefined ? drawLatency(f.latency, rng) : requestTimeout(req);
      await clock.sleep(wait, req.signal);
      return timeoutError(f, req);
    }
    case 'rate-limit':
      return rateLimited(f, req);
    case 'series-limit':
      return seriesLimit(f, req);
    case 'stale-catalog':
      return staleCatalog(f);
    case 'untyped-200':
      return untyped200(f);
    case 'stale-tools':
      return staleTool(f);
    case 'max-query-length':
      return queryTooLong(f, req, golden);
    case 'max-entries':
      return tooManyEntries(f, req);
    case 'too-many-samples':
      return tooManySamples();
    case 'latency':
      return engines();
  }
}

/** A timeout fault without its own latency waits for the request's `timeout`, else 30 s. */
function requestTimeout(req: ApiRequest): number {
  if (backendOf(req.api) !== 'prometheus') return DEFAULT_TIMEOUT_MS;
  try {
    return durationParam(req.params, 'timeout', DEFAULT_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  } catch {
    return DEFAULT_TIMEOUT_MS;
  }
}
