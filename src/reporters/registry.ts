/**
 * The reporter registry: `--reporter <name...>` picks from it, `bench report` re-renders through
 * it. Adding a reporter is one file and one line here (its import aside): the names are the keys.
 */
import { InputError } from '../errors.js';
import { htmlReporter } from './html/index.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit/index.js';
import type { Reporter, ReporterFactory, ReporterOptions } from './lifecycle.js';
import { markdownReporter, walltimeReporter } from './markdown/index.js';
import { progressReporter, terminalReporter } from './terminal/index.js';

/** In the order they run: files first, then the terminal table that names them. */
export const REPORTERS = {
  progress: progressReporter,
  markdown: markdownReporter,
  walltime: walltimeReporter,
  json: jsonReporter,
  junit: junitReporter,
  html: htmlReporter,
  terminal: terminalReporter,
} satisfies Record<string, ReporterFactory>;

export type ReporterName = keyof typeof REPORTERS;
export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

/** What `bench run` uses without --reporter: every one, the terminal table last. */
export const DEFAULT_REPORTERS: readonly ReporterName[] = REPORTER_NAMES;

/** `bench report` re-renders a finished folder: nothing to show progress of. */
export const REPORT_REPORTERS: readonly ReporterName[] = REPORTER_NAMES.filter((n) => n !== 'progress');

export function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name);
}

/** Names from the command line (`--reporter markdown,json` or repeated) → names, or exit 2. */
export function parseReporterNames(names: string[]): ReporterName[] {
  const out = names
    .flatMap((n) => n.split(','))
    .map((n) => n.trim())
    .filter(Boolean);
  // `--reporter ''` would otherwise run with no reporter and write nothing, silently
  if (out.length === 0)
    throw new InputError(
      `--reporter ${JSON.stringify(names.join(','))}: names no reporter (give one or more of: ${REPORTER_NAMES.join(', ')})`,
    );
  for (const n of out)
    if (!isReporterName(n))
      throw new InputError(`--reporter: unknown reporter "${n}" (known: ${REPORTER_NAMES.join(', ')})`);
  return [...new Set(out)] as ReporterName[];
}

/** Fresh instances, in registry order (the terminal table prints after the files are written). */
export function createReporters(names: readonly ReporterName[], opts: ReporterOptions = {}): Reporter[] {
  return REPORTER_NAMES.filter((n) => names.includes(n)).map((n) => REPORTERS[n](opts));
}
