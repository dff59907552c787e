/**
 * fanout: within one wave, at most `fanoutCap` concurrent calls of one tool per backend. Extra
 * calls are deferred: the host runs the wave in batches and asks again for what is left, so a
 * deferred call runs after the first batch; with `fanoutOver: refuse` they are blocked instead. A
 * call identical to one already in the wave (same tool, same normalized arguments) is blocked: its
 * twin's result is the answer.
 */
import { HOST_MARK } from '../../protocol/markers.js';
import type { CallRecord } from '../types.js';
import { callKey } from './call-key.js';
import type { GateFactory } from './types.js';

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
      const key = callKey(c.tool, c.args);
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
