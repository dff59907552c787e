/** Runs every documented case under cases/ through evalLogQL (see docs/logql-conformance.md). */
import { describe, expect, it } from 'vitest';
import { LogQLError, type LokiResult } from '../../src/logql/api.js';
import { evalLogQL } from '../../src/logql/index.js';
import { ALL_CASES } from './cases/index.js';
import type { Case } from './cases/types.js';
import { storeOf, T0 } from './helpers.js';

/** JSON with sorted object keys, so label order never matters. */
const canon = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
const byJson = <T>(xs: T[]) => [...xs].sort((a, b) => (canon(a) < canon(b) ? -1 : 1));

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
    expect(err).toBeInstanceOf(LogQLError);
    expect((err as Error).message).toContain(e.error);
    return;
  }
  const v = evaluate(c).value;
  if ('lines' in e) {
    if (v.type !== 'streams') throw new Error(`expected streams, got ${v.type}`);
    expect(v.streams.flatMap((s) => s.entries.map((x) => x.line)).sort()).toEqual([...e.lines].sort());
  } else if ('streams' in e) {
    if (v.type !== 'streams') throw new Error(`expected streams, got ${v.type}`);
    const got = v.streams.map((s) => ({ labels: { ...s.labels }, lines: s.entries.map((x) => x.line) }));
    expect(byJson(got)).toEqual(byJson(e.streams));
  } else if ('vector' in e) {
    if (v.type !== 'vector') throw new Error(`expected vector, got ${v.type}`);
    const got = v.samples.map((s) => [{ ...s.labels }, s.v] as [Record<string, string>, number]);
    const norm = (xs: [Record<string, string>, number][]) =>
      xs.map(([l, x]) => [l, Number(x.toPrecision(12))]);
    expect(e.ordered ? norm(got) : byJson(norm(got))).toEqual(
      e.ordered ? norm(e.vector) : byJson(norm(e.vector)),
    );
  } else if ('matrix' in e) {
    if (v.type !== 'matrix') throw new Error(`expected matrix, got ${v.type}`);
    const got = v.series.map((s) => [
      { ...s.labels },
      s.points.map((p) => [(p.t - T0) / 1000, Number(p.v.toPrecision(12))]),
    ]);
    expect(byJson(got)).toEqual(byJson(e.matrix));
  } else {
    if (v.type !== 'scalar') throw new Error(`expected scalar, got ${v.type}`);
    expect(v.v).toBeCloseTo(e.scalar, 10);
  }
}

describe('LogQL documented conformance suite', () => {
  it('has at least 150 cases, each citing a doc section', () => {
    expect(ALL_CASES.length).toBeGreaterThanOrEqual(150);
    for (const c of ALL_CASES) expect(c.doc).toMatch(/^\/docs\/loki\/latest\/query\/[a-z_/]*#[a-z0-9_-]+$/);
  });
  for (const c of ALL_CASES) it(`${c.doc} ${c.name}: ${c.query}`, () => check(c));
});
