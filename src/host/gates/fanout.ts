/**
 * fanout: within one wave, at most `fanoutCap` concurrent calls of one tool per backend. Extra
 * calls are deferred: the host runs the wave in batches and asks again for what is left, so a
 * deferred call runs after the first batch; with `fanoutOver: refuse` they are blocked instead. A
 * call identical to one already in the wave (same tool, same normalized arguments) is blocked: its
 * twin's result is the answer.
 */
import { HOST_MARK } from '../../protocol/markers.js';
import type { CallRecord } from '../types.js';
import type { GateFactory } from './types.js';

function canonical(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.trim().replace(/\s+/g, ' '));
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Which capacity pool a call lands on: the backend its source lives in. */
export function poolOf(call: Readonly<CallRecord>): string | undefined {
  if (call.class !== 'live' && call.class !== 'discovery') return undefined;
  return call.source === 'logs' ? 'loki' : 'prometheus';
}

/** Stateless across waves: each wave is counted afresh. */
export const fanout: GateFactory = ({ fanoutCap: cap, fanoutOver }) => ({
  beforeWave(calls) {
    const first = new Map<string, string>();
    const running = new Map<string, number>();
    return calls.map((c) => {
      const pool = poolOf(c);
      if (!pool) return undefined;
      const key = `${c.tool}\u0000${canonical(c.args)}`;
      const twin = first.get(key);
      if (twin) {
        return {
          decision: 'block',
          reason: `duplicate of ${twin} in the same wave`,
          message: `${HOST_MARK.blocked} identical to call ${twin} in this wave; use its result.`,
        };
      }
      first.set(key, c.id);
      const group = `${c.tool}@${pool}`;
      const k = (running.get(group) ?? 0) + 1;
      running.set(group, k);
      if (k <= cap) return undefined;
      const reason = `${c.tool} on ${pool}: ${cap} already in this batch (cap ${cap})`;
      if (fanoutOver !== 'refuse') return { decision: 'defer', reason };
      return {
        decision: 'block',
        reason,
        message: `${HOST_MARK.blocked} ${cap} ${c.tool} calls on ${pool} are already running (cap ${cap}); send this one again after they answer.`,
      };
    });
  },
});
