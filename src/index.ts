/** The public API of rematch. The CLI and the tests call these; nothing else is promised. */
export * from './errors.js';
export { type RunBenchOptions, type RunBenchResult, runBench } from './run/bench.js';
export { diffRuns } from './run/diff.js';
export { mergeRuns } from './run/merge.js';
export { type PlanOptions, planRun, type RunPlan } from './run/plan.js';
export { reportRun } from './run/report.js';
export { type ValidationReport, validate } from './run/validate.js';
export { aggregate, gateEffects, type Scorecard, scoreTrial, type TrialScore } from './scoring/index.js';
export {
  checkConfig,
  checkGolden,
  checkGoldens,
  checkSeat,
  checkSeats,
  loadConfig,
  loadGolden,
  loadGoldens,
  loadSeat,
  loadSeats,
  loadTheory,
  readTrace,
} from './spec/load.js';
