/**
 * The Grafana HTTP API surface: health, datasources, synthetic dashboards and `/api/ds/query`,
 * answered through the same backend stack as the Prometheus and Loki routes.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { Dashboard } from './dashboards.js';
export { dashboardsOf } from './dashboards.js';
export type { Datasource } from './datasources.js';
export { DATASOURCES, datasourceJson, LOKI_UID, PROM_UID } from './datasources.js';
export { handleGrafana, isGrafanaPath } from './routes.js';
export { grafanaTime } from './time.js';
export type { Upstream } from './upstream.js';
export { readUpstream } from './upstream.js';
