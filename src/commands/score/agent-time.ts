/**
 * The agent's clock onto the golden's (docs/import.md, Against the golden's world). An agent that
 * ran against its own backend asked about its own wall-clock "now"; the golden's world lives around
 * the golden's now. The rule: the agent's now is `--agent-now` when given, else the trace header's
 * `agentNow` (the importer's: the root span's start), else the golden's now (a trace the bench
 * wrote: its calls are in golden time already). Every absolute time a recorded call names moves by
 * golden now − agent now, so the calls keep their distances to each other and to the agent's now;
 * a relative time (`now-30m`) is read against the golden's now as it stands.
 */
import { InputError } from '../../errors.js';
import type { Golden } from '../../formats/golden/index.js';
import type { HeaderEvent } from '../../formats/run/index.js';

export interface TimeMap {
  /** The agent's now, epoch ms. */
  agentNowMs: number;
  /** golden now − agent now: what every absolute time of a call moves by. */
  shiftMs: number;
  /** Where the agent's now came from. */
  from: 'flag' | 'trace' | 'golden';
}

/** RFC3339 or unix seconds, in ms; undefined when it is neither. */
export function absoluteTime(v: string | number): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v * 1000 : undefined;
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) {
    // Loki's integer nanoseconds (more than 10 digits) or unix seconds
    if (/^\d{11,}$/.test(s)) return Number(BigInt(s) / 1_000_000n);
    return Number(s) * 1000;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return undefined;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? ms : undefined;
}

export function timeMapOf(golden: Golden, header: HeaderEvent, agentNow?: string): TimeMap {
  const goldenNow = golden.ms.now;
  if (agentNow !== undefined) {
    const ms = absoluteTime(agentNow);
    if (ms === undefined)
      throw new InputError(`--agent-now: "${agentNow}" is not an RFC 3339 time or unix seconds`);
    return { agentNowMs: ms, shiftMs: goldenNow - ms, from: 'flag' };
  }
  if (header.agentNow !== undefined) {
    const ms = absoluteTime(header.agentNow);
    if (ms === undefined) throw new InputError(`trace header: agentNow: "${header.agentNow}" is not a time`);
    return { agentNowMs: ms, shiftMs: goldenNow - ms, from: 'trace' };
  }
  return { agentNowMs: goldenNow, shiftMs: 0, from: 'golden' };
}

/** The argument names that hold a time, in each vocabulary a recorded call can use. */
const TIME_ARGS = ['time', 'start', 'end', 'startRfc3339', 'endRfc3339', 'startRelative', 'endRelative'];

/**
 * A call's arguments with every absolute time moved by the shift, in the notation it was written
 * in (a number stays unix seconds, digits stay digits, RFC3339 becomes RFC3339 in UTC); relative
 * times are left as they are. A time that is neither is bad input naming the call and argument.
 */
export function shiftedArgs(args: unknown, shiftMs: number, where: string): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const key of TIME_ARGS) {
    const v = out[key];
    if (v === undefined || v === '' || (typeof v !== 'string' && typeof v !== 'number')) continue;
    if (typeof v === 'string' && /^\s*now\b/.test(v)) continue;
    const ms = absoluteTime(v);
    if (ms === undefined)
      throw new InputError(
        `${where}: argument ${key}: "${v}" is not a time (RFC 3339, unix seconds, or relative like now-30m)`,
      );
    if (shiftMs === 0) continue;
    const moved = ms + shiftMs;
    if (typeof v === 'number') out[key] = moved / 1000;
    else if (/^\d{11,}$/.test(v.trim())) out[key] = (BigInt(Math.round(moved)) * 1_000_000n).toString();
    else if (/^\d/.test(v.trim()) && !v.includes('-')) out[key] = String(moved / 1000);
    else out[key] = new Date(moved).toISOString();
  }
  return out;
}
