/**
 * The HTTP adapter: a Backend served on 127.0.0.1 with Prometheus', Loki's and Grafana's routes,
 * DNS-rebinding protection, health probes and per-request call ids.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { ObservedCall } from './call-ids.js';
export { CALL_ID_HEADER, withCallIds } from './call-ids.js';
export { loopbackRefusal } from './loopback-guard.js';
export type { HttpServerHandle, HttpServerOptions, SessionRoutes } from './server.js';
export { SESSION_HEADER, SESSION_PATH, startHttpServer } from './server.js';
