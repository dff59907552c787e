/** The plan view: the trials `bench run` would execute, as a table or JSON (`bench plan`, `--dry-run`). */
import Table from 'cli-table3';
import type { RunPlan } from './plan.js';

export function planJson(plan: RunPlan): string {
  return `${JSON.stringify(
    {
      seed: plan.seed,
      repetitions: plan.repetitions,
      goldens: plan.goldens,
      seats: plan.seats,
      gateSets: plan.gateSets,
      shard: plan.shard,
      ceiling: plan.ceiling,
      matrixSize: plan.matrixSize,
      trials: plan.trials.map((t) => ({
        id: t.id,
        golden: t.golden.id,
        seat: t.seat.name,
        gateSet: t.gateSet.name,
        gates: t.gateSet.gates,
        rep: t.rep,
        seed: t.seed,
        ...(t.role ? { role: t.role } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

/** `env`: where the seats' key variables are looked up, to say which seats will be skipped. */
export function planTable(plan: RunPlan, env: Record<string, string | undefined>): string {
  const table = new Table({ head: ['#', 'trial', 'gates', 'seed'], style: { head: [], border: [] } });
  plan.trials.forEach((t, i) => {
    const id = t.role === 'ceiling' ? `${t.id} (ceiling)` : t.id;
    table.push([String(i + 1), id, t.gateSet.gates.join(',') || '(none)', String(t.seed)]);
  });
  const ceilings = plan.trials.filter((t) => t.role === 'ceiling').length;
  const inShard = plan.shard ? `; ${ceilings} in this shard` : '';
  const g = plan.goldens.length;
  const plus = plan.ceiling
    ? ` + ${g} ceiling trial${g === 1 ? '' : 's'} (the reference seat under every gate${inShard})`
    : '';
  const shard = plan.shard ? `, shard ${plan.shard.index}/${plan.shard.count}` : '';
  const keyless = [...new Set(plan.trials.map((t) => t.seat))].filter(
    (s) => s.auth !== undefined && !env[s.auth.apiKeyEnv],
  );
  const notes = keyless.map((s) => `seat ${s.name} will be skipped: $${s.auth!.apiKeyEnv} is not set`);
  return [
    `${plan.trials.length} trials (of ${plan.matrixSize} in the matrix${shard}): ${plan.goldens.length} goldens × ${plan.seats.length} seats × ${plan.gateSets.length} gate sets (${plan.gateSets.join(', ')}) × ${plan.repetitions} reps${plus}, run seed ${plan.seed}`,
    table.toString(),
    ...notes,
    '',
  ].join('\n');
}
