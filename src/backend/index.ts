/** The backend's public surface (DESIGN §8): the stack, its layers, and the HTTP adapter. */
export * from './api.js';
export { type CapacitySpec, DEFAULT_CAPACITY, withCapacity } from './capacity.js';
export { createEngineBackend } from './engine-backend.js';
export { TRANSPORT_HEADER } from './fault-responses.js';
export { type FaultOptions, withFaults } from './faults.js';
export { type HttpServerHandle, type HttpServerOptions, startHttpServer } from './http.js';
export { withQueryLog } from './query-log.js';
export { createBackendStack, type StackOptions } from './stack.js';
