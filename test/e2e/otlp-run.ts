/**
 * The run folder the `bench export otlp` tests export: `bench run` of the checkout-db-pool-logs-failed
 * golden (its payments log calls fail by a fault) with a ReAcTree and a ReAct sim, one repetition,
 * both default gate sets and the golden's ceiling trial: five trials.
 */
import { join, resolve } from 'node:path';
import { bench, tempDir } from '../formats/helpers.js';

export const ROOT = resolve(__dirname, '../..');

export function makeRunFolder(): string {
  const run = join(tempDir(), 'run');
  const args = ['run', '--golden', 'checkout-db-pool-logs-failed', '--reps', '1', '--out', run];
  const r = bench([...args, '--seat', 'sim-diligent-reactree', '--seat', 'sim-tweaker-react'], ROOT);
  // exit 1 is a config assertion judged on a partial matrix; the folder is whole either way
  if (r.status !== 0 && r.status !== 1) throw new Error(`bench run failed (${r.status}): ${r.stderr}`);
  return run;
}
