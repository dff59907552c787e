/** The library side of `bench validate`: run, render, and fail with exit 2 when anything is invalid. */
import { InputError } from '../errors.js';
import { type ValidateOptions, validate } from '../validate/validate.js';
import { formatValidation } from '../validate/validate-format.js';

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
