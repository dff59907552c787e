/**
 * How a command shows text (color, width, --full), decided from what the CLI read of the process.
 *
 * Color: chalk's own detection of the stdout stream (a TTY, FORCE_COLOR, TERM, CI), then two
 * rules chalk leaves out: NO_COLOR (set and not empty: no color, unless FORCE_COLOR says
 * otherwise, as Node does) and the global `--no-color` flag, which always wins.
 * Width: `--width`, else COLUMNS, else the terminal's columns, else DEFAULT_WIDTH (piped output).
 */
import { DEFAULT_WIDTH, type Display } from '../reporters/lifecycle.js';
import { parseIntFlag } from './flags.js';

export type { Display } from '../reporters/lifecycle.js';

type Env = Record<string, string | undefined>;

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

/** The Display of a command from its flags and what the process says of its stdout. */
export function displayOf(
  flags: DisplayFlags,
  proc: { colorFlag: boolean; env: Env; level: number; columns?: number; tty: boolean },
): Display {
  const width = flags.width === undefined ? undefined : parseIntFlag('--width', flags.width, 20, 10_000);
  return {
    color: colorEnabled({ flag: proc.colorFlag, env: proc.env, level: proc.level }),
    width: displayWidth({ flag: width, env: proc.env, columns: proc.columns, tty: proc.tty }),
    full: Boolean(flags.full),
  };
}
