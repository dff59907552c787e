/**
 * Runs one conformance case through evalLogQL and says whether its expectation holds, with the
 * reason when it does not. Shared by conformance.test.ts and `npm run conformance:logql`, so
 * both judge a case the same way (no test framework here: node:assert only).
 */
import { deepStrictEqual } from 'node:assert/strict';
import { LogQLError, type LokiResult } from '../../src/logql/api.js';
import { evalLogQL } from '../../src/logql/index.js';
import type { Case } from './cases/types.js';
import { storeOf, T0 } from './helpers.js';

export interface CaseResult {
  status: 'pass' | 'fail' | 'skip';
  reason?: string;
}

/** JSON with sorted object keys, so label order never matters. */
const canon = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
const byJson = <T>(xs: T[]) => [...xs].sort((a, b) => (canon(a) < canon(b) ? -1 : 1));
const num = (x: number) => Number(x.toPrecision(12));

function evaluate(c: Case): LokiResult {
  return evalLogQL(storeOf(c.streams), c.query, {
    start: T0 + (c.start ?? 0) * 1000,
    end: T0 + (c.end ?? 300) * 1000,
    step: c.step !== undefined ? c.step * 1000 : undefined,
    limit: c.limit,
    direction: c.direction,
  });
}

function check(c: Case): void {
  const e = c.expect;
  if ('error' in e) {
    let err: unknown;
    try {
      evaluate(c);
    } catch (x) {
      err = x;
    }
    if (!(err instanceof LogQLError)) throw new Error(`expected a LogQLError, got ${String(err)}`);
    if (!err.message.includes(e.error))
      throw new Error(`error ${JSON.stringify(err.message)} lacks ${e.error}`);
    return;
  }
  const v = evaluate(c).value;
  if ('lines' in e) {
    if (v.type !== 'streams') throw new Error(`expected streams, got ${v.type}`);
    deepStrictEqual(v.streams.flatMap((s) => s.entries.map((x) => x.line)).sort(), [...e.lines].sort());
  } else if ('streams' in e) {
    if (v.type !== 'streams') throw new Error(`expected streams, got ${v.type}`);
    const got = v.streams.map((s) => ({ labels: { ...s.labels }, lines: s.entries.map((x) => x.line) }));
    deepStrictEqual(byJson(got), byJson(e.streams));
  } else if ('vector' in e) {
    if (v.type !== 'vector') throw new Error(`expected vector, got ${v.type}`);
    const norm = (xs: [Record<string, string>, number][]) => xs.map(([l, x]) => [{ ...l }, num(x)]);
    const got = norm(v.samples.map((s) => [s.labels, s.v]));
    deepStrictEqual(e.ordered ? got : byJson(got), e.ordered ? norm(e.vector) : byJson(norm(e.vector)));
  } else if ('matrix' in e) {
    if (v.type !== 'matrix') throw new Error(`expected matrix, got ${v.type}`);
    const got = v.series.map((s) => [{ ...s.labels }, s.points.map((p) => [(p.t - T0) / 1000, num(p.v)])]);
    deepStrictEqual(byJson(got), byJson(e.matrix));
  } else {
    if (v.type !== 'scalar') throw new Error(`expected scalar, got ${v.type}`);
    if (Math.abs(v.v - e.scalar) > 1e-10 * Math.max(1, Math.abs(e.scalar)))
      throw new Error(`scalar ${v.v} is not ${e.scalar}`);
  }
}

export function runCase(c: Case): CaseResult {
  if (c.skip) return { status: 'skip', reason: c.skip };
  try {
    check(c);
    return { status: 'pass' };
  } catch (err) {
    return { status: 'fail', reason: (err as Error).message };
  }
}
