/**
 * One trial's trace as an OTLP/JSON ExportTraceServiceRequest (docs/otlp.md), following the
 * OpenTelemetry GenAI semantic conventions: agent, model-turn and tool spans with gate events.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export { GEN_AI, OPERATION } from './genai.js';
export type { ExportTraceServiceRequest, OtlpTrial } from './trace.js';
export { otlpRequestOf } from './trace.js';
