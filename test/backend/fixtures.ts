/** Small in-test goldens and worlds, built through the real schema and stores. */

import { type Golden, normalizeGolden } from '../../src/formats/golden/normalized.js';
import { GoldenFile } from '../../src/formats/golden/schema.js';
import { LogStore } from '../../src/world/log-store.js';
import { SeriesStore } from '../../src/world/series-store.js';
import type { World } from '../../src/world/types.js';

export const START = Date.parse('2026-03-14T13:00:00Z');
export const NOW = Date.parse('2026-03-14T14:00:00Z');
export const END = Date.parse('2026-03-14T15:00:00Z');

export function makeGolden(extra: Record<string, unknown> = {}): Golden {
  const file = GoldenFile.parse({
    id: 'test-golden',
    title: 'test',
    time: { start: '2026-03-14T13:00:00Z', end: '2026-03-14T15:00:00Z', now: '1h' },
    alert: { name: 'A', expr: 'up == 0', activeAt: '50m', summary: 's' },
    prompt: 'p',
    parts: {
      A: { question: 'a', measurements: [{ id: 'a', source: 'metrics', truth: 1, tolerance: { abs: 0 } }] },
      B: { question: 'b', measurements: [{ id: 'b', source: 'logs', truth: 1, tolerance: { abs: 0 } }] },
    },
    rootCause: { component: 'c', mechanism: 'm', accept: [['x']] },
    world: { seed: 1 },
    ...extra,
  });
  return normalizeGolden(file, '/tmp/test/golden.yaml', '/tmp/test');
}

/**
 * Two counters of http_requests_total every 15 s over [START, END] (checkout 200 grows 10/s, 500
 * grows 1/s), one gauge `up`, and two log streams of payments with one line a minute each.
 */
export function makeWorld(): World {
  const metrics = new SeriesStore();
  for (let t = START, i = 0; t <= END; t += 15_000, i++) {
    metrics.append({ __name__: 'http_requests_total', service: 'checkout', code: '200' }, t, 150 * i);
    metrics.append({ __name__: 'http_requests_total', service: 'checkout', code: '500' }, t, 15 * i);
    metrics.append({ __name__: 'up', job: 'checkout' }, t, 1);
  }
  const logs = new LogStore();
  for (let t = START + 500, i = 0; t < END; t += 60_000, i++) {
    logs.push({ app: 'payments', level: 'error' }, t, `level=error msg="pool exhausted" n=${i}`);
    logs.push({ app: 'payments', level: 'info' }, t + 1000, `level=info msg="request ok" n=${i}`);
  }
  return {
    start: START,
    end: END,
    metrics: Object.assign(metrics, {}) as World['metrics'],
    logs: logs as World['logs'],
  };
}
