/**
 * Prometheus' v1 query API over the embedded PromQL engine, in Prometheus' own wire format, with
 * the golden's alerting rule as `/api/v1/alerts`, `/rules` and the ALERTS series.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { alertRuleOf } from './alert-rule.js';
export { servedWorld } from './alert-series.js';
export { handleProm } from './handlers.js';
export type { FloatFormat } from './wire.js';
export { JSON_TYPE, PROM_STATUS, promError, promTs } from './wire.js';
