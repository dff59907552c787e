/**
 * Options are named as the CLI's flags and checked strictly (issue 16): an unknown option is an
 * InputError (exit 2) naming it and the known ones, for rematch/vitest's functions and runBench.
 */
import { describe, expect, it } from 'vitest';
import { InputError, runBench } from '../../src/index.js';
import { runMatrix, runTrial } from '../../src/vitest/index.js';

const sink = { write: () => true };

async function rejection(p: Promise<unknown>): Promise<InputError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(InputError);
  return e as InputError;
}

describe('runTrial options', () => {
  it('rejects an unknown option by name, listing the known ones (the flags of bench trial)', async () => {
    const e = await rejection(
      runTrial({ golden: 'checkout-db-pool', seat: 'sim-diligent-react', gate: 'all' } as never),
    );
    expect(e.message).toBe(
      'runTrial: unknown option "gate" (did you mean "gates"?)\n  known options: golden, seat, gates, seed, rep, out, config, cache, cacheOnly, cacheDir',
    );
    expect(e.exitCode).toBe(2);
  });

  it('checks values as the flags do: a missing golden, a seed that is not an integer, a rep out of range', async () => {
    const e = await rejection(runTrial({ seat: 'x', seed: 1.5, rep: 0 } as never));
    expect(e.message).toMatch(/^runTrial: 3 problems:/);
    expect(e.message).toMatch(/option "golden": /);
    expect(e.message).toMatch(/option "seed": .*int/);
    expect(e.message).toMatch(/option "rep": .*>=1/);
  });

  it('refuses options that are not an object', async () => {
    const e = await rejection(runTrial('checkout-db-pool' as never));
    expect(e.message).toMatch(/^runTrial: options must be an object \(known: golden, seat, gates/);
  });

  it('passes bad references through the one resolver: an unknown gate set names the known ones', async () => {
    const e = await rejection(
      runTrial({ golden: 'checkout-db-pool', seat: 'sim-diligent-react', gates: 'most' }),
    );
    expect(e.message).toMatch(/unknown gate set "most" \(known: none, all, no-ledger, and all-<gates>/);
  });
});

describe('runMatrix options', () => {
  it("are bench run's flags: goldens is not one of them", async () => {
    const e = await rejection(runMatrix({ goldens: ['checkout-db-pool'] } as never));
    expect(e.message).toMatch(/^runMatrix: unknown option "goldens" \(did you mean "golden"\?\)/);
    expect(e.message).toMatch(
      /known options: config, golden, seat, gates, reps, seed, shard, ablate, effect, out, resume/,
    );
  });

  it('checks the --shard text as the CLI does', async () => {
    const e = await rejection(
      runMatrix({ golden: 'checkout-db-pool', seat: 'sim-diligent-react', shard: '3/2' }),
    );
    expect(e.message).toMatch(/--shard 3\/2: expected i\/n/);
  });
});

describe('runBench options', () => {
  it('rejects an unknown option instead of silently running every golden', async () => {
    const e = await rejection(
      runBench({ golden: ['checkout-db-pool'], stdout: sink, stderr: sink } as never),
    );
    expect(e.message).toMatch(/^runBench: unknown option "golden" \(did you mean "goldens"\?\)/);
    expect(e.message).toMatch(/known options: config, goldens, seats, gates, reps, seed/);
  });

  it('still takes every option it documents (a dry run)', async () => {
    const r = await runBench({
      goldens: ['checkout-db-pool'],
      seats: ['sim-diligent-react'],
      dryRun: true,
      reps: 1,
    });
    expect(r.plan.trials.length).toBeGreaterThan(0);
  });
});
