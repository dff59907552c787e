/** The backend's public surface (DESIGN §8): the stack, its layers, and the HTTP adapter. */

export { type AgentServer, type AgentServerOptions, startAgentServer } from './agent-server.js';
export * from './api.js';
export { type CapacitySpec, DEFAULT_CAPACITY, withCapacity } from './capacity.js';
export { type CatalogState, catalogFor, type RefreshCause, ToolCatalog } from './catalog.js';
export {
  createEngineBackend,
  DEFAULT_CACHE_BYTES,
  DEFAULT_HEAVY_COST,
  EnginePool,
  type EnginePoolOptions,
  type WorldData,
  worldData,
  worldFromData,
} from './engines/index.js';
export { type FaultOptions, TRANSPORT_HEADER, withFaults } from './faults/index.js';
export {
  DATASOURCES,
  type Dashboard,
  type Datasource,
  dashboardsOf,
  datasourceJson,
  grafanaTime,
  LOKI_UID,
  PROM_UID,
  readUpstream,
  type Upstream,
} from './grafana/index.js';
export {
  CALL_ID_HEADER,
  type HttpServerHandle,
  type HttpServerOptions,
  type ObservedCall,
  SESSION_HEADER,
  startHttpServer,
  withCallIds,
} from './http/index.js';
export { createRealPrometheusBackend, stopRealPrometheusServers } from './oracle/index.js';
export {
  DEFAULT_QUERY_LOG_BYTES,
  DEFAULT_QUERY_LOG_SIZE,
  QueryLog,
  type QueryLogCounters,
  withQueryLog,
} from './query-log.js';
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
