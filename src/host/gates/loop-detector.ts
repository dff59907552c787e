/**
 * loopDetector: the loop detection teams had before the fingerprint ledger, kept as a baseline the
 * ledger is measured against (docs/gates.md). It halts when one live or discovery call is sent
 * again with byte-identical normalised arguments (call-key.ts) for the `loopHaltAt`-th time in a
 * session, whatever came back; it never reads outcomes, errors or query shapes. So an agent that
 * changes a label value, a range or a line filter on every retry is never stopped by it: that is
 * the tweaker, and the gap the ledger's fingerprint closes. No steer: a loop detector only stops.
 * Copies sent in one wave count once (the agent had seen none of their answers), as the ledger's
 * sightings do; after its halt the looping call is blocked for the rest of the session.
 */
import { LOOP_HALT_AT } from '../../formats/config.js';
import { HOST_MARK } from '../../protocol/markers.js';
import { callKey } from './call-key.js';
import type { GateFactory } from './types.js';

export const loopDetector: GateFactory = (settings) => {
  const loopHaltAt = settings.loopHaltAt ?? LOOP_HALT_AT;
  const seen = new Map<string, number>();
  const seenWave = new Map<string, string>();
  /** The call key whose repetition halted the session. */
  let halted: string | undefined;

  return {
    beforeWave(calls) {
      return calls.map((c) =>
        halted !== undefined && callKey(c.tool, c.args) === halted
          ? {
              decision: 'block',
              reason: 'identical to the call that halted the loop',
              message: `${HOST_MARK.blocked} this exact call was already sent ${loopHaltAt} times; it is closed for this session.`,
            }
          : undefined,
      );
    },

    afterResult({ call }, { view }) {
      if (call.class !== 'live' && call.class !== 'discovery') return undefined;
      const key = callKey(call.tool, call.args);
      const wave = `${call.node}#${call.wave}`;
      if (seenWave.get(key) === wave) return undefined;
      seenWave.set(key, wave);
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n < loopHaltAt || view.stopping || halted !== undefined) return undefined;
      halted = key;
      const what = call.query ? `${call.tool} "${call.query}"` : call.tool;
      return {
        decision: 'halt',
        reason: `identical call sent ${n} times (halt at ${loopHaltAt})`,
        message:
          `${HOST_MARK.halt} ${what} (call ${call.id}) was sent ${n} times with identical arguments. ` +
          'Stop querying and submit your Theory now with submit_theory: keep the measurements you obtained, ' +
          'mark what you could not measure undetermined, and name the failed query and its call id as a gap.',
      };
    },
  };
};
