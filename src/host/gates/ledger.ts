/**
 * ledger: counts sightings of each fingerprint of what the agent saw (failed / empty / rejected),
 * per session and across a whole tree, at most once per wave. The `steerAt`-th sighting steers once (take another route
 * or declare the part undetermined); the `haltAt`-th halts the loop, and the route goes into the
 * gain-exhausted set: later calls on it are blocked. The gain-exhausted set is the ledger's own;
 * it never touches the required-completion set the toolClasses gate checks.
 */
import { HOST_MARK } from '../../protocol/markers.js';
import type { CallRecord } from '../types.js';
import { routeKey } from './fingerprint.js';
import type { Gate } from './types.js';

function named(call: CallRecord): string {
  return call.query ? `${call.tool} "${call.query}" (call ${call.id})` : `${call.tool} (call ${call.id})`;
}

export const ledger: Gate = {
  name: 'ledger',

  beforeWave(calls, ctx) {
    return calls.map((c) => {
      if (c.class !== 'live' && c.class !== 'discovery') return undefined;
      const route = routeKey(c.tool, c.query, c.source);
      if (!ctx.session.gainExhausted.has(route)) return undefined;
      return {
        decision: 'block',
        reason: `route exhausted: ${route}`,
        message: `${HOST_MARK.blocked} this query route kept failing the same way and is closed for this session.`,
      };
    });
  },

  afterResult(obs, ctx) {
    const fp = obs.fingerprint;
    if (!fp) return undefined;
    const s = ctx.session;
    // Copies of one failing query in one wave are one probe, not a repetition: the agent had not
    // seen any of their answers when it sent them. A fingerprint counts once per wave.
    const wave = `${obs.call.node}#${obs.call.wave}`;
    if (s.sightingWave.get(fp) === wave) return undefined;
    s.sightingWave.set(fp, wave);
    const n = (s.sightings.get(fp) ?? 0) + 1;
    s.sightings.set(fp, n);
    const { steerAt, haltAt } = ctx.settings;
    // One halt per session: several calls of one wave can pass the threshold together.
    if (n >= haltAt && !s.stopping && s.halt === undefined) {
      s.halt = fp;
      s.gainExhausted.add(routeKey(obs.call.tool, obs.call.query, obs.call.source));
      return {
        decision: 'halt',
        reason: `fingerprint ${fp} seen ${n} times (halt at ${haltAt})`,
        message:
          `${HOST_MARK.halt} The same ${obs.outcome} result came back ${n} times; last: ${named(obs.call)}. ` +
          'Stop querying and submit your Theory now with submit_theory: keep the measurements you obtained, ' +
          'mark what you could not measure undetermined, and name this failed query and its call id as a gap.',
      };
    }
    if (n >= steerAt && n < haltAt && !s.steered.has(fp)) {
      s.steered.add(fp);
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
};
