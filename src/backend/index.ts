/** The backend's public surface (DESIGN §8): the stack, its layers, and the HTTP adapter. */

export { type AgentServer, type AgentServerOptions, startAgentServer } from './agent-server.js';
export * from './api.js';
export { CALL_ID_HEADER, type ObservedCall, withCallIds } from './http/call-ids.js';
export { type CapacitySpec, DEFAULT_CAPACITY, withCapacity } from './capacity.js';
export { createEngineBackend } from './engines/backend.js';
export { EnginePool, type EnginePoolOptions } from './engines/pool.js';
export { TRANSPORT_HEADER } from './faults/responses.js';
export { type FaultOptions, withFaults } from './faults/layer.js';
export { type Dashboard, dashboardsOf } from './grafana/dashboards.js';
export { DATASOURCES, type Datasource, datasourceJson, LOKI_UID, PROM_UID } from './grafana/datasources.js';
export { grafanaTime } from './grafana/time.js';
export { readUpstream, type Upstream } from './grafana/upstream.js';
export { type HttpServerHandle, type HttpServerOptions, SESSION_HEADER, startHttpServer } from './http/server.js';
export { DEFAULT_QUERY_LOG_SIZE, QueryLog, type QueryLogCounters, withQueryLog } from './query-log.js';
export { createRealPrometheusBackend, stopRealPrometheusServers } from './oracle/real-prometheus.js';
export { recordSelection, withSelection } from './record-selection.js';
export {
  type BackendStack,
  createBackendStack,
  DEFAULT_SERVER_TIMEOUT_MS,
  type ServerLimits,
  type StackOptions,
  serverStackOptions,
} from './stack.js';
export { withTimeShift } from './time-shift.js';
