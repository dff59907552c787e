/** `bench plan`: the trials `bench run` would execute, as a table or JSON: the same plan, never run. */
import { planJson, planTable } from '../plan/plan-view.js';
import { type RunBenchOptions, runBench } from './run.js';

export async function planCommand(opts: RunBenchOptions & { json?: boolean }): Promise<string> {
  const { plan } = await runBench({ ...opts, dryRun: true });
  return opts.json ? planJson(plan) : planTable(plan, opts.env ?? process.env);
}
