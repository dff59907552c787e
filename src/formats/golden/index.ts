/**
 * The golden file format (DESIGN §5.1): its schema, data files beside it, log-field generators,
 * fault patterns, and the golden as loaded (defaults applied).
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { resolveDataFiles } from './data-files.js';
export { faultPattern, faultPatternMatches } from './fault-regex.js';
export { LogFieldGenerator, writtenGenerators } from './log-field.js';
export type { Config, Golden } from './normalized.js';
export { goldenTime, normalizeGolden } from './normalized.js';
export type { FaultOfKind, LogFieldGeneratorSpec, LogFieldSpec } from './schema.js';
export * from './schema.js';
export {
  CallMatcher,
  Trajectory,
  TrajectoryCheck,
  type TrajectoryCheckKind,
  trajectoryCheckId,
} from './trajectory.js';
