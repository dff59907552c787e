/** Gates at the bench's HTTP and MCP surfaces (docs/gates.md, At the surfaces). */
export { type GatedBackend, type GatedOptions, gatedBackend } from './gated.js';
export { SURFACE_NODE } from './record.js';
export { SurfaceSession } from './session.js';
export { GATE_HEADER, REFUSED_STATUS, SESSION_HEADER } from './wire.js';
