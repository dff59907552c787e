/**
 * The gates (DESIGN §7): factories of middleware that see proposed calls, observations, submissions
 * and budget caps, composed in one order by one composer.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { GateRecord } from './compose.js';
export { GateStack } from './compose.js';
export { poolOf } from './fanout.js';
export { fingerprintOf, maskMessage, queryShape } from './fingerprint.js';
export type { GateSetMeaning } from './gate-set.js';
export { gateSetMeaning, gateSetsOf, resolveGateSet, resolveGateSets } from './gate-set.js';
export { ALL_GATES, BASELINE_OF, FACTORIES, GATE_ORDER, inOrder } from './order.js';
export type { GateContext, GateFactory, GateInstance, Shown, Verdict } from './types.js';
export type { SessionView, Stopping } from './view.js';
