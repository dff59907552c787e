/**
 * Runs built once per `vitest run` and shared by the files that read them (test/setup/shared-runs.ts
 * builds them in the main process when first asked). `defaultRun()` is the shipped config's default
 * `bench run`, through the built CLI in the repository: its folder, exit code and output. The folder
 * is shared: read it as it is; copy it (copyRun) for anything that locks or writes it.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { CliRun } from './setup/shared-runs.js';

export type { CliRun };

function ask<T>(name: string): Promise<T> {
  return new Promise((done, fail) => {
    get(`${inject('sharedRuns')}${encodeURIComponent(name)}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        if (res.statusCode !== 200) return fail(new Error(`shared run ${name}: ${res.statusCode} ${body}`));
        const v = JSON.parse(body) as T | { error: string };
        if (v && typeof v === 'object' && 'error' in v) fail(new Error(`shared run ${name}: ${v.error}`));
        else done(v as T);
      });
    }).on('error', fail);
  });
}

/** The default matrix through `bench run --out DIR` (cwd: the repository; no color, no width). */
export const defaultRun = (): Promise<CliRun> => ask<CliRun>('default-run');

/** A copy of a shared run folder, the caller's own to lock, re-render or resume. */
export function copyRun(dir: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'rematch-run-copy-')), 'run');
  cpSync(dir, copy, { recursive: true });
  return copy;
}
