/** Gates at the bench's HTTP and MCP surfaces (docs/gates.md, At the surfaces). */
export { type GatedBackend, type GatedOptions, gatedBackend, IDLE_MS } from './gated.js';
export { SURFACE_NODE } from './record.js';
export { SurfaceSession } from './session.js';
export { SETTLE_MS } from './waves.js';
export { GATE_HEADER, REFUSED_STATUS, SESSION_HEADER } from './wire.js';
