/**
 * Evaluating a golden's queries for `bench validate`: straight against the world's engines, or
 * through the golden's backend stack with its faults on (the outcome a client would see).
 */

import type { Backend } from '../backend/api.js';
import { createBackendStack } from '../backend/index.js';
import { VirtualClock } from '../clock.js';
import type { Golden } from '../formats/golden/index.js';
import type { Outcome } from '../formats/run/index.js';
import { evalLogQL, isMetricQuery, parseLogQL } from '../logql/index.js';
import { instantQuery, parsePromQL, selectorsOf } from '../promql/index.js';
import { classify } from '../protocol/classify.js';
import type { World } from '../world/types.js';

export type Lang = 'promql' | 'logql';

/** What an evaluation produced: the single value (if there is exactly one) and how many results. */
export interface Answer {
  /** Series (vector/matrix), streams, or 1 for a scalar. */
  count: number;
  /** Set when the result is a scalar or a one-sample vector. */
  value?: number;
  /** Why there is no single value. */
  shape: string;
  outcome: Outcome;
  error?: string;
}

/** A query's language: as given, else PromQL when it parses as PromQL with metric names, else LogQL. */
export function langOf(q: string, given?: Lang): Lang {
  if (given) return given;
  try {
    parsePromQL(q);
    if (selectorsOf(q).every((s) => s.metric !== undefined)) return 'promql';
  } catch {
    // not PromQL: LogQL, or an error the LogQL parser will name
  }
  try {
    parseLogQL(q);
    return 'logql';
  } catch {
    return 'promql';
  }
}

/** Engine errors as the typed tools would class them: bad_data is `rejected`, the rest `failed`. */
function fail(e: unknown): Answer {
  const type = (e as { errorType?: string }).errorType;
  const outcome: Outcome = type === undefined || type === 'bad_data' ? 'rejected' : 'failed';
  return { count: 0, shape: 'an error', outcome, error: (e as Error).message };
}

export function evalInstant(g: Golden, world: World, lang: Lang, q: string, at: number): Answer {
  try {
    if (lang === 'promql') {
      const v = instantQuery(world.metrics, q, at).value;
      if (v.type === 'scalar') return one(v.v, 'a scalar');
      if (v.type === 'vector')
        return many(
          v.samples.map((s) => s.v),
          'samples',
        );
      if (v.type === 'matrix')
        return { count: v.series.length, shape: 'a range vector', outcome: ok(v.series.length) };
      return { count: 1, shape: 'a string', outcome: 'ok' };
    }
    const metric = isMetricQuery(q);
    const r = evalLogQL(
      world.logs,
      q,
      metric ? { start: at, end: at } : { start: g.ms.start, end: at, limit: 1e9 },
    );
    const v = r.value;
    if (v.type === 'scalar') return one(v.v, 'a scalar');
    if (v.type === 'vector')
      return many(
        v.samples.map((s) => s.v),
        'samples',
      );
    if (v.type === 'matrix')
      return { count: v.series.length, shape: 'a matrix', outcome: ok(v.series.length) };
    const n = v.streams.length;
    return { count: n, shape: `${n} log stream${n === 1 ? '' : 's'}`, outcome: ok(n) };
  } catch (e) {
    return fail(e);
  }
}

const ok = (n: number): Outcome => (n > 0 ? 'ok' : 'empty');
const one = (v: number, shape: string): Answer => ({ count: 1, value: v, shape, outcome: 'ok' });
function many(vs: number[], what: string): Answer {
  if (vs.length === 1) return { count: 1, value: vs[0], shape: '1 sample', outcome: 'ok' };
  return { count: vs.length, shape: `${vs.length} ${what}`, outcome: ok(vs.length) };
}

/** The golden's backend stack with faults on; capacity off (validation measures answers, not time). */
export function faultyBackend(g: Golden, world: World): Backend {
  return createBackendStack(g, world, {
    faults: true,
    clock: new VirtualClock(),
    seed: g.world.seed,
    capacity: false,
  }).backend;
}

/** Asks the backend as a client would and classifies the answer like the host's typed tools. */
export async function evalThroughBackend(
  g: Golden,
  backend: Backend,
  lang: Lang,
  q: string,
  at: number,
): Promise<Answer> {
  const time = new Date(at).toISOString();
  const req =
    lang === 'promql'
      ? { api: 'prom.query' as const, params: { query: q, time } }
      : isMetricQueryOrFalse(q)
        ? { api: 'loki.query' as const, params: { query: q, time } }
        : {
            api: 'loki.query_range' as const,
            params: { query: q, start: new Date(g.ms.start).toISOString(), end: time, limit: '5000' },
          };
  const c = classify(await backend.handle({ ...req, origin: 'validate' }));
  const count = resultCount(c.data) ?? c.n;
  const answer: Answer = { count, shape: `${count} results`, outcome: c.outcome };
  if (c.error) answer.error = c.error.message;
  const single = singleValue(c.data);
  if (single !== undefined) answer.value = single;
  return answer;
}

function isMetricQueryOrFalse(q: string): boolean {
  try {
    return isMetricQuery(q);
  } catch {
    return false;
  }
}

/** Series or streams in a success payload (classify's `n` counts log lines, not streams). */
function resultCount(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as { resultType?: string; result?: unknown };
  if (d.resultType === 'scalar' || d.resultType === 'string') return 1;
  return Array.isArray(d.result) ? d.result.length : undefined;
}

/** The value of a Prometheus/Loki `data` holding a scalar or a one-sample vector. */
function singleValue(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as { resultType?: string; result?: unknown };
  if (d.resultType === 'scalar' && Array.isArray(d.result)) return Number(d.result[1]);
  if (d.resultType === 'vector' && Array.isArray(d.result) && d.result.length === 1) {
    const s = d.result[0] as { value?: [number, string] };
    return s.value ? Number(s.value[1]) : undefined;
  }
  return undefined;
}
