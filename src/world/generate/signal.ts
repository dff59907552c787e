/**
 * A Signal (formats/golden/schema.ts) resolved to epoch milliseconds and evaluated over time.
 *
 * Shape segments apply in the order written, each on top of the level left by the ones before:
 * `step` sets the level from `at` on; `ramp` moves it linearly from the level at `from` to `value`
 * at `to` and holds `value` after; `spike` holds `value` inside [from, to) and then returns to the
 * level before it; `gap` means no samples (or no log lines) in [from, to); `reset` restarts a
 * counter from zero at `at`. Noise is relative and seeded per series, applied by the generators.
 */
import type { z } from 'zod';
import type { ShapeSegment, SignalSpec } from '../../formats/golden/index.js';

type SegmentSpec = z.infer<typeof ShapeSegment>;

export type Segment =
  | { kind: 'step'; at: number; value: number }
  | { kind: 'ramp'; from: number; to: number; value: number }
  | { kind: 'spike'; from: number; to: number; value: number }
  | { kind: 'gap'; from: number; to: number }
  | { kind: 'reset'; at: number };

export interface CompiledSignal {
  readonly base: number;
  readonly noise: number;
  readonly segments: readonly Segment[];
}

export type ResolveTime = (ref: string) => number;

export function compileSegments(shape: readonly SegmentSpec[], resolve: ResolveTime): Segment[] {
  return shape.map((s): Segment => {
    switch (s.kind) {
      case 'step':
        return { kind: 'step', at: resolve(s.at), value: s.value };
      case 'reset':
        return { kind: 'reset', at: resolve(s.at) };
      case 'gap':
        return { kind: 'gap', from: resolve(s.from), to: resolve(s.to) };
      default:
        return { kind: s.kind, from: resolve(s.from), to: resolve(s.to), value: s.value };
    }
  });
}

export function compileSignal(s: SignalSpec, resolve: ResolveTime): CompiledSignal {
  return { base: s.base, noise: s.noise ?? 0, segments: compileSegments(s.shape ?? [], resolve) };
}

/** The noiseless level at time t. */
export function levelAt(base: number, segments: readonly Segment[], t: number): number {
  let level = base;
  for (const s of segments) {
    switch (s.kind) {
      case 'step':
        if (t >= s.at) level = s.value;
        break;
      case 'ramp':
        if (t >= s.to) level = s.value;
        else if (t > s.from) level += ((s.value - level) * (t - s.from)) / (s.to - s.from);
        break;
      case 'spike':
        if (t >= s.from && t < s.to) level = s.value;
        break;
      default:
        break;
    }
  }
  return level;
}

/** Inside a `gap` segment: no samples / no lines. */
export function inGap(segments: readonly Segment[], t: number): boolean {
  for (const s of segments) if (s.kind === 'gap' && t >= s.from && t < s.to) return true;
  return false;
}

/** The latest `reset` in (t0, t1], if any: counters restart from zero there. */
export function resetIn(segments: readonly Segment[], t0: number, t1: number): number | undefined {
  let at: number | undefined;
  for (const s of segments)
    if (s.kind === 'reset' && s.at > t0 && s.at <= t1 && (at === undefined || s.at > at)) at = s.at;
  return at;
}
