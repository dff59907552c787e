/**
 * Run-folder files as formats: the trace (DESIGN §5.4) and its reader, run.json and journal
 * records, and the sample values a result showed the agent.
 * This index is the part's one door: code outside the folder imports it from here only.
 */

export type { PlanRecord } from './files.js';
export {
  BaselinesFile,
  LockHolderFile,
  RecordedGateSet,
  RunManifestFile,
  ScorecardFile,
  TrialRecordFile,
  TrialScoreFile,
} from './files.js';
export { loadRunFile, parseRunFile } from './load.js';
export { sampleValues } from './preview.js';
export type { Trace } from './trace.js';
export * from './trace.js';

export { EndEvent, HeaderEvent, Outcome, Selection, StopReason, ToolClass } from './trace.js';
export { readTrace } from './trace-read.js';
