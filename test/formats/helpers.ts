/** Temp-dir fixtures for loader tests: copy the mini golden and edit it as text. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../../src/errors.js';

export const FIXTURES = resolve(__dirname, 'fixtures');
export const MINI = readFileSync(join(FIXTURES, 'goldens/mini/golden.yaml'), 'utf8');

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'rematch-spec-'));
}

/** Writes `text` at `rel` under `dir` (folders created) and returns the full path. */
export function write(dir: string, rel: string, text: string): string {
  const p = join(dir, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
}

/** Replaces exactly one occurrence, so a fixture edit that stops matching fails loudly. */
export function edit(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2) throw new Error(`fixture edit: "${from}" must occur exactly once`);
  return text.replace(from, to);
}

export function inputErrorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

/** 1-based line of the first line containing `needle`. */
export function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`fixture: "${needle}" not found`);
  return i + 1;
}

const ROOT = resolve(__dirname, '../..');

/** Runs the built CLI (`npm run build` first; `npm test` does) as a user would, in `cwd`. */
export function bench(args: string[], cwd: string, env: Record<string, string> = {}) {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) throw new Error('run `npm run build` first');
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
