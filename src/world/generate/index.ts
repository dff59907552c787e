/**
 * Building a world from a golden: series and log streams from its generators, shapes and load
 * blocks, seeded and deterministic.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export type { GenContext } from './context.js';
export { loadBlock } from './load.js';
export { generateLogBlock } from './logs.js';
export { generateMetric } from './metrics.js';
export { compileSignal, inGap, levelAt } from './signal.js';
