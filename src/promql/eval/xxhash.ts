/**
 * XXH64 (seed 0) over a label set's `name\xffvalue\xff...` bytes: Prometheus' `labels.Hash()`,
 * which limit_ratio uses to pick a stable subset of series.
 */
import type { Labels } from '../../world/types.js';

const M = (1n << 64n) - 1n;
const P1 = 11400714785074694791n;
const P2 = 14029467366897019727n;
const P3 = 1609587929392839161n;
const P4 = 9650029242287828579n;
const P5 = 2870177450012600261n;

const rotl = (x: bigint, r: bigint): bigint => ((x << r) | (x >> (64n - r))) & M;
const round = (acc: bigint, input: bigint): bigint => (rotl((acc + input * P2) & M, 31n) * P1) & M;
const merge = (acc: bigint, val: bigint): bigint => ((((acc ^ round(0n, val)) * P1) & M) + P4) & M;

export function xxhash64(b: Uint8Array): bigint {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const n = b.length;
  let p = 0;
  let h: bigint;
  if (n >= 32) {
    let v1 = (P1 + P2) & M;
    let v2 = P2;
    let v3 = 0n;
    let v4 = (0n - P1) & M;
    for (; p + 32 <= n; p += 32) {
      v1 = round(v1, dv.getBigUint64(p, true));
      v2 = round(v2, dv.getBigUint64(p + 8, true));
      v3 = round(v3, dv.getBigUint64(p + 16, true));
      v4 = round(v4, dv.getBigUint64(p + 24, true));
    }
    h = (rotl(v1, 1n) + rotl(v2, 7n) + rotl(v3, 12n) + rotl(v4, 18n)) & M;
    h = merge(h, v1);
    h = merge(h, v2);
    h = merge(h, v3);
    h = merge(h, v4);
  } else {
    h = P5;
  }
  h = (h + BigInt(n)) & M;
  for (; p + 8 <= n; p += 8) {
    h ^= round(0n, dv.getBigUint64(p, true));
    h = (rotl(h, 27n) * P1 + P4) & M;
  }
  if (p + 4 <= n) {
    h ^= (BigInt(dv.getUint32(p, true)) * P1) & M;
    h = (rotl(h, 23n) * P2 + P3) & M;
    p += 4;
  }
  for (; p < n; p++) {
    h ^= (BigInt(b[p]) * P5) & M;
    h = (rotl(h, 11n) * P1) & M;
  }
  h ^= h >> 33n;
  h = (h * P2) & M;
  h ^= h >> 29n;
  h = (h * P3) & M;
  h ^= h >> 32n;
  return h;
}

const cache = new WeakMap<Labels, number>();
const enc = new TextEncoder();

/** The label set's hash as a fraction of 2^64 - 1 (Prometheus `sampleOffset`). */
export function labelsHashFraction(labels: Labels): number {
  let f = cache.get(labels);
  if (f === undefined) {
    let s = '';
    for (const k of Object.keys(labels).sort()) s += `${k}\xff${labels[k]}\xff`;
    // \xff must be the raw byte 0xFF, not its UTF-8 encoding.
    const parts = s.split('\xff');
    const chunks: number[] = [];
    parts.forEach((part, i) => {
      chunks.push(...enc.encode(part));
      if (i < parts.length - 1) chunks.push(0xff);
    });
    f = Number(xxhash64(Uint8Array.from(chunks))) / 2 ** 64;
    cache.set(labels, f);
  }
  return f;
}
