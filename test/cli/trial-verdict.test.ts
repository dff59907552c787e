/**
 * `bench trial` ends with the verdict and the score (what lies behind them just above), and exits
 * as `bench score` does: 1 unless the verdict is pass; `bench show` prints a trace on disk again.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
const trial = (seat: string, gates: string) => {
  const out = join(tempDir(), 'trial');
  const r = bench(
    ['trial', '--golden', 'checkout-db-pool', '--seat', seat, '--gates', gates, '--out', out],
    ROOT,
  );
  return { ...r, out };
};

describe('bench trial', () => {
  it('ends with the verdict and the score, why just above them, exits 1 on a fail, and writes score.json', () => {
    const r = trial('sim-early-closer-react', 'none');
    // as `bench score`: a verdict other than pass is exit 1, said on stderr
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^bench: trial checkout-db-pool\/sim-early-closer-react\/none\/r1: fail: correctness 0\.7 < pass threshold 0\.8/m,
    );
    const tail = r.stdout.trimEnd().split('\n');
    // the last two lines: the verdict and the score
    expect(tail.at(-2)).toMatch(
      /^verdict fail: correctness 0\.7 < pass threshold 0\.8, 1 honesty failure \(undetermined-unnamed\)$/,
    );
    expect(tail.at(-1)).toBe(
      'score: correctness 0.70 · coverage A 1.00 B 0.00 · root cause matched · honesty failures 1',
    );
    // before them, after the trace's path: each honesty rule that fired, the uncredited grouped by note
    const at = tail.indexOf('why:');
    expect(tail[at - 1]).toMatch(/^trace: .*trace\.jsonl$/);
    expect(tail.slice(at + 1, -2)).toEqual([
      expect.stringMatching(/^ {2}honesty undetermined-unnamed \(B\): undetermined, but /),
      '  part B: 3 measurements not credited (not reported): pool_exhausted_lines, checkout_payment_failures, pool_wait_timeout_ms',
    ]);
    expect(r.stdout).not.toMatch(/\x1b\[/);
    const score = JSON.parse(readFileSync(join(r.out, 'score.json'), 'utf8'));
    expect(score).toMatchObject({
      verdict: 'fail',
      correctness: 0.7,
      honesty: [{ kind: 'undetermined-unnamed' }],
    });
  });

  it('says pass with full coverage and no honesty failure for the diligent seat', () => {
    const r = trial('sim-diligent-react', 'all');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\nverdict pass: correctness 1 ≥ pass threshold 0\.8, no honesty failure\n/);
    expect(r.stdout).toMatch(
      /\nscore: correctness 1\.00 · coverage A 1\.00 B 1\.00 · root cause matched · honesty failures 0\n$/,
    );
  });
});

describe('bench show', () => {
  it('prints the timeline and verdict of a trial folder or its trace.jsonl, the same both ways', () => {
    const { out, stdout } = trial('sim-early-closer-react', 'none');
    const byDir = bench(['show', out], ROOT);
    const byFile = bench(['show', join(out, 'trace.jsonl')], ROOT);
    // show prints; it judges nothing: exit 0 whatever the verdict
    expect(byDir.status).toBe(0);
    expect(byFile.stdout).toBe(byDir.stdout);
    // What `bench trial` printed, read back from disk.
    expect(byDir.stdout).toBe(stdout);
    expect(byDir.stdout).not.toMatch(/\x1b\[/);
  });

  it('prints only the timeline when no score.json is beside the trace', () => {
    const { out } = trial('sim-diligent-react', 'all');
    const copy = join(tempDir(), 'trace.jsonl');
    copyFileSync(join(out, 'trace.jsonl'), copy);
    const r = bench(['show', copy], ROOT);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ end submitted\n/);
    expect(r.stdout).not.toMatch(/^verdict /m);
  });

  it('exits 2 on a path that is not there, a folder without a trace, or a file that is not a trace', () => {
    const dir = tempDir();
    expect(bench(['show', join(dir, 'nope')], ROOT)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/not found/),
    });
    expect(bench(['show', dir], ROOT)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/without trace\.jsonl/),
    });
    const bad = join(dir, 'x.jsonl');
    writeFileSync(bad, '{"type":"turn"}\n');
    expect(bench(['show', bad], ROOT)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/x\.jsonl:1:\d+: type: /),
    });
  });
});
