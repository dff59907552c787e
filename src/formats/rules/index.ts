/**
 * The rules a file must pass after its schema: cross-field checks of goldens, seats, configs and
 * limits, each naming the field it is about.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { assertNameRules, configRules, defaultSeatRules } from './config.js';
export { goldenRules } from './golden.js';
export { seatRules } from './seat.js';
export type { RuleIssue } from './types.js';
