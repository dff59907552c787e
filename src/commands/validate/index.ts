/**
 * The library side of `bench validate`: every check, the ceiling's reference trial included
 * (validate/ is handed it: it runs a trial), rendered; exit 2 when anything is invalid.
 */
import { existsSync } from 'node:fs';
import { InputError } from '../../errors.js';
import { loadConfig } from '../../formats/load.js';
import { type CeilingRunner, type ValidationReport, validateInputs } from '../../validate/validate.js';
import { formatValidation } from '../../validate/validate-format.js';
import { resolveGoldens, resolveSeats } from '../resolve.js';

export type { ValidationReport } from '../../validate/validate.js';

export interface ValidateOptions {
  /** Config file (default bench.config.yaml in the working directory; absent → defaults). */
  config?: string;
  /** Run each valid golden's ceiling check (default true). */
  ceiling?: boolean;
}

/**
 * The ceiling's reference trial, imported when a golden first needs one: it brings the host, the
 * sim seats and the scorer, a third of validate's modules, which a validation that runs no trial
 * (a golden that fails its schema, a seat, a config, `--no-ceiling`) would load for nothing.
 */
const ceilingCheck: CeilingRunner = async (g, world, config) =>
  (await import('./ceiling.js')).ceilingCheck(g, world, config);

/** `bench validate`'s report as data: goldens (with their ceiling), seats and the config. */
export function validate(paths: string[], opts: ValidateOptions = {}): Promise<ValidationReport> {
  return validateInputs(asPaths(paths, opts.config), {
    config: opts.config,
    ceiling: opts.ceiling === false ? undefined : ceilingCheck,
  });
}

export async function validateCommand(
  paths: string[],
  opts: ValidateOptions & { json?: boolean },
  write: (s: string) => void,
): Promise<void> {
  const report = await validate(paths, opts);
  write(`${opts.json ? JSON.stringify(report, null, 2) : formatValidation(report)}\n`);
  if (!report.ok) {
    const bad =
      report.summary.goldens.failed + report.summary.seats.failed + (report.config?.valid === false ? 1 : 0);
    throw new InputError(
      `validate: ${bad} input${bad === 1 ? '' : 's'} invalid or failing their checks (see above)`,
    );
  }
}

/**
 * References as every command takes them (commands/resolve.ts): a path stays a path; an id, glob or
 * `tag:<t>` becomes the files of the config's goldens it names, else (no golden named) of its seats.
 */
function asPaths(refs: string[], configFile: string | undefined): string[] {
  const config = () => loadConfig(configFile).config;
  return refs.flatMap((ref) => {
    if (existsSync(ref)) return [ref];
    try {
      return resolveGoldens([ref], config).map((g) => g.file);
    } catch (e) {
      if (!(e instanceof InputError) || ref.startsWith('tag:')) throw e;
      try {
        return resolveSeats([ref], config).map((s) => s.file);
      } catch {
        throw e; // the golden's message: goldens are what validate is mostly given
      }
    }
  });
}
