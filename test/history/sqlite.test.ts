/**
 * The run history on SQLite (the default, `.rematch/history.db`): the store suite (suite.ts), and
 * what only a file has: `bench run` recording into it by default, `--no-history`, and the cost of
 * recording.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { bench } from '../formats/helpers.js';
import { SMALL_RUN } from './records.js';
import { historySuite } from './suite.js';

const ROOT = resolve(__dirname, '../..');
let tmp: string;
let n = 0;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'rematch-history-'));
  const r = bench([...SMALL_RUN, '--no-history', '--out', join(tmp, 'run')], ROOT);
  if (r.status !== 0) throw new Error(`bench run: ${r.status} ${r.stderr}`);
  if (existsSync(join(tmp, '.rematch'))) throw new Error('--no-history wrote a history');
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the run history on SQLite', () => {
  historySuite(
    async () => join(tmp, `h${++n}`, 'history.db'),
    () => join(tmp, 'run'),
  );
});
