/**
 * ledger: counts sightings of each fingerprint of what the agent saw (failed / empty / rejected),
 * per session and across a whole tree, at most once per wave. The `steerAt`-th sighting steers once
 * (take another route or declare the part undetermined); the `haltAt`-th halts the loop, and the
 * route goes into the gain-exhausted set: later calls on it are blocked. The gain-exhausted set is
 * the ledger's own (this instance's closure); it never touches the required-completion set the
 * toolClasses gate checks.
 */
import { HOST_MARK } from '../../protocol/markers.js';
import type { CallRecord } from '../types.js';
import { routeKey } from './fingerprint.js';
import type { GateFactory } from './types.js';

function named(call: Readonly<CallRecord>): string {
  return call.query ? `${call.tool} "${call.query}" (call ${call.id})` : `${call.tool} (call ${call.id})`;
}

export const ledger: GateFactory = ({ steerAt, haltAt }) => {
  /** Sightings per fingerprint, and the wave (node + wave number) each was last counted in. */
  const sightings = new Map<string, number>();
  const sightingWave = new Map<string, string>();
  const steered = new Set<string>();
  /** Routes (tool + query shape) blocked after non-progress. */
  const gainExhausted = new Set<string>();
  /**
   * The fingerprint whose sighting halted the session. Set when the verdict is made, so the other
   * calls of the same batch (which finish before the host marks the session stopping) cannot halt again.
   */
  let halt: string | undefined;

  return {
    beforeWave(calls) {
      return calls.map((c) => {
        if (c.class !== 'live' && c.class !== 'discovery') return undefined;
        const route = routeKey(c.tool, c.query, c.source);
        if (!gainExhausted.has(route)) return undefined;
        return {
          decision: 'block',
          reason: `route exhausted: ${route}`,
          message: `${HOST_MARK.blocked} this query route kept failing the same way and is closed for this session.`,
        };
      });
    },

    afterResult(obs, { view }) {
      const fp = obs.fingerprint;
      if (!fp) return undefined;
      // Copies of one failing query in one wave are one probe, not a repetition: the agent had not
      // seen any of their answers when it sent them. A fingerprint counts once per wave.
      const wave = `${obs.call.node}#${obs.call.wave}`;
      if (sightingWave.get(fp) === wave) return undefined;
      sightingWave.set(fp, wave);
      const n = (sightings.get(fp) ?? 0) + 1;
      sightings.set(fp, n);
      // One halt per session: several calls of one wave can pass the threshold together.
      if (n >= haltAt && !view.stopping && halt === undefined) {
        halt = fp;
        gainExhausted.add(routeKey(obs.call.tool, obs.call.query, obs.call.source));
        return {
          decision: 'halt',
          reason: `fingerprint ${fp} seen ${n} times (halt at ${haltAt})`,
          message:
            `${HOST_MARK.halt} The same ${obs.outcome} result came back ${n} times; last: ${named(obs.call)}. ` +
            'Stop querying and submit your Theory now with submit_theory: keep the measurements you obtained, ' +
            'mark what you could not measure undetermined, and name this failed query and its call id as a gap.',
        };
      }
      if (n >= steerAt && n < haltAt && !steered.has(fp)) {
        steered.add(fp);
        return {
          decision: 'steer',
          reason: `fingerprint ${fp} seen ${n} times (steer at ${steerAt})`,
          message:
            `${HOST_MARK.steer} ${named(obs.call)} gave the same ${obs.outcome} result as before; changing label ` +
            'values or ranges will not help. Take a different route, or declare that part undetermined and name ' +
            'this failed query as a gap.',
        };
      }
      return undefined;
    },

    sets: () => ({ gainExhausted: [...gainExhausted] }),
  };
};
