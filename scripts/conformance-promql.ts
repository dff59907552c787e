/**
 * `npm run conformance:promql [--verbose] [file-substring...]`: runs Prometheus' promqltest scripts
 * from ../shared/promqltest against the embedded engine and prints pass/fail/skip per file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runConformance } from '../src/promql/promqltest/conformance.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const filters = args.filter((a) => !a.startsWith('--'));
const dir = path.resolve(repoRoot, '../shared/promqltest');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test') && (filters.length === 0 || filters.some((x) => f.includes(x))))
  .sort()
  .map((f) => path.join(dir, f));
const summary = runConformance(files);
for (const f of summary.files) {
  console.log(
    `${path.basename(f.file).padEnd(22)} pass ${String(f.passed).padStart(4)}  fail ${String(f.failed).padStart(4)}  skip ${String(f.skipped).padStart(4)}`,
  );
  if (verbose) {
    for (const c of f.cases.filter((x) => x.status === 'fail')) {
      console.log(`  ${path.basename(f.file)}:${c.line} ${c.query}\n      ${c.reason}`);
    }
  }
}
console.log(summary.line);
