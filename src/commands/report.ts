/**
 * `bench report DIR`: rebuild a run folder's scorecard from its journal and re-render it through
 * the same reporter registry `bench run` uses (files, and the terminal table when a terminal is
 * given).
 */
import { join } from 'node:path';
import { fanOut, type ReporterContext } from '../reporters/lifecycle.js';
import { createReporters, REPORT_REPORTERS, type ReporterName } from '../reporters/registry.js';
import { writeAtomic } from '../runlog/files.js';
import { lockRunFolder } from '../runlog/lock.js';
import { readManifest } from '../runlog/run-folder.js';
import { scorecardOf } from '../runlog/scorecard.js';
import type { Scorecard } from '../scoring/index.js';

type Warn = (line: string) => void;
type Out = { write(s: string): boolean };
const toStderr: Warn = (l) => process.stderr.write(l);

export interface ReportOptions {
  /** Default: every reporter but progress; the terminal one only when `terminal` is given. */
  reporters?: readonly ReporterName[];
  terminal?: { stdout: Out; stderr: Out; tty: boolean };
  /** The terminal's last line (which reports were written, and where). */
  footer?: string;
}

/** A finished run's scorecard through the reporters: onRunStart without a plan, then onRunEnd. */
export function renderRun(dir: string, sc: Scorecard, opts: ReportOptions = {}): void {
  const quiet: Out = { write: () => true };
  const names = (opts.reporters ?? REPORT_REPORTERS).filter((n) => opts.terminal || n !== 'terminal');
  const reporters = fanOut(createReporters(names));
  const ctx: ReporterContext = {
    ...(opts.terminal ?? { stdout: quiet, stderr: quiet, tty: false }),
    dir,
    pending: 0,
    writeFile: (name, text) => writeAtomic(join(dir, name), text),
    footer: opts.footer,
  };
  reporters.onRunStart(null, ctx);
  reporters.onRunEnd(sc);
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
  renderRun(dir, sc, opts);
  return sc;
}
