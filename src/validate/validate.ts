/**
 * `bench validate [paths...]`: goldens (schema, rules, world, `expect` checks, routes against
 * truth), seats and the config. Without paths: the config itself and the goldens and seats it names.
 * The report is data; the CLI renders it (text or JSON) and fails with exit 2 when `ok` is false.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, normalize } from 'node:path';
import type { InputIssue } from '../errors.js';
import { ConfigFile } from '../formats/config.js';
import { expandGoldenPaths, expandSeatPaths, readInput } from '../formats/files.js';
import {
  checkAssertNames,
  checkConfig,
  checkDefaultSeats,
  checkSeats,
  DEFAULT_CONFIG_FILE,
  locateInFile,
} from '../formats/load.js';
import { parseYamlSource } from '../formats/source/index.js';
import { TWIN_KINDS, twinId } from '../formats/twins/index.js';
import { checkConfigPaths } from './validate-config-paths.js';
import { type CeilingRunner, type GoldenReport, validateGolden } from './validate-golden.js';

export type { CeilingCheck, CeilingRunner, CheckResult, GoldenReport } from './validate-golden.js';

export interface FileReport {
  file: string;
  name?: string;
  valid: boolean;
  issues: InputIssue[];
}

export interface ValidationReport {
  ok: boolean;
  goldens: GoldenReport[];
  seats: FileReport[];
  config?: FileReport;
  summary: {
    goldens: { ok: number; failed: number };
    seats: { ok: number; failed: number };
    /** Goldens whose ceiling check ran, by its verdict. */
    ceilings: { ok: number; failed: number };
    warnings: number;
  };
}

export interface ValidateInputsOptions {
  /** Config file (default bench.config.yaml in the working directory; absent → defaults). */
  config?: string;
  /** Each valid golden's ceiling check (absent: none). It runs a trial: commands/validate/ceiling.ts. */
  ceiling?: CeilingRunner;
}

export async function validateInputs(
  paths: string[],
  opts: ValidateInputsOptions = {},
): Promise<ValidationReport> {
  const plan = paths.length ? classify(paths) : fromConfig(opts.config);
  const goldens: GoldenReport[] = [];
  const files = new Set(
    (plan.goldens.length ? expandGoldenPaths(plan.goldens) : []).map((f) => normalize(f)),
  );
  const ceiling = opts.ceiling && {
    run: opts.ceiling,
    config: ceilingConfig(opts.config ?? plan.config?.path),
  };
  for (const file of files) {
    goldens.push(await validateGolden(file, { ceiling }));
  }
  markDuplicateIds(goldens);
  const seatCheck = plan.seats.length ? checkSeats(plan.seats) : { value: [], issues: [] };
  const seats = seatReports(plan.seatFiles, seatCheck.value ?? [], seatCheck.issues);
  let config: FileReport | undefined;
  if (plan.config !== undefined) {
    const c = checkConfig(plan.config.path);
    const issues = [...c.issues];
    if (c.value) issues.push(...checkConfigPaths(c.value.config, c.value.file));
    if (c.value && plan.config.checkSeats) {
      const seatNames = (seatCheck.value ?? []).map((s) => s.name);
      const goldenIds = goldens.flatMap((g) =>
        g.id ? [g.id, ...TWIN_KINDS.map((k) => twinId(g.id!, k))] : [],
      );
      issues.push(...checkDefaultSeats(c.value.config, c.value.file, seatCheck.value ?? []));
      issues.push(...checkAssertNames(c.value.config, c.value.file, seatNames, goldenIds));
    }
    config = {
      file: c.value?.file ?? plan.config.path ?? DEFAULT_CONFIG_FILE,
      valid: !issues.some(isError),
      issues,
    };
  }
  const all = [...goldens, ...seats, ...(config ? [config] : [])];
  const warnings = all.reduce((n, r) => n + r.issues.filter((i) => i.severity === 'warning').length, 0);
  return {
    ok: goldens.every((g) => g.ok) && seats.every((s) => s.valid) && (config?.valid ?? true),
    goldens,
    seats,
    config,
    summary: {
      goldens: { ok: goldens.filter((g) => g.ok).length, failed: goldens.filter((g) => !g.ok).length },
      seats: { ok: seats.filter((s) => s.valid).length, failed: seats.filter((s) => !s.valid).length },
      ceilings: {
        ok: goldens.filter((g) => g.ceiling?.ok === true).length,
        failed: goldens.filter((g) => g.ceiling?.ok === false).length,
      },
      warnings,
    },
  };
}

const isError = (i: InputIssue) => i.severity === 'error';

/** The ceiling is judged with the config's pass threshold; a config that does not load: defaults. */
function ceilingConfig(path: string | undefined): ConfigFile {
  return checkConfig(path).value?.config ?? ConfigFile.parse({});
}

interface Plan {
  goldens: string[];
  seats: string[];
  seatFiles: string[];
  config?: { path?: string; checkSeats: boolean };
}

function fromConfig(path: string | undefined): Plan {
  const c = checkConfig(path);
  // An invalid config is still reported; its paths fall back to the defaults.
  const config = c.value?.config;
  const goldens = (config?.goldens ?? ['goldens']).filter((p) => existsSync(p));
  const seats = (config?.seats ?? ['seats']).filter((p) => existsSync(p));
  return { goldens, seats, seatFiles: expandSeatPaths(seats), config: { path, checkSeats: true } };
}

/** Sorts user paths by kind: golden folders and files, seat files and folders, config files. */
function classify(paths: string[]): Plan {
  const plan: Plan = { goldens: [], seats: [], seatFiles: [] };
  for (const p of paths) {
    const kind = kindOf(p);
    if (kind === 'config') plan.config = { path: p, checkSeats: false };
    else if (kind === 'seat') plan.seats.push(p);
    else plan.goldens.push(p);
  }
  plan.seatFiles = expandSeatPaths(plan.seats);
  return plan;
}

function kindOf(p: string): 'golden' | 'seat' | 'config' {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return 'golden'; // expandGoldenPaths reports the missing path
  if (st.isDirectory()) {
    if (existsSync(join(p, 'golden.yaml'))) return 'golden';
    const entries = readdirSync(p);
    return entries.some((e) => existsSync(join(p, e, 'golden.yaml'))) ? 'golden' : 'seat';
  }
  if (basename(p) === 'golden.yaml') return 'golden';
  if (/\.config\.ya?ml$/.test(basename(p))) return 'config';
  const src = parseYamlSource(p, readInput(p, 'file'));
  const data = src.data as Record<string, unknown> | undefined;
  if (data && typeof data === 'object' && 'provider' in data) return 'seat';
  if (data && typeof data === 'object' && ('parts' in data || 'world' in data)) return 'golden';
  return 'config';
}

function seatReports(
  files: string[],
  seats: { file: string; name: string }[],
  issues: InputIssue[],
): FileReport[] {
  const reports = files.map((file) => {
    const mine = issues.filter((i) => i.file === file);
    return { file, name: seats.find((s) => s.file === file)?.name, valid: !mine.some(isError), issues: mine };
  });
  return reports.sort((a, b) => (a.name ?? a.file).localeCompare(b.name ?? b.file));
}

function markDuplicateIds(goldens: GoldenReport[]): void {
  const seen = new Map<string, string>();
  for (const g of goldens) {
    if (!g.id) continue;
    const prev = seen.get(g.id);
    if (prev && prev !== g.file) {
      const message = `duplicate golden id "${g.id}" (also in ${prev})`;
      g.issues.push(...locateInFile(g.file, [{ path: ['id'], message, severity: 'error' }]));
      g.valid = false;
      g.ok = false;
    } else seen.set(g.id, g.file);
  }
}
