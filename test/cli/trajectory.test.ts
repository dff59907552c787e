/**
 * A golden's `trajectory:` block through the built CLI: the tweaker re-issues the same failed logs
 * query until stopped, so without gates it fails `max-repeats-of-failed` (and the trial with it),
 * and under `all` the ledger halts the loop and every check passes. A bad block is exit 2 at its
 * file:line:col.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, lineOf, tempDir, write } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
const GOLDEN = readFileSync(join(ROOT, 'goldens/checkout-db-pool-logs-failed/golden.yaml'), 'utf8');
const BLOCK = readFileSync(join(ROOT, 'test/fixtures/trajectory/block.yaml'), 'utf8');

function trial(gates: string) {
  const dir = tempDir();
  write(dir, 'golden/golden.yaml', `${GOLDEN}\n${BLOCK}`);
  const out = join(dir, 'trial');
  const args = ['trial', '--golden', join(dir, 'golden'), '--seat', 'sim-tweaker-react', '--gates', gates];
  const r = bench([...args, '--out', out], ROOT);
  return { ...r, score: JSON.parse(readFileSync(join(out, 'score.json'), 'utf8')) };
}

const result = (score: { trajectory: { id: string; passed: boolean; reason: string }[] }, id: string) =>
  score.trajectory.find((t) => t.id === id);

describe('trajectory checks in a golden', () => {
  it('fails max-repeats-of-failed for the tweaker without gates, and the trial with it', () => {
    const r = trial('none');
    expect(r.status).toBe(1);
    expect(r.score.trajectory.map((t: { id: string }) => t.id)).toEqual([
      'no-retry-loop',
      'must-call#2',
      'must-not-call#3',
      'step-order#4',
      'must-name-gap-for#5',
      'max-calls#6',
    ]);
    const loop = result(r.score, 'no-retry-loop');
    expect(loop?.passed).toBe(false);
    expect(loop?.reason).toMatch(/^fingerprint [0-9a-f]+ (\d+)× \(max 4\): c\d+/);
    expect(Number(loop?.reason.match(/ (\d+)×/)?.[1])).toBeGreaterThan(4);
    expect(result(r.score, 'must-call#2')?.passed).toBe(true);
    expect(result(r.score, 'must-name-gap-for#5')).toMatchObject({
      passed: false,
      reason: 'the Theory names no gap for pool_exhausted_lines',
    });
    // the trial view: one line per check, and the headline counts the failed ones
    expect(r.stdout).toMatch(/\ntrajectory:\n {2}FAIL no-retry-loop: fingerprint /);
    expect(r.stdout).toMatch(/\n {2}pass must-not-call#3: no search_tools\n/);
    expect(r.stdout).toMatch(/\nverdict fail: .*, 3 trajectory checks failed\n/);
  });

  it('passes every check under all gates: the ledger halts the loop', () => {
    const r = trial('all');
    expect(r.status).toBe(0);
    expect(r.score.verdict).toBe('pass');
    expect(r.score.trajectory.every((t: { passed: boolean }) => t.passed)).toBe(true);
    expect(result(r.score, 'no-retry-loop')?.reason).toMatch(
      /^a failed fingerprint at most [1-4]× \(max 4\)$/,
    );
    expect(result(r.score, 'must-name-gap-for#5')?.reason).toMatch(
      /^gap for pool_exhausted_lines names c\d+, which really failed$/,
    );
    expect(r.stdout).toMatch(/\nverdict pass: .*, trajectory checks passed\n/);
  });

  it('refuses a bad block at its file:line:col, exit 2', () => {
    const dir = tempDir();
    const bad = BLOCK.replace('query: \'app="payments"\'', "query: 'app=(payments'").replace(
      'measurement: pool_exhausted_lines',
      'measurement: no_such_measurement',
    );
    const text = `${GOLDEN}\n${bad}`;
    const file = write(dir, 'golden/golden.yaml', text);
    const r = bench(['validate', join(dir, 'golden')], ROOT);
    expect(r.status).toBe(2);
    const q = lineOf(text, "query: 'app=(payments'");
    const m = lineOf(text, 'measurement: no_such_measurement');
    expect(r.stdout + r.stderr).toContain(`${file}:${q}:`);
    expect(r.stdout + r.stderr).toMatch(
      /trajectory\.3\.steps\.1\.query: not an RE2 regex: error parsing regexp/,
    );
    expect(r.stdout + r.stderr).toContain(
      `${file}:${m}:18: trajectory.4.measurement: no measurement "no_such_measurement" in parts A or B`,
    );
  });
});
