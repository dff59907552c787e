/**
 * OpenMetrics text for a series store, as `promtool tsdb create-blocks-from openmetrics` reads it:
 * no TYPE lines (every family is `unknown`, so counter names need no `_total` rule), one
 * family's series together, each series' samples ascending, timestamps in seconds, `# EOF` last.
 * Staleness markers cannot be written in OpenMetrics and are left out; a world that uses `stale`
 * therefore differs on a real Prometheus, and the differential tests avoid such worlds.
 */
import type { Series } from './types.js';
import { isStaleNaN } from './types.js';

export function formatOpenMetricsValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

function escapeLabel(v: string): string {
  return v.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function seriesName(s: Series): string {
  const name = s.labels.__name__ ?? '';
  const pairs = Object.keys(s.labels)
    .filter((k) => k !== '__name__')
    .sort()
    .map((k) => `${k}="${escapeLabel(s.labels[k])}"`);
  return pairs.length ? `${name}{${pairs.join(',')}}` : name;
}

/** Yields the exposition in chunks (one series at a time) so large worlds stream to a file. */
export function* openMetricsChunks(series: readonly Series[]): Generator<string> {
  const byName = new Map<string, Series[]>();
  for (const s of series) {
    const name = s.labels.__name__;
    if (!name) continue; // a series without a metric name cannot be exposed
    const list = byName.get(name) ?? [];
    list.push(s);
    byName.set(name, list);
  }
  for (const name of [...byName.keys()].sort()) {
    for (const s of byName.get(name)!) {
      const head = seriesName(s);
      const lines: string[] = [];
      for (let i = 0; i < s.ts.length; i++) {
        if (isStaleNaN(s.vs[i])) continue;
        lines.push(`${head} ${formatOpenMetricsValue(s.vs[i])} ${(s.ts[i] / 1000).toFixed(3)}`);
      }
      if (lines.length) yield `${lines.join('\n')}\n`;
    }
  }
  yield '# EOF\n';
}

export function toOpenMetrics(series: readonly Series[]): string {
  return [...openMetricsChunks(series)].join('');
}
