/**
 * `npm run conformance:logql [--verbose] [filter...]`: the LogQL conformance of the embedded
 * engine, two ways: Loki's own end-to-end scripts (`../shared/logqltest/*.logqltest`, per file:
 * evals that agree, disagree, are skipped with a reason) and the suite written from Loki's docs
 * and source (test/logql/cases/, per section). A filter keeps the files and sections whose names
 * hold it. `--write-floors` records today's figures as the ratchets' floors
 * (test/logql/ratchet.json, test/logql/logqltest-ratchet.json).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLogqltest, scriptFiles } from '../src/logql/logqltest/conformance.js';
import { SECTIONS } from '../test/logql/cases/index.js';
import { runCase } from '../test/logql/conformance-run.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const writeFloors = args.includes('--write-floors');
const filters = args.filter((a) => !a.startsWith('--'));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pad = (n: number) => String(n).padStart(4);

const dir = path.resolve(repoRoot, '../shared/logqltest');
if (existsSync(dir)) {
  const s = runLogqltest(scriptFiles(dir, filters));
  const floors: Record<string, number> = {};
  console.log(`Loki's scripts (${dir}):`);
  for (const f of s.files) {
    const name = path.basename(f.file);
    floors[name] = f.passed;
    const n = f.passed + f.failed + f.skipped;
    console.log(
      `${name.padEnd(30)} agree ${pad(f.passed)}/${pad(n)}  disagree ${pad(f.failed)}  skip ${pad(f.skipped)}`,
    );
    if (verbose)
      for (const c of f.cases.filter((x) => x.status !== 'pass'))
        console.log(`  ${c.status} ${name}:${c.line} ${c.query}\n      ${c.reason}`);
  }
  console.log(s.line);
  if (writeFloors && filters.length === 0)
    writeFileSync(
      path.join(repoRoot, 'test/logql/logqltest-ratchet.json'),
      `${JSON.stringify(floors, null, 2)}\n`,
    );
} else {
  console.log(`Loki's scripts: skipped, not found at ${dir}`);
}

console.log("\nThe suite written from Loki's docs and source (test/logql/cases/):");
const totals = { pass: 0, fail: 0, skip: 0 };
const floors: Record<string, number> = {};
for (const [section, cases] of Object.entries(SECTIONS)) {
  if (filters.length && !filters.some((f) => section.includes(f))) continue;
  const counts = { pass: 0, fail: 0, skip: 0 };
  const failures: string[] = [];
  for (const c of cases) {
    const r = runCase(c);
    counts[r.status]++;
    if (r.status !== 'pass' && verbose)
      failures.push(`  ${r.status} ${c.doc} ${c.name}\n      ${c.query}\n      ${r.reason}`);
  }
  floors[section] = counts.pass;
  for (const k of ['pass', 'fail', 'skip'] as const) totals[k] += counts[k];
  console.log(
    `${section.padEnd(22)} pass ${pad(counts.pass)}  fail ${pad(counts.fail)}  skip ${pad(counts.skip)}`,
  );
  for (const f of failures) console.log(f);
}
const n = totals.pass + totals.fail + totals.skip;
console.log(`${n} cases: ${totals.pass} passed, ${totals.fail} failed, ${totals.skip} skipped`);
if (writeFloors && filters.length === 0) {
  writeFileSync(path.join(repoRoot, 'test/logql/ratchet.json'), `${JSON.stringify(floors, null, 2)}\n`);
}
