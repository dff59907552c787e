/**
 * Captured series as golden `load` blocks (promqltest notation, the only metric data a golden
 * reads). Slot i of a block lies at time.start + i × interval, so each series goes in the block
 * whose interval is the gcd of its samples' offsets from the block's first slot: exact
 * timestamps, missing slots as `_xN`. A series needing more slots than the loader's cap is an
 * error (exit 2). Off-grid series use `at:` (a load block's first instant, issue 15 part 3).
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

/** The grid of a series from `origin`: the gcd of its offsets, and the slots it then needs. */
function grid(s: CapturedSeries, origin: number): { step: number; slots: number } {
  const step = s.samples.reduce((g, [t]) => gcd(g, t - origin), 0) || 1000;
  return { step, slots: (s.samples[s.samples.length - 1][0] - origin) / step + 1 };
}

export interface LoadBlock {
  load: string;
  at?: string;
  series: string;
}

/**
 * Series on the window's own grid share a block from time.start. A series off that grid (a
 * scrape phase such as `:07.3`, as real servers have) gets a block that starts at its first
 * sample (`at:`), where its own scrape interval is the grid.
 */
export function loadBlocks(series: CapturedSeries[], start: number): LoadBlock[] {
  const blocks = new Map<string, { step: number; at?: number; lines: string[] }>();
  for (const s of series) {
    let origin = start;
    let g = grid(s, start);
    if (g.slots > 4 * s.samples.length) {
      origin = s.samples[0][0];
      g = grid(s, origin);
    }
    if (g.slots > LIMITS.seriesSlots) {
      throw new InputError(
        `capture: ${labelText(s.labels)} needs ${g.slots} notation slots at ${g.step}ms (cap ${LIMITS.seriesSlots}): its samples share no coarser grid; narrow the window`,
      );
    }
    const k = `${g.step}@${origin}`;
    const b = blocks.get(k) ?? { step: g.step, at: origin === start ? undefined : origin, lines: [] };
    b.lines.push(seriesLine(s, origin, g.step));
    blocks.set(k, b);
  }
  return [...blocks.values()].map((b) => ({
    load: `${b.step}ms`,
    ...(b.at === undefined ? {} : { at: new Date(b.at).toISOString() }),
    series: `${b.lines.join('\n')}\n`,
  }));
}
