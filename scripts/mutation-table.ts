/**
 * `npm run mutation:table`: the mutation suite's per-operator table (issue 21, item 8) in markdown,
 * measured against the scorer of this checkout. It runs the seeds' trials (sim seats, virtual
 * clock), builds every mutant and scores each through the public `scoreTrial`, as
 * test/scoring/mutation.test.ts does. `--list` also prints the operators, one line each.
 */
import { generateSeeds } from '../test/scoring/mutation/seeds.js';
import { runSuite } from '../test/scoring/mutation/suite.js';
import { markdownTable, operatorList } from '../test/scoring/mutation/table.js';

const t0 = performance.now();
const seeds = await generateSeeds();
const t1 = performance.now();
const run = runSuite(seeds);
process.stdout.write(`${markdownTable(run)}\n`);
if (process.argv.includes('--list')) process.stdout.write(`\nOperators:\n\n${operatorList()}\n`);
process.stdout.write(
  `\n${run.judged.length} mutants of ${seeds.length} seeds; seeds ${(t1 - t0).toFixed(0)} ms, mutants ${run.ms.generate.toFixed(0)} ms, scoring ${run.ms.score.toFixed(0)} ms\n`,
);
