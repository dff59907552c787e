/**
 * Captured series as golden `load` blocks (promqltest notation, the only metric data a golden
 * reads). Slot i of a block lies at time.start + i × interval, so each series goes in the block
 * whose interval is the gcd of its samples' offsets from the start: exact timestamps, missing
 * slots as `_xN`. A series needing more slots than the loader's cap is an error (exit 2).
 */

import { InputError } from '../errors.js';
import { LIMITS } from '../formats/limits.js';
import { formatOpenMetricsValue } from '../world/openmetrics.js';
import type { CapturedSeries } from './types.js';

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function labelText(labels: Record<string, string>): string {
  const name = labels.__name__ ?? '';
  const pairs = Object.keys(labels)
    .filter((k) => k !== '__name__')
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`);
  return `${name}{${pairs.join(',')}}`;
}

function value(v: number): string {
  const s = formatOpenMetricsValue(v);
  return s === '+Inf' ? 'Inf' : s;
}

export function seriesLine(s: CapturedSeries, start: number, step: number): string {
  const parts: string[] = [];
  let slot = 0;
  for (const [t, v] of s.samples) {
    const i = (t - start) / step;
    if (i > slot) parts.push(i - slot === 1 ? '_' : `_x${i - slot}`);
    parts.push(value(v));
    slot = i + 1;
  }
  return `${labelText(s.labels)} ${parts.join(' ')}`;
}

export function loadBlocks(series: CapturedSeries[], start: number): { load: string; series: string }[] {
  const byStep = new Map<number, string[]>();
  for (const s of series) {
    const step = s.samples.reduce((g, [t]) => gcd(g, t - start), 0) || 1000;
    const slots = (s.samples[s.samples.length - 1][0] - start) / step + 1;
    if (slots > LIMITS.seriesSlots) {
      throw new InputError(
        `capture: ${labelText(s.labels)} needs ${slots} notation slots at ${step}ms (cap ${LIMITS.seriesSlots}): its samples are not on a common grid from the window's start; choose a --start on its scrape grid`,
      );
    }
    const lines = byStep.get(step) ?? [];
    lines.push(seriesLine(s, start, step));
    byStep.set(step, lines);
  }
  return [...byStep].map(([step, lines]) => ({ load: `${step}ms`, series: `${lines.join('\n')}\n` }));
}
