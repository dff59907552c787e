/** A generated world for differential tests: counters, gauges and a classic histogram with noise, steps, spikes and a reset. */

import { type Golden, normalizeGolden } from '../../src/formats/golden/normalized.js';
import { GoldenFile } from '../../src/formats/golden/schema.js';

export function syntheticGolden(seed = 7): Golden {
  const file = GoldenFile.parse({
    id: 'synthetic-differential',
    title: 'generated world for differential testing',
    time: { start: '2026-03-14T13:00:00Z', end: '2026-03-14T15:00:00Z', now: '1h50m' },
    alert: { name: 'Synthetic', expr: 'vector(1)', activeAt: '1h', summary: 'synthetic' },
    prompt: 'synthetic',
    parts: {
      A: { question: 'a', measurements: [{ id: 'a', source: 'metrics', obtainable: false }] },
      B: { question: 'b', measurements: [{ id: 'b', source: 'logs', obtainable: false }] },
    },
    rootCause: { component: 'x', mechanism: 'y', accept: [['x']] },
    world: {
      seed,
      metrics: [
        {
          generate: {
            metric: 'svc_requests_total',
            type: 'counter',
            labels: { service: ['api', 'web', 'db'], code: ['200', '500'], instance: ['i-1', 'i-2'] },
            value: {
              base: 12,
              noise: 0.2,
              shape: [
                { kind: 'spike', from: '40m', to: '55m', value: 30 },
                { kind: 'reset', at: '70m' },
              ],
            },
            where: [
              {
                match: { code: '500' },
                value: { base: 0.4, noise: 0.5, shape: [{ kind: 'step', at: '60m', value: 3 }] },
              },
            ],
          },
        },
        {
          generate: {
            metric: 'svc_queue_depth',
            type: 'gauge',
            labels: { service: ['api', 'web', 'db'] },
            value: { base: 40, noise: 0.3, shape: [{ kind: 'ramp', from: '30m', to: '90m', value: 160 }] },
          },
        },
        {
          generate: {
            metric: 'svc_request_duration_seconds',
            type: 'histogram',
            labels: { service: ['api', 'web'] },
            value: { base: 20, noise: 0.1 },
            buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
            latency: { median: 0.08, spread: 0.6, shape: [{ kind: 'step', at: '50m', value: 0.4 }] },
          },
        },
      ],
      logs: [],
    },
  });
  return normalizeGolden(file, '<synthetic>', '.');
}
