/**
 * The plan view: the trials `bench run` would execute, as counts (`bench plan`, `--dry-run`), every
 * trial (`--all`) or JSON (`--json`).
 */
import Table from 'cli-table3';
import { gateListText } from '../formats/gate-sets.js';
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
        ...(t.gateSet.prompted?.length ? { prompted: t.gateSet.prompted } : {}),
        rep: t.rep,
        seed: t.seed,
        ...(t.role ? { role: t.role } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

/** The first line of both views: what the plan holds, and how it was cut (shard, ceiling). */
function headline(plan: RunPlan): string {
  const ceilings = plan.trials.filter((t) => t.role === 'ceiling').length;
  const inShard = plan.shard ? `; ${ceilings} in this shard` : '';
  const g = plan.goldens.length;
  const plus = plan.ceiling
    ? ` + ${g} ceiling trial${g === 1 ? '' : 's'} (the reference seat under every gate${inShard})`
    : '';
  const shard = plan.shard ? `, shard ${plan.shard.index}/${plan.shard.count}` : '';
  return `${plan.trials.length} trials (of ${plan.matrixSize} in the matrix${shard}): ${plan.goldens.length} goldens × ${plan.seats.length} seats × ${plan.gateSets.length} gate sets (${plan.gateSets.join(', ')}) × ${plan.repetitions} reps${plus}, run seed ${plan.seed}`;
}

/** `env`: where the seats' key variables are looked up, to say which seats will be skipped. */
function keylessNotes(plan: RunPlan, env: Record<string, string | undefined>): string[] {
  const keyless = [...new Set(plan.trials.map((t) => t.seat))].filter(
    (s) => s.auth !== undefined && !env[s.auth.apiKeyEnv],
  );
  return keyless.map((s) => `seat ${s.name} will be skipped: $${s.auth!.apiKeyEnv} is not set`);
}

/** `bench plan --all`: every trial, one row each. */
export function planTable(plan: RunPlan, env: Record<string, string | undefined>): string {
  const table = new Table({
    head: ['#', 'trial', 'gates', 'seed'],
    style: { head: [], border: [], compact: true },
  });
  plan.trials.forEach((t, i) => {
    const id = t.role === 'ceiling' ? `${t.id} (ceiling)` : t.id;
    table.push([
      String(i + 1),
      id,
      gateListText(t.gateSet.gates, t.gateSet.prompted) || '(none)',
      String(t.seed),
    ]);
  });
  return [headline(plan), table.toString(), ...keylessNotes(plan, env), ''].join('\n');
}

/**
 * `bench plan`: trial counts by seat × gate set (over the goldens), totals, and per golden; the
 * same plan as --all, in a screenful whatever the matrix size.
 */
export function planSummary(plan: RunPlan, env: Record<string, string | undefined>): string {
  const gateSets = [...new Set(plan.trials.map((t) => t.gateSet.name))];
  const seats = [...new Set(plan.trials.map((t) => t.seat.name))];
  const count = (f: (t: RunPlan['trials'][number]) => boolean) => plan.trials.filter(f).length;
  const table = new Table({
    head: ['seat', ...gateSets, 'total'],
    style: { head: [], border: [], compact: true },
  });
  for (const seat of seats) {
    const mine = (t: RunPlan['trials'][number]) => t.seat.name === seat;
    table.push([
      seat,
      ...gateSets.map((g) => String(count((t) => mine(t) && t.gateSet.name === g) || '–')),
      String(count(mine)),
    ]);
  }
  table.push([
    'total',
    ...gateSets.map((g) => String(count((t) => t.gateSet.name === g))),
    String(plan.trials.length),
  ]);
  const goldens = [...new Set(plan.trials.map((t) => t.golden.id))];
  const perGolden = goldens.map((g) => `${g} ${count((t) => t.golden.id === g)}`).join(', ');
  return [
    headline(plan),
    table.toString(),
    `trials per golden: ${perGolden || 'none'}`,
    ...keylessNotes(plan, env),
    'every trial: bench plan --all (or --json)',
    '',
  ].join('\n');
}
