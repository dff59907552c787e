/**
 * `/api/v1/targets` from the world's `up` series: each `up` series with a sample in the five
 * minutes before "now" is a scrape target (its labels minus `__name__`), healthy when that last
 * sample is 1, down when it is 0. The shape is Prometheus 3's `TargetDiscovery` (web/api/v1/api.go):
 * `activeTargets`, `droppedTargets` (none), `droppedTargetCounts`. The world does not know why a
 * scrape failed, so `lastError` is empty even for a down target: an agent has to look elsewhere.
 * Without an `instance` label the address is made up from `service` and `pod`.
 */

import { modelDuration } from '../../formats/time.js';
import { isStaleNaN } from '../../world/types.js';
import type { ApiParams, ApiResponse } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import { goTime } from '../go-format.js';
import { param } from '../params.js';
import { invalidParam } from '../wire-error.js';
import { promSuccess } from './wire.js';

const LOOKBACK = 5 * 60_000;

export function targetsHandler(p: ApiParams, ctx: EngineCtx, shiftMs: number): ApiResponse {
  const state = (param(p, 'state') ?? 'any').toLowerCase();
  if (!['active', 'dropped', 'any'].includes(state))
    throw invalidParam('state', `not supported value "${state}"`);
  const pool = param(p, 'scrapePool');
  const now = ctx.nowMs;
  const active = [];
  const counts: Record<string, number> = {};
  const ups = ctx.world.metrics.select([{ name: '__name__', op: '=', value: 'up' }], now - LOOKBACK, now);
  for (const s of ups) {
    let i = s.ts.length - 1;
    while (i >= 0 && s.ts[i] > now) i--;
    if (i < 0 || s.ts[i] < now - LOOKBACK) continue;
    const { __name__: _n, ...labels } = s.labels;
    const job = labels.job ?? '';
    counts[job] = 0;
    if (pool !== undefined && pool !== job) continue;
    const v = s.vs[i];
    const health = Number.isNaN(v) || isStaleNaN(v) ? 'unknown' : v === 1 ? 'up' : 'down';
    const intervalMs = i > 0 ? s.ts[i] - s.ts[i - 1] : 60_000;
    // Prometheus sets `instance` to the scrape address; a world series without one gets an address
    // made of its own labels, so each target still has a distinct URL.
    const instance = labels.instance ?? `${labels.service ?? job}-${labels.pod ?? '0'}:9090`;
    const url = `http://${instance}/metrics`;
    active.push({
      discoveredLabels: {
        __address__: instance,
        __metrics_path__: '/metrics',
        __scheme__: 'http',
        __scrape_interval__: modelDuration(intervalMs),
        __scrape_timeout__: modelDuration(Math.min(intervalMs, 10_000)),
        job,
      },
      labels,
      scrapePool: job,
      scrapeUrl: url,
      globalUrl: url,
      lastError: '',
      lastScrape: goTime(s.ts[i] + shiftMs),
      lastScrapeDuration: 0,
      health,
      scrapeInterval: modelDuration(intervalMs),
      scrapeTimeout: modelDuration(Math.min(intervalMs, 10_000)),
    });
  }
  return promSuccess({
    activeTargets: state === 'dropped' ? [] : active,
    droppedTargets: [],
    droppedTargetCounts: counts,
  });
}
