/**
 * Loaders for everything on disk. Every loader throws `InputError` listing all issues of the input
 * at once, each with `file:line:col` and a dot path; `check*` variants return the issues instead
 * (warnings included) for `bench validate`. Names here are a contract other modules use.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { type InputIssue, redactArgv, registerSecretEnv, registerSecretValues } from '../errors.js';
import { ConfigFile } from './config.js';
import { expandGoldenPaths, expandSeatPaths, goldenFileOf, readInput } from './files.js';
import { isBuiltinGateSet, parseDerivedSet } from './gate-sets.js';
import { type Config, type Golden, GoldenFile, normalizeGolden, resolveDataFiles } from './golden/index.js';
import type { RuleIssue } from './rules/index.js';
import { assertNameRules, configRules, defaultSeatRules, goldenRules, seatRules } from './rules/index.js';
import { type Seat, SeatByProvider, type SeatFile, seatEnvNames } from './seat.js';
import {
  type Checked,
  checkSchema,
  locateRules,
  parseJsonSource,
  parseYamlSource,
  throwIfErrors,
} from './source/index.js';
import { Theory } from './theory.js';

export { readTrace } from './run/index.js';

export const DEFAULT_CONFIG_FILE = 'bench.config.yaml';

export function checkGolden(path: string): Checked<Golden> {
  const file = goldenFileOf(path);
  const src = parseYamlSource(file, readInput(file, 'golden'));
  const parsed = checkSchema(src, GoldenFile);
  if (!parsed.value) return { issues: parsed.issues };
  const data = resolveDataFiles(parsed.value, dirname(file));
  if (!data.value) return { issues: data.issues };
  const golden = normalizeGolden(data.value, file, dirname(file));
  return { value: golden, issues: locateRules(src, goldenRules(golden)) };
}

export function loadGolden(path: string): Golden {
  const r = checkGolden(path);
  throwIfErrors('golden', r.issues);
  return r.value!;
}

/** Every golden under `paths`, sorted by id; all files are checked before anything throws. */
export function checkGoldens(paths: string[]): Checked<Golden[]> {
  const issues: InputIssue[] = [];
  const byId = new Map<string, Golden>();
  for (const file of expandGoldenPaths(paths)) {
    const r = checkGolden(file);
    issues.push(...r.issues);
    if (!r.value) continue;
    const prev = byId.get(r.value.id);
    if (prev) {
      if (prev.file === r.value.file) continue;
      issues.push(dup(r.value.file, 'id', `duplicate golden id "${r.value.id}" (also in ${prev.file})`));
    } else byId.set(r.value.id, r.value);
  }
  return { value: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)), issues };
}

export function loadGoldens(paths: string[]): Golden[] {
  const r = checkGoldens(paths);
  throwIfErrors('goldens', r.issues);
  return r.value!;
}

export function checkSeat(path: string): Checked<Seat> {
  const src = parseYamlSource(path, readInput(path, 'seat'));
  const checked = checkSchema(src, SeatByProvider);
  if (!checked.value) return { issues: checked.issues };
  const parsed: { value: SeatFile } = { value: checked.value };
  // Every loaded seat's key variables are masked everywhere, whichever seat runs (errors.ts).
  registerSecretEnv(seatEnvNames(parsed.value));
  // and a token written into a command seat's argv (`--token X`, `GITHUB_TOKEN=X`)
  if (parsed.value.command) registerSecretValues(redactArgv(parsed.value.command).secrets);
  return { value: { ...parsed.value, file: path }, issues: locateRules(src, seatRules(parsed.value)) };
}

export function loadSeat(path: string): Seat {
  const r = checkSeat(path);
  throwIfErrors('seat', r.issues);
  return r.value!;
}

/** Every seat under `paths` (files or folders of *.yaml), sorted by name; duplicate names are errors. */
export function checkSeats(paths: string[]): Checked<Seat[]> {
  const issues: InputIssue[] = [];
  const byName = new Map<string, Seat>();
  for (const file of expandSeatPaths(paths)) {
    const r = checkSeat(file);
    issues.push(...r.issues);
    if (!r.value) continue;
    const prev = byName.get(r.value.name);
    if (prev) {
      if (prev.file === r.value.file) continue;
      issues.push(dup(file, 'name', `duplicate seat name "${r.value.name}" (also in ${prev.file})`));
    } else byName.set(r.value.name, r.value);
  }
  return { value: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), issues };
}

export function loadSeats(paths: string[]): Seat[] {
  const r = checkSeats(paths);
  throwIfErrors('seats', r.issues);
  return r.value!;
}

function dup(file: string, key: string, message: string): InputIssue {
  const src = parseYamlSource(file, readInput(file, 'file'));
  const at = src.locate([key]);
  return { file, line: at?.line, col: at?.col, path: key, message, severity: 'error' };
}

/**
 * The config (default `bench.config.yaml` in the working directory; when that default is absent,
 * every default applies). Paths inside a config elsewhere are made relative to the working directory.
 */
export function checkConfig(path?: string): Checked<{ config: Config; file: string }> {
  const file = path ?? DEFAULT_CONFIG_FILE;
  if (path === undefined && !existsSync(file)) {
    return { value: { config: ConfigFile.parse({}), file }, issues: [] };
  }
  const src = parseYamlSource(file, readInput(file, 'config'));
  const parsed = checkSchema(src, ConfigFile);
  if (!parsed.value) return { issues: parsed.issues };
  const config = rebase(parsed.value, dirname(file));
  const issues = locateRules(src, configRules(config));
  // A redefined `none`/`all` (or a set with a derived name, `all-ledger`) is an error at its key
  // (configRules) that refuses the file; the value `bench validate` still reads keeps the meaning
  // the name has without it.
  const gateSets = Object.fromEntries(
    Object.entries(config.gateSets).filter(([n]) => !isBuiltinGateSet(n) && parseDerivedSet(n) === undefined),
  );
  return { value: { config: { ...config, gateSets }, file }, issues };
}

export function loadConfig(path?: string): { config: Config; file: string } {
  const r = checkConfig(path);
  throwIfErrors('config', r.issues);
  return r.value!;
}

/** Issues for `defaultSeats` entries that name no loaded seat, located in the config file. */
export function checkDefaultSeats(config: ConfigFile, file: string, seats: Seat[]): InputIssue[] {
  const rules = defaultSeatRules(
    config,
    seats.map((s) => s.name),
  );
  if (!rules.length || !existsSync(file)) return [];
  return locateRules(parseYamlSource(file, readInput(file, 'config')), rules);
}

/** Issues for `assert:` rules whose seat or golden patterns name nothing loaded, located in the config file. */
export function checkAssertNames(
  config: ConfigFile,
  file: string,
  seatNames: string[],
  goldenIds: string[],
): InputIssue[] {
  const rules = assertNameRules(config, seatNames, goldenIds);
  if (!rules.length || !existsSync(file)) return [];
  return locateRules(parseYamlSource(file, readInput(file, 'config')), rules);
}

/** The same, as bad input (exit 2) for a run. */
export function assertKnownNames(config: ConfigFile, file: string, seats: Seat[], goldens: Golden[]): void {
  const issues = checkAssertNames(
    config,
    file,
    seats.map((s) => s.name),
    goldens.map((g) => g.id),
  );
  throwIfErrors('config', issues);
}

/**
 * Every path a config names is relative to the config file's folder, not to where `bench` runs:
 * goldens, seats, outDir and cache.dir (the only path-valued keys; judge.baseURL is a URL).
 */
function rebase(c: ConfigFile, dir: string): ConfigFile {
  if (resolve(dir) === resolve('.')) return c;
  const fix = (p: string) => (isAbsolute(p) ? p : relative('.', resolve(dir, p)) || '.');
  return {
    ...c,
    goldens: c.goldens.map(fix),
    seats: c.seats.map(fix),
    outDir: fix(c.outDir),
    ...(c.cache?.dir !== undefined ? { cache: { ...c.cache, dir: fix(c.cache.dir) } } : {}),
  };
}

/** A Theory file (JSON). */
export function loadTheory(path: string): Theory {
  const r = checkSchema(parseJsonSource(path, readInput(path, 'theory')), Theory);
  throwIfErrors('theory', r.issues);
  return r.value!;
}

/** Locates rule findings computed outside formats/ (e.g. by `bench validate` with the engines) in `file`. */
export function locateInFile(file: string, rules: RuleIssue[]): InputIssue[] {
  if (!rules.length) return [];
  return locateRules(parseYamlSource(file, readInput(file, 'file')), rules);
}
