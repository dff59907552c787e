/**
 * What the CLI takes from the process and hands to a command: its terminal (streams, whether
 * stdout is a TTY, and how text is shown: color, width, --full) and the `--reporter` names,
 * checked against the registry (exit 2 when unknown).
 *
 * Color: chalk's own detection of the stdout stream (a TTY, FORCE_COLOR, TERM, CI), then two
 * rules chalk leaves out: NO_COLOR (set and not empty: no color, unless FORCE_COLOR says
 * otherwise, as Node does) and the global `--no-color` flag, which always wins.
 * Width: `--width`, else COLUMNS, else the terminal's columns, else DEFAULT_WIDTH (piped output).
 */
import { supportsColor } from 'chalk';
import type { Command } from 'commander';
import { DEFAULT_WIDTH, type Display } from '../reporters/lifecycle.js';
import type { ReporterName } from '../reporters/registry.js';
import { parseIntFlag } from './flags.js';

type Env = Record<string, string | undefined>;

/** The global `--no-color`, read before any command's action (preAction). */
let colorFlag = true;

export function addColorOption(program: Command): Command {
  return program
    .option('--no-color', 'no escape codes in the output (as NO_COLOR=1 does; FORCE_COLOR=1 forces them)')
    .hook('preAction', (cmd) => {
      colorFlag = cmd.opts().color !== false;
    });
}

/** Pure: `level` is chalk's color level for stdout (0: none). */
export function colorEnabled(o: { flag: boolean; env: Env; level: number }): boolean {
  if (!o.flag) return false;
  if (o.env.FORCE_COLOR !== undefined) return o.level > 0;
  if (o.env.NO_COLOR) return false;
  return o.level > 0;
}

/** Pure: the width the tables are fitted to. */
export function displayWidth(o: { flag?: number; env: Env; columns?: number; tty: boolean }): number {
  if (o.flag !== undefined) return o.flag;
  const cols = Number(o.env.COLUMNS);
  if (Number.isInteger(cols) && cols > 0) return cols;
  if (o.tty && o.columns) return o.columns;
  return DEFAULT_WIDTH;
}

export interface DisplayFlags {
  width?: string;
  full?: boolean;
}

/** `--width` and `--full`, for the commands that print a scorecard (run, report, merge). */
export function addDisplayFlags(cmd: Command): Command {
  return cmd
    .option('--full', 'print every golden × seat × gate set row after the summary')
    .option('--width <n>', 'fit the tables to n columns (default: COLUMNS, the terminal, else 120)');
}

export function terminal(flags: DisplayFlags = {}): {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  tty: boolean;
  display: Display;
} {
  const tty = Boolean(process.stdout.isTTY);
  const width = flags.width === undefined ? undefined : parseIntFlag('--width', flags.width, 20, 10_000);
  const display: Display = {
    color: colorEnabled({
      flag: colorFlag,
      env: process.env,
      level: supportsColor ? supportsColor.level : 0,
    }),
    width: displayWidth({ flag: width, env: process.env, columns: process.stdout.columns, tty }),
    full: Boolean(flags.full),
  };
  return { stdout: process.stdout, stderr: process.stderr, tty, display };
}

export async function reporterFlag(names: string[] | undefined): Promise<ReporterName[] | undefined> {
  if (!names) return undefined;
  const { parseReporterNames } = await import('../reporters/registry.js');
  return parseReporterNames(names);
}
