/** `bench plan`: the trials `bench run` would execute, as counts, every trial or JSON: the same plan, never run. */
import { planJson, planSummary, planTable } from '../../plan/plan-view.js';
import { type RunBenchOptions, runBench } from '../run/index.js';

/** `all`: every trial, one row each; otherwise the counts (plan/plan-view.ts). */
export async function planCommand(
  opts: RunBenchOptions & { json?: boolean; all?: boolean },
): Promise<string> {
  // json and all are this command's own: runBench refuses options it does not know
  const { json, all, ...run } = opts;
  const { plan } = await runBench({ ...run, dryRun: true });
  if (json) return planJson(plan);
  return (all ? planTable : planSummary)(plan, opts.env ?? process.env);
}
