/**
 * A real Prometheus process: the oracle of the differential tests and the optional `backend:
 * prometheus` engine, backfilled with the golden's metrics.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { createRealPrometheusBackend, stopRealPrometheusServers } from './real-prometheus.js';
