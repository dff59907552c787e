/**
 * Incomplete is never complete (issue 24): a run folder whose journal holds fewer trials than its
 * plan runs (a killed run, its journal cut at a whole line) is said to be so in the first line of
 * `bench report` and `bench diff`, and both exit 1; the diff against it cannot pass, even when
 * every row it still has is unchanged.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
let out = '';
let planned = 0;

beforeAll(() => {
  out = tempDir();
  const r = bench(
    [
      'run',
      '--golden',
      'checkout-db-pool',
      '--seat',
      'sim-diligent-react',
      '--reps',
      '3',
      '--out',
      join(out, 'base'),
    ],
    ROOT,
  );
  expect([0, 1], r.stderr).toContain(r.status);
  const journal = readFileSync(join(out, 'base', 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  planned = journal.length;
  // a kill between two appends: whole lines, no torn tail, two trials short
  cpSync(join(out, 'base'), join(out, 'cut'), { recursive: true });
  writeFileSync(join(out, 'cut', 'journal.jsonl'), `${journal.slice(0, -2).join('\n')}\n`);
}, 60_000);

describe('an incomplete run folder', () => {
  it('bench report says so first and exits 1', () => {
    const dir = join(out, 'cut');
    const r = bench(['report', dir], ROOT);
    expect(r.status).toBe(1);
    const line = `incomplete run: ${planned - 2} of ${planned} trials; continue with bench run --resume ${dir}`;
    expect(r.stdout.split('\n')[0]).toBe(line);
    expect(r.stderr).toContain(line);
    expect(readFileSync(join(dir, 'scorecard.md'), 'utf8').split('\n')[2]).toBe(`**${line}**`);
    expect(JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8')).meta.incomplete).toEqual({
      trials: planned - 2,
      planned,
    });
    // the whole folder reports as before
    const whole = bench(['report', join(out, 'base')], ROOT);
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stdout).not.toContain('incomplete run');
  });

  it('bench diff against it says so first and cannot pass', () => {
    const head = join(out, 'cut');
    const r = bench(['diff', join(out, 'base'), head, '--fail-on-only', 'none'], ROOT);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      `**incomplete run: ${planned - 2} of ${planned} trials; continue with bench run --resume ${head}** (HEAD): a comparison with an incomplete run cannot pass.`,
    );
    expect(r.stderr).toContain(`HEAD: incomplete run: ${planned - 2} of ${planned} trials`);
    const same = bench(['diff', join(out, 'base'), join(out, 'base')], ROOT);
    expect(same.status, same.stderr).toBe(0);
  });
});
