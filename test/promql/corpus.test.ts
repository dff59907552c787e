import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusReport } from '../../src/promql/corpus.js';
import { worldForExpressions } from '../../src/promql/corpus-world.js';
import { instantQuery, selectorsOf } from '../../src/promql/index.js';
import { describeWithShared } from '../shared-data.js';

describe('corpus world', () => {
  it('holds a series for every selector, with buckets for _bucket metrics', () => {
    const exprs = [
      'rate(a_total{job="x",code=~"5.."}[5m])',
      'histogram_quantile(0.9, rate(lat_bucket[5m]))',
      'g{env!="dev"}',
    ];
    const world = worldForExpressions(exprs);
    for (const e of exprs) {
      for (const sel of selectorsOf(e))
        expect(world.select(sel.matchers, 0, Number.POSITIVE_INFINITY).length).toBeGreaterThan(0);
    }
    const r = instantQuery(
      world,
      'histogram_quantile(0.9, rate(lat_bucket[5m]))',
      1_700_000_000_000 + 3_600_000,
    );
    expect(
      r.value.type === 'vector' && r.value.samples.length === 1 && Number.isFinite(r.value.samples[0].v),
    ).toBe(true);
  });
});

describeWithShared('real-world alert-rule corpus', ['corpus/promql-alert-rules.jsonl'], ([file]) => {
  it('parses and evaluates nearly all expressions without an unsupported error', () => {
    const exprs = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).expr as string);
    const r = corpusReport(exprs);
    console.log(r.line);
    // The one parse failure is a real Prometheus parse error ("\\." is an unknown escape in a
    // double-quoted PromQL string); promtool rejects it with the same message.
    expect(r.parseFailures.map((f) => f.error)).toEqual([
      "1:104: parse error: unknown escape sequence U+002E '.'",
    ]);
    expect(r.unsupported).toEqual([]);
    expect(r.evaluated / r.total).toBeGreaterThanOrEqual(0.99);
  });
});
