/**
 * Bad input, through the built CLI as a user meets it: every case of bad-inputs.cases.ts (flags
 * out of range; goldens, seats, configs, traces, Theories, scorecards and run folders broken one
 * field at a time, or past a cap) exits 2, says where (the flag, or file:line:col and the field),
 * prints no stack trace, and leaves no half-made run folder. Cases run as separate processes in
 * small concurrent batches, each in its own temp folder.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { track } from '../children.js';
import { type BadInput, CASES } from './bad-inputs.cases.js';

const BIN = resolve(__dirname, '../../bin/bench.js');
const BATCH = 8;

interface Outcome {
  code: number | null;
  /** stderr, then stdout: `bench validate` prints its issues as a report on stdout. */
  text: string;
  dir: string;
}

function runCase(c: BadInput): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'rematch-bad-'));
  for (const [rel, text] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [BIN, ...c.args],
      { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        done({ code, text: `${stderr}${stdout}`, dir });
      },
    );
    track(child);
  });
}

describe('bad input exits 2 with a position and no stack trace', () => {
  it('has a table of at least 60 cases with distinct names', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  for (let i = 0; i < CASES.length; i += BATCH) {
    const batch = CASES.slice(i, i + BATCH);
    it(`cases ${i + 1}–${i + batch.length}: ${batch.map((c) => c.name).join('; ')}`, async () => {
      const results = await Promise.all(batch.map(runCase));
      const failures: string[] = [];
      batch.forEach((c, j) => {
        const r = results[j];
        const problems = [
          r.code !== 2 && `exit ${r.code}, not 2`,
          !c.says.test(r.text) && `output does not match ${c.says}`,
          /^ {4}at /m.test(r.text) && 'output holds a stack trace',
          ...(c.absent ?? []).filter((p) => existsSync(join(r.dir, p))).map((p) => `${p} exists`),
        ].filter(Boolean);
        if (problems.length)
          failures.push(`${c.name} [bench ${c.args.join(' ')}]: ${problems.join(', ')}\n${r.text}`);
      });
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
