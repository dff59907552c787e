/**
 * The paths a config names, checked as `bench run` would meet them: a `goldens` or `seats` entry
 * that does not exist (the run would find nothing there, and validate used to skip it quietly) and
 * an `outDir` that is a file, or under one (no run could be written). Each is an error located at
 * its field in the config file. Only paths the file writes are checked: a default that is absent
 * is not the user's mistake.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { InputIssue } from '../errors.js';
import type { ConfigFile } from '../formats/config.js';
import { readInput } from '../formats/files.js';
import { locateInFile } from '../formats/load.js';
import { parseYamlSource } from '../formats/source/index.js';

/** The first existing entry at `p` or above it that is not a folder. */
function fileAtOrAbove(p: string): string | undefined {
  for (let at = resolve(p); ; at = dirname(at)) {
    const s = statSync(at, { throwIfNoEntry: false });
    if (s) return s.isDirectory() ? undefined : at;
    if (dirname(at) === at) return undefined;
  }
}

export function checkConfigPaths(config: ConfigFile, file: string): InputIssue[] {
  if (!existsSync(file)) return [];
  const written = parseYamlSource(file, readInput(file, 'config')).data as Record<string, unknown> | null;
  if (!written || typeof written !== 'object') return [];
  const rules: { path: (string | number)[]; message: string; severity: 'error' }[] = [];
  for (const key of ['goldens', 'seats'] as const) {
    if (!(key in written)) continue;
    config[key].forEach((p, i) => {
      if (!existsSync(p))
        rules.push({ path: [key, i], message: `no such file or folder: ${p}`, severity: 'error' });
    });
  }
  if ('outDir' in written) {
    const blocker = fileAtOrAbove(config.outDir);
    if (blocker)
      rules.push({
        path: ['outDir'],
        message:
          blocker === resolve(config.outDir)
            ? `${config.outDir} is a file, not the folder runs are written to`
            : `${blocker} is a file, so ${config.outDir} cannot be the folder runs are written to`,
        severity: 'error',
      });
  }
  return locateInFile(file, rules);
}
