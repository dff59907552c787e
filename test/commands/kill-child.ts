/** Child process for the kill -9 test: a slow run that the parent kills mid-way. */
import { runBench } from '../../src/commands/run/index.js';
import { fakeRunTrial, inputs } from './fake.js';

const out = process.argv[2];
const sink = { write: () => true };
await runBench({ inputs, out, runTrial: fakeRunTrial(40), reps: 4, stdout: sink, stderr: sink, tty: false });
