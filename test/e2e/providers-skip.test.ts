/**
 * `bench run` with a real seat whose key variable is unset: one skip line, exit 0 with
 * `--allow-empty` (1 without: nothing was scored), and the run says it had only skipped seats (through the built CLI, as a user without keys would run it).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');

describe('bench run --seat <real seat> without its key', () => {
  it.each([
    ['gemini-react', 'GEMINI_API_KEY'],
    ['openai-responses-react', 'OPENAI_API_KEY'],
  ])('skips %s with one line and exits 0 with --allow-empty', (seat, keyVar) => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'bench.config.yaml'),
      // no ceiling trial: its progress line would be a second line on stderr
      `goldens: [${JSON.stringify(writeTinyGolden())}]\nseats: [${JSON.stringify(join(ROOT, 'seats'))}]\nrepetitions: 1\nceiling: false\n`,
    );
    const r = bench(['run', '--seat', seat, '--out', 'out', '--allow-empty'], cwd, { [keyVar]: '' });
    expect(r.status).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([`skipped seat ${seat}: $${keyVar} is not set`]);
    expect(r.stdout).toContain(`every seat was skipped (${seat}): nothing to score`);
    // No trial ran: no trace folder for the seat.
    expect(existsSync(join(cwd, 'out/traces/tiny-checkout', seat))).toBe(false);
  });
});
