/**
 * `npm run conformance:logql [--verbose] [section-substring...]`: runs the LogQL conformance
 * cases (test/logql/cases/) against the embedded engine and prints pass/fail/skip per section.
 * `--write-floors` records today's pass counts as the ratchet's floors (test/logql/ratchet.json).
 */
import { writeFileSync } from 'node:fs';
import { SECTIONS } from '../test/logql/cases/index.js';
import { runCase } from '../test/logql/conformance-run.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const filters = args.filter((a) => !a.startsWith('--'));
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
    `${section.padEnd(22)} pass ${String(counts.pass).padStart(4)}  fail ${String(counts.fail).padStart(4)}  skip ${String(counts.skip).padStart(4)}`,
  );
  for (const f of failures) console.log(f);
}
const n = totals.pass + totals.fail + totals.skip;
console.log(`${n} cases: ${totals.pass} passed, ${totals.fail} failed, ${totals.skip} skipped`);
if (args.includes('--write-floors')) {
  writeFileSync(
    new URL('../test/logql/ratchet.json', import.meta.url),
    `${JSON.stringify(floors, null, 2)}\n`,
  );
}
