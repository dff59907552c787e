/**
 * A fake trial runner for scheduler/journal tests: deterministic from the trial seed and gate set,
 * writes a real trace.jsonl and theory.json, and waits a little real time so a kill lands mid-run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigFile } from '../../src/formats/config.js';
import type { Seat } from '../../src/formats/seat.js';
import type { TrialEnv, TrialOutcome, TrialSpec } from '../../src/plan/types.js';
import { golden, goodCalls, goodTheory, trace } from '../scoring/fixtures.js';

export const goldens = [golden({ id: 'g-one' }), golden({ id: 'g-two' })];

const seat = (name: string, provider: Seat['provider'] = 'sim'): Seat => ({
  name,
  provider,
  model: 'sim',
  shape: 'react',
  params: {},
  budget: { turns: 40, toolCalls: 60, tokens: 400_000, wallSeconds: 600 },
  policy: 'tweaker',
  file: `${name}.yaml`,
});

export const seats: Seat[] = [
  seat('sim-a'),
  seat('sim-b'),
  { ...seat('real-x', 'anthropic'), auth: { apiKeyEnv: 'NO_SUCH_KEY_H7' } },
];

// the ceiling trials have tests of their own (ceiling.test.ts); these count the seat matrix
export const config = ConfigFile.parse({ repetitions: 3, concurrency: 2, seed: 7, ceiling: false });

export const inputs = { config, goldens, seats };

export function fakeRunTrial(delayMs = 0) {
  return async (spec: TrialSpec, env: TrialEnv): Promise<TrialOutcome> => {
    if (spec.seat.auth && !process.env[spec.seat.auth.apiKeyEnv]) {
      return { kind: 'skipped', spec, reason: `$${spec.seat.auth.apiKeyEnv} is not set` };
    }
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    // gates on: the logs query works; off: it fails on odd seeds and the Theory claims a clean negative
    const fails = spec.gateSet.name === 'none' && spec.seed % 2 === 1;
    const calls = goodCalls.map((c) => (c.id === 'c2' && fails ? { ...c, outcome: 'failed' as const } : c));
    const t = trace(calls);
    t.header = {
      ...t.header,
      golden: spec.golden.id,
      seat: spec.seat.name,
      gateSet: spec.gateSet.name,
      rep: spec.rep,
      seed: spec.seed,
    };
    t.events[0] = t.header;
    const theory = goodTheory();
    if (fails) theory.parts.B.findings = 'No errors found in the payments logs.';
    if (spec.seed % 3 === 0) theory.parts.A.measurements[0].value = 0.5;
    writeFileSync(join(env.dir, 'trace.jsonl'), `${t.events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    writeFileSync(join(env.dir, 'theory.json'), JSON.stringify(theory));
    return { kind: 'done', spec, traceFile: join(env.dir, 'trace.jsonl'), trace: t, theory };
  };
}
