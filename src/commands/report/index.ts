/**
 * `bench report DIR`: rebuild a run folder's scorecard from its journal and re-render it through
 * the same reporter registry `bench run` uses (files, and the terminal table when a terminal is
 * given).
 */
import { join } from 'node:path';
import { writeAtomic } from '../../formats/files.js';
import { type Display, fanOut, type Out, type ReporterContext } from '../../reporters/lifecycle.js';
import { createReporters, REPORT_REPORTERS, type ReporterName } from '../../reporters/registry.js';
import { lockRunFolder } from '../../runlog/lock.js';
import { readManifest } from '../../runlog/manifest.js';
import { scorecardOf } from '../../runlog/scorecard.js';
import type { Scorecard } from '../../scoring/index.js';
import { checkOutcome, type OutcomeOptions } from '../outcome.js';
import { incompleteRun } from './complete.js';

export { incompleteLine, incompleteRun, type Progress } from './complete.js';

type Warn = (line: string) => void;
const toStderr: Warn = (l) => process.stderr.write(l);

export interface ReportOptions {
  /** Default: every reporter but progress; the terminal one only when `terminal` is given. */
  reporters?: readonly ReporterName[];
  terminal?: Terminal;
  /** The terminal's last line, from the report files written (their names, in order). */
  footer?: (written: string[]) => string | undefined;
  /** Judge the outcome (commands/outcome.ts): exit 1 on a failed assertion or an empty run. */
  outcome?: OutcomeOptions;
}

/** `display`: color, width and --full for the terminal table (reporters/lifecycle.ts). */
export type Terminal = { stdout: Out; stderr: Out; tty: boolean; display?: Display };

/** The reporters' context for a run folder: its files written atomically, and remembered for the footer. */
export function folderContext(
  dir: string,
  terminal: Terminal | undefined,
  pending: number,
  footer?: (written: string[]) => string | undefined,
): ReporterContext {
  const quiet: Out = { write: () => true };
  const written: string[] = [];
  return {
    ...(terminal ?? { stdout: quiet, stderr: quiet, tty: false }),
    dir,
    pending,
    writeFile: (name, text) => {
      writeAtomic(join(dir, name), text);
      written.push(name);
    },
    footer: footer && (() => footer(written)),
  };
}

/** What `bench report` ends with: the files it wrote, where (`reports: DIR/scorecard.md, …`). */
export function reportsLine(dir: string, written: string[]): string | undefined {
  if (!written.length) return undefined;
  return `reports: ${[join(dir, written[0]), ...written.slice(1)].join(', ')}`;
}

/**
 * A finished run's scorecard through the reporters: onRunStart without a plan, then onRunEnd. The
 * footer (default: the files written, where) ends the terminal's output; without the terminal
 * reporter it is written on the terminal by itself, so a report always says what it wrote.
 */
export function renderRun(dir: string, sc: Scorecard, opts: ReportOptions = {}): void {
  const names = (opts.reporters ?? REPORT_REPORTERS).filter((n) => opts.terminal || n !== 'terminal');
  const reporters = fanOut(createReporters(names, { outcome: opts.outcome }));
  const footer = opts.footer ?? ((written: string[]) => reportsLine(dir, written));
  const ctx = folderContext(dir, opts.terminal, 0, footer);
  reporters.onRunStart(null, ctx);
  reporters.onRunEnd(sc);
  const line = opts.terminal && !names.includes('terminal') ? ctx.footer?.() : undefined;
  if (line) opts.terminal?.stdout.write(`${line}\n`);
}

/** `bench report DIR`: re-render every report from the folder's journal, with the folder locked. */
export function reportRun(dir: string, warn: Warn = toStderr, opts: ReportOptions = {}): Scorecard {
  readManifest(dir);
  const lock = lockRunFolder(dir, warn);
  try {
    return reportUnlocked(dir, warn, opts);
  } finally {
    lock.release();
  }
}

/** For a caller that holds the folder's lock already (bench merge). */
export function reportUnlocked(dir: string, warn: Warn = toStderr, opts: ReportOptions = {}): Scorecard {
  const sc = scorecardOf(dir, warn);
  // a folder short of its plan is rendered (what it has is worth reading) but never as complete
  const inc = incompleteRun(dir);
  if (inc) sc.meta.incomplete = inc;
  renderRun(dir, sc, opts);
  if (opts.outcome) checkOutcome(sc, opts.outcome);
  return sc;
}
