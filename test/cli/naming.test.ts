/**
 * One way to name goldens and seats (commands/resolve.ts) through the built CLI: an id, a path, a
 * glob and `tag:<t>` mean the same to validate, list, plan, trial and score, and every command that
 * reads the config takes `-c`.
 */
import { describe, expect, it } from 'vitest';
import { bench, MINI, tempDir, write } from '../formats/helpers.js';

const SEAT = 'name: sim-diligent\nprovider: sim\nshape: react\npolicy: diligent\n';

/** A project whose config lives away from the working directory: only `-c` finds it. */
function project(): { dir: string; cfg: string } {
  const dir = tempDir();
  write(dir, 'p/gs/mini/golden.yaml', MINI);
  write(dir, 'p/seats/sim.yaml', SEAT);
  const cfg = write(
    dir,
    'p/bench.config.yaml',
    `goldens: [${dir}/p/gs]\nseats: [${dir}/p/seats]\nrepetitions: 1\noutDir: ${dir}/out\n`,
  );
  return { dir, cfg };
}

describe('naming goldens and seats', () => {
  it('validate takes an id, a glob and a tag, as well as a path', () => {
    const { dir, cfg } = project();
    for (const ref of ['mini-checkout', 'mini-*', 'tag:dual-part', 'p/gs/mini']) {
      const r = bench(['validate', ref, '-c', cfg, '--no-ceiling'], dir);
      expect([ref, r.status, r.stdout]).toEqual([ref, 0, expect.stringContaining('✓ mini-checkout')]);
    }
    const seat = bench(['validate', 'sim-*', '-c', cfg], dir);
    expect([seat.status, seat.stdout]).toEqual([0, expect.stringContaining('sim-diligent')]);
    const none = bench(['validate', 'tag:nope', '-c', cfg], dir);
    expect([none.status, none.stderr]).toEqual([2, expect.stringContaining('no golden tagged "nope"')]);
  });

  it('list takes globs and tags', () => {
    const { dir, cfg } = project();
    const g = bench(['list', 'goldens', 'tag:dual-part', '-c', cfg, '--json'], dir);
    expect(JSON.parse(g.stdout).map((x: { id: string }) => x.id)).toEqual(['mini-checkout']);
    const s = bench(['list', 'seats', 'sim-*', '-c', cfg, '--json'], dir);
    expect(JSON.parse(s.stdout).map((x: { name: string }) => x.name)).toEqual(['sim-diligent']);
  });

  it('plan and trial take -c and a glob or tag', () => {
    const { dir, cfg } = project();
    const plan = bench(['plan', '-c', cfg, '--golden', 'mini-*', '--seat', 'sim-*', '--gates', 'none'], dir);
    expect([plan.status, plan.stdout]).toEqual([
      0,
      expect.stringMatching(/^2 trials \(of 2 in the matrix\): 1 goldens × 1 seats/),
    ]);
    const trial = bench(
      ['trial', '-c', cfg, '--golden', 'tag:dual-part', '--seat', 'sim-*', '--gates', 'none'],
      dir,
    );
    // The mini golden's unobtainable measurement fails this sim's verdict: the trial resolved and ran.
    expect(trial.stdout).toContain('score: correctness');
    expect(trial.stderr).toMatch(/^bench: trial mini-checkout\/sim-diligent\/none\/r1: fail/);
  });
});
