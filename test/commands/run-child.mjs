/**
 * Child process for the kill and lock tests: `run-child.mjs SCENARIO OUT DELAY_MS run|resume
 * [LIMIT]` runs (or resumes) a matrix through the built runBench (`npm run build` first), in plain
 * Node so that two dozen of them start fast. SCENARIO (written by the test, see helpers.ts
 * `writeScenario`) holds the inputs and each trial's trace and Theory, as test/commands/fake.ts makes
 * them; each trial waits DELAY_MS of real time so a SIGKILL lands mid-run. With LIMIT, trials
 * after the first LIMIT never end (the process stays alive for its kill), so a loaded machine
 * cannot let the run finish before the test kills it. With REMATCH_TEST_HOLD naming a file, no trial
ends while that file exists, so the test decides when the run may finish. Errors leave the way the CLI's do: the
 * message on stderr and the error's exit code.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBench } from '../../dist/commands/run/index.js';
import { BenchError } from '../../dist/errors.js';

const [scenarioFile, out, delay, mode, limit] = process.argv.slice(2);
let started = 0;
const { inputs, outcomes, reps } = JSON.parse(readFileSync(scenarioFile, 'utf8'));

/** @param {{id: string}} spec @param {{dir: string}} env */
async function runTrial(spec, env) {
  const { trace, theory } = outcomes[spec.id];
  const hold = limit !== undefined && ++started > Number(limit);
  await new Promise((r) => setTimeout(r, hold ? 3_600_000 : Number(delay)));
  const holdFile = process.env.REMATCH_TEST_HOLD;
  while (holdFile && existsSync(holdFile)) await new Promise((r) => setTimeout(r, 20));
  const traceFile = join(env.dir, 'trace.jsonl');
  writeFileSync(traceFile, `${trace.events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  writeFileSync(join(env.dir, 'theory.json'), JSON.stringify(theory));
  return { kind: 'done', spec, traceFile, trace, theory };
}

const sink = { write: () => true };
try {
  await runBench({
    inputs,
    ...(mode === 'resume' ? { resume: out } : { out, reps }),
    runTrial,
    stdout: sink,
    stderr: process.stderr,
    tty: false,
  });
} catch (e) {
  process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = e instanceof BenchError ? e.exitCode : 3;
}
