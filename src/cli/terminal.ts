/**
 * What the CLI takes from the process and hands to a command: its terminal (streams, whether
 * stdout is a TTY, and how text is shown: commands/display.ts decides color, width and --full
 * from what is read here).
 */
import { supportsColor } from 'chalk';
import type { Command } from 'commander';
import { type Display, type DisplayFlags, displayOf } from '../commands/display.js';

export type { DisplayFlags } from '../commands/display.js';

/** The global `--no-color`, read before any command's action (preAction). */
let colorFlag = true;

export function addColorOption(program: Command): Command {
  return program
    .option('--no-color', 'no escape codes in the output (as NO_COLOR=1 does; FORCE_COLOR=1 forces them)')
    .hook('preAction', (cmd) => {
      colorFlag = cmd.opts().color !== false;
    });
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
  const display = displayOf(flags, {
    colorFlag,
    env: process.env,
    level: supportsColor ? supportsColor.level : 0,
    columns: process.stdout.columns,
    tty,
  });
  return { stdout: process.stdout, stderr: process.stderr, tty, display };
}
