/** Totals over several promqltest files and the summary line the script and the ratchet test use. */
import { type FileResult, runScriptFile } from './run.js';

export interface ConformanceSummary {
  files: FileResult[];
  passed: number;
  failed: number;
  skipped: number;
  /** passed / (passed + failed), in percent. */
  rate: number;
  line: string;
}

export function runConformance(files: string[]): ConformanceSummary {
  const results = files.map(runScriptFile);
  const passed = results.reduce((a, f) => a + f.passed, 0);
  const failed = results.reduce((a, f) => a + f.failed, 0);
  const skipped = results.reduce((a, f) => a + f.skipped, 0);
  const rate = passed + failed === 0 ? 0 : (100 * passed) / (passed + failed);
  const line = `conformance: ${passed}/${passed + failed} passed (${rate.toFixed(1)}%), ${skipped} skipped`;
  return { files: results, passed, failed, skipped, rate, line };
}
