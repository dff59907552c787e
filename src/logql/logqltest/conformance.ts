/** Totals over several `.logqltest` files, as `npm run conformance:logql` and the ratchet read them. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type FileResult, runScriptFile } from './run.js';

export interface LogqltestSummary {
  files: FileResult[];
  passed: number;
  failed: number;
  skipped: number;
  line: string;
}

/** The `.logqltest` files of a folder, sorted, optionally only those whose names hold a filter. */
export function scriptFiles(dir: string, filters: readonly string[] = []): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.logqltest') && (filters.length === 0 || filters.some((x) => f.includes(x))))
    .sort()
    .map((f) => path.join(dir, f));
}

export function runLogqltest(files: readonly string[]): LogqltestSummary {
  const results = files.map(runScriptFile);
  const passed = results.reduce((a, f) => a + f.passed, 0);
  const failed = results.reduce((a, f) => a + f.failed, 0);
  const skipped = results.reduce((a, f) => a + f.skipped, 0);
  const n = passed + failed + skipped;
  const line = `logqltest: ${passed}/${n} evals agree, ${failed} disagree, ${skipped} skipped`;
  return { files: results, passed, failed, skipped, line };
}
