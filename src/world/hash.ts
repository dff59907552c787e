/**
 * A world's fingerprint: sha256 over a canonical serialization: every series in label-key order
 * (its canonical labels, sample count, then times and values as little-endian float64, so NaN
 * payloads such as stale markers count), then every log stream in label-key order (labels, line
 * count, then each entry's time and line). Equal hashes mean byte-identical telemetry.
 */
import { createHash } from 'node:crypto';
import { labelsKey } from './matchers.js';
import type { World } from './types.js';

export function hashWorld(world: World): string {
  const h = createHash('sha256');
  const num = Buffer.alloc(8);
  const f64 = (v: number): void => {
    num.writeDoubleLE(v);
    h.update(num);
  };
  const series = world.metrics.select([], -Infinity, Infinity);
  const keyed = series.map((s) => ({ key: labelsKey(s.labels), s })).sort((a, b) => cmp(a.key, b.key));
  h.update(`metrics ${keyed.length}\n`);
  for (const { key, s } of keyed) {
    h.update(`${key} ${s.ts.length}\n`);
    for (let i = 0; i < s.ts.length; i++) {
      f64(s.ts[i]);
      f64(s.vs[i]);
    }
  }
  const streams = world.logs.select([], -Infinity, Infinity);
  const skeyed = streams.map((s) => ({ key: labelsKey(s.labels), s })).sort((a, b) => cmp(a.key, b.key));
  h.update(`logs ${skeyed.length}\n`);
  for (const { key, s } of skeyed) {
    h.update(`${key} ${s.entries.length}\n`);
    for (const e of s.entries) {
      f64(e.t);
      h.update(`${e.line}\n`);
      // Only an entry with structured metadata adds bytes: worlds without it hash as before.
      if (e.metadata) h.update(`\u0000metadata ${JSON.stringify(e.metadata)}\n`);
    }
  }
  return h.digest('hex');
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
