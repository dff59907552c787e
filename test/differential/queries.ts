/**
 * Generated PromQL for differential testing: templates filled from a world's own metric names,
 * label names and values, so every query touches real data. Deterministic (no randomness): the
 * same world gives the same queries.
 */
import type { Series } from '../../src/world/types.js';

interface Families {
  counters: string[];
  gauges: string[];
  histograms: string[];
  /** metric → label name → distinct values */
  labels: Map<string, Map<string, string[]>>;
}

export function families(series: readonly Series[]): Families {
  const labels = new Map<string, Map<string, Set<string>>>();
  for (const s of series) {
    const name = s.labels.__name__;
    if (!name) continue;
    const m = labels.get(name) ?? new Map<string, Set<string>>();
    for (const [k, v] of Object.entries(s.labels)) {
      if (k === '__name__') continue;
      const set = m.get(k) ?? new Set<string>();
      set.add(v);
      m.set(k, set);
    }
    labels.set(name, m);
  }
  const names = [...labels.keys()].sort();
  const out: Families = {
    counters: names.filter((n) => n.endsWith('_total') || n.endsWith('_count') || n.endsWith('_sum')),
    histograms: names.filter((n) => n.endsWith('_bucket')).map((n) => n.slice(0, -'_bucket'.length)),
    gauges: names.filter((n) => !/_(total|count|sum|bucket)$/.test(n)),
    labels: new Map(),
  };
  for (const [n, m] of labels) out.labels.set(n, new Map([...m].map(([k, v]) => [k, [...v].sort()])));
  return out;
}

/** A label of the metric other than `le`, with its values (the one with most values first). */
function dim(f: Families, metric: string): { name: string; values: string[] } | undefined {
  const m = f.labels.get(metric);
  if (!m) return undefined;
  const dims = [...m]
    .filter(([k]) => k !== 'le')
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return dims.length ? { name: dims[0][0], values: dims[0][1] } : undefined;
}

export function generateQueries(series: readonly Series[], perFamily = 6): string[] {
  const f = families(series);
  const q: string[] = [];
  for (const c of f.counters.slice(0, perFamily)) {
    const d = dim(f, c);
    const by = d ? d.name : 'job';
    const v0 = d?.values[0] ?? '';
    q.push(
      c,
      `rate(${c}[5m])`,
      `irate(${c}[5m])`,
      `increase(${c}[10m])`,
      `sum by (${by}) (rate(${c}[5m]))`,
      `sum without (${by}) (rate(${c}[5m]))`,
      `avg by (${by}) (rate(${c}[2m]))`,
      `max by (${by}) (increase(${c}[15m]))`,
      `min(rate(${c}[5m]))`,
      `count by (${by}) (${c})`,
      `topk(3, rate(${c}[5m]))`,
      `bottomk(2, rate(${c}[5m]))`,
      `rate(${c}[5m]) > bool 0.5`,
      `rate(${c}[5m]) > 0.1`,
      `sum(rate(${c}{${by}=~"${escapeRe(v0)}|none"}[5m])) / sum(rate(${c}[5m]))`,
      `max_over_time(sum(rate(${c}[5m]))[30m:1m])`,
      `avg_over_time(rate(${c}[5m])[20m:2m])`,
      `${c} offset 10m`,
      `rate(${c}[5m] offset 15m)`,
      `changes(${c}[15m])`,
      `resets(${c}[30m])`,
      `delta(${c}[10m])`,
      `sum(rate(${c}[5m])) * 60`,
      `rate(${c}[5m]) - ignoring(${by}) group_left sum without (${by}) (rate(${c}[5m]))`,
      `quantile(0.9, rate(${c}[5m]))`,
      `stddev(rate(${c}[5m]))`,
      `label_replace(rate(${c}[5m]), "copy", "$1", "${by}", "(.*)")`,
      `sort_desc(sum by (${by}) (rate(${c}[5m])))`,
      `absent(${c}{${by}="no-such-value"})`,
      `rate(${c}[5m]) and on(${by}) rate(${c}[5m]) > 0`,
      `rate(${c}[5m]) unless rate(${c}[5m]) > 1`,
      `clamp_max(rate(${c}[5m]), 1)`,
      `round(rate(${c}[5m]), 0.01)`,
      `timestamp(${c})`,
      `scalar(sum(rate(${c}[5m])))`,
      `vector(1) + on() group_left sum(rate(${c}[5m]))`,
    );
  }
  for (const g of f.gauges.slice(0, perFamily)) {
    const d = dim(f, g);
    const by = d ? d.name : 'job';
    q.push(
      g,
      `avg_over_time(${g}[10m])`,
      `max_over_time(${g}[10m])`,
      `min_over_time(${g}[10m])`,
      `sum_over_time(${g}[5m])`,
      `count_over_time(${g}[5m])`,
      `last_over_time(${g}[5m])`,
      `quantile_over_time(0.9, ${g}[10m])`,
      `stddev_over_time(${g}[10m])`,
      `deriv(${g}[10m])`,
      `predict_linear(${g}[10m], 3600)`,
      `delta(${g}[10m])`,
      `idelta(${g}[5m])`,
      `abs(${g} - 1)`,
      `sum by (${by}) (${g})`,
      `${g} == bool 0`,
      `${g} / on(${by}) group_left max by (${by}) (${g})`,
      `max_over_time(${g}[1h:30s])`,
      `present_over_time(${g}[5m])`,
      `ln(${g} + 1)`,
      `exp(clamp_max(${g}, 5))`,
      `sqrt(abs(${g}))`,
    );
  }
  for (const h of f.histograms.slice(0, perFamily)) {
    const d = dim(f.labels.has(`${h}_bucket`) ? f : f, `${h}_bucket`);
    const by = d ? d.name : 'job';
    q.push(
      `histogram_quantile(0.99, sum by (le) (rate(${h}_bucket[5m])))`,
      `histogram_quantile(0.5, sum by (le, ${by}) (rate(${h}_bucket[5m])))`,
      `histogram_quantile(0.9, rate(${h}_bucket[10m]))`,
      `sum(rate(${h}_sum[5m])) / sum(rate(${h}_count[5m]))`,
      `max_over_time(histogram_quantile(0.99, sum by (le) (rate(${h}_bucket[5m])))[30m:1m])`,
    );
  }
  return q;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
