/**
 * The fault layer (DESIGN §8): which requests a golden's faults match, what each fault kind answers
 * in each server's own wire format, and the Backend decorator that injects them.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export { withServerDefaults } from './defaults.js';
export type { FaultOptions } from './layer.js';
export { withFaults } from './layer.js';
export { TRANSPORT_HEADER } from './responses.js';
export { emptied, partial } from './transform.js';
