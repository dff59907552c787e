/**
 * Time arguments as agents write them (tool-args.ts): `now`, `now-30m`, `now+5m`, RFC3339, or unix
 * seconds. "now" is the incident's now (golden.ms.now), never the machine's, so a trial is
 * reproducible. Results are epoch milliseconds; the tools convert to each API's wire notation.
 */
import { parseDuration } from '../formats/time.js';

export class ArgError extends Error {}

export function resolveTimeArg(arg: string | number | undefined, nowMs: number, fallbackMs: number): number {
  if (arg === undefined || arg === '') return fallbackMs;
  if (typeof arg === 'number') return Math.round(arg * 1000);
  const s = arg.trim();
  const rel = /^now\s*(?:([+-])\s*(\S+))?$/.exec(s);
  if (rel) {
    if (!rel[1]) return nowMs;
    const d = parseDuration(rel[2]);
    if (d === undefined) throw new ArgError(`bad relative time "${s}": expected e.g. now-30m`);
    return rel[1] === '-' ? nowMs - d : nowMs + d;
  }
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new ArgError(`bad time "${s}": use now, now-30m, RFC3339 or unix seconds`);
  return t;
}

/** A step/duration argument: `60s`, `5m` or a number of seconds. */
export function resolveStepArg(arg: string | number | undefined, fallbackMs: number): number {
  if (arg === undefined || arg === '') return fallbackMs;
  if (typeof arg === 'number') return Math.round(arg * 1000);
  const d = parseDuration(arg.trim()) ?? (/^\d+(\.\d+)?$/.test(arg.trim()) ? Number(arg) * 1000 : undefined);
  if (d === undefined || d <= 0) throw new ArgError(`bad step "${arg}": use e.g. 60s or 5m`);
  return d;
}

/** Prometheus wire time: unix seconds. */
export function promTime(ms: number): string {
  return String(ms / 1000);
}

/** Loki wire time: integer nanoseconds (a bare integer is read as ns by Loki). */
export function lokiTime(ms: number): string {
  return (BigInt(Math.round(ms)) * 1_000_000n).toString();
}

/** Durations on the wire are seconds for both APIs. */
export function stepSeconds(ms: number): string {
  return String(ms / 1000);
}
