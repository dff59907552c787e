/** Log field generators (formats/golden/log-field.ts `LogField`; semantics in docs/goldens.md). */
import type { LogFieldGeneratorSpec, LogFieldSpec } from '../../formats/golden/index.js';
import { goDuration } from '../../formats/time.js';
import type { Rng } from '../rng.js';

export type FieldValue = string | number | boolean;

export function fieldValue(spec: LogFieldSpec, rng: Rng): FieldValue {
  if (typeof spec !== 'object') return spec;
  if (Array.isArray(spec)) return rng.pick(spec);
  return generated(spec, rng);
}

/** One draw of a generator; a kind without a case here does not compile. */
function generated(spec: LogFieldGeneratorSpec, rng: Rng): FieldValue {
  switch (spec.kind) {
    case 'pick':
      return spec.weights ? spec.pick[rng.weighted(spec.weights)] : rng.pick(spec.pick);
    case 'int':
      return rng.int(spec.int[0], spec.int[1]);
    case 'float':
      return round(spec.float[0] + rng.next() * (spec.float[1] - spec.float[0]), spec.digits ?? 2);
    case 'lognormal':
      return round(lognormal(spec.lognormal, rng), spec.digits ?? 0);
    case 'duration':
      return durationField(lognormal(spec.duration, rng));
    case 'hex':
      return hexDigits(rng, spec.hex);
    case 'uuid':
      return uuid(rng);
  }
}

function uuid(rng: Rng): string {
  const h = hexDigits(rng, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[rng.int(0, 3)]}${h.slice(17, 20)}-${h.slice(20)}`;
}

const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const scratch: string[] = [];

/** `rng.hex(len)` (same draws, same string) from a byte table instead of per-word padStart. */
export function hexDigits(rng: Rng, len: number): string {
  const words = Math.ceil(len / 8);
  let k = 0;
  for (let i = 0; i < words; i++) {
    const w = Math.floor(rng.next() * 4294967296);
    scratch[k++] = HEX2[w >>> 24];
    scratch[k++] = HEX2[(w >>> 16) & 255];
    scratch[k++] = HEX2[(w >>> 8) & 255];
    scratch[k++] = HEX2[w & 255];
  }
  scratch.length = k;
  return scratch.join('').slice(0, len);
}

function lognormal(p: { median: number; spread: number }, rng: Rng): number {
  return p.median * Math.exp(p.spread * rng.normal());
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/**
 * A drawn duration as a Go program logs it (`850µs`, `230ms`, `1.52s`, `2m5s`, `1h0m0s`): kept
 * to the microsecond below a millisecond (at least 1µs) and to the millisecond above, then printed
 * by Go's time.Duration.String() (formats/time.ts).
 */
export function durationField(ms: number): string {
  return goDuration(ms < 1 ? Math.max(1, Math.round(ms * 1000)) / 1000 : Math.round(ms));
}
