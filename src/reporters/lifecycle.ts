/**
 * The Reporter lifecycle. A run calls onRunStart once, onTrialEnd as each trial's record is
 * journaled, and onRunEnd with the scorecard; `bench report` and `bench merge` call onRunStart
 * (without a plan) and onRunEnd only. Reporters read results, never the host, and write only
 * through the context: the terminal streams, or a file of the run folder.
 */
import type { RunPlan } from '../plan/plan.js';
import type { RunOutcomeOptions, Scorecard, TrialRecord } from '../scoring/index.js';

/** Where a reporter's text goes: a stream, or a test's string sink. */
export type Out = { write(s: string): boolean };

/**
 * How text for people is shown, decided once at the CLI boundary (cli/terminal.ts) from the
 * flags, the environment and the terminal; absent (an embedding caller): color on a TTY only,
 * the default width, no full table.
 */
export interface Display {
  /** Escape codes allowed (chalk's detection, NO_COLOR, --no-color). */
  color: boolean;
  /** Columns the tables must fit in (--width, COLUMNS, the terminal, else a default). */
  width: number;
  /** `--full`: the terminal prints every golden × seat × gate set row too. */
  full: boolean;
}

/**
 * The width when nothing says one (output piped or in a file, no --width, no COLUMNS): CI log
 * viewers do not wrap, and 120 keeps the gate effect's five intervals side by side.
 */
export const DEFAULT_WIDTH = 120;

export interface ReporterContext {
  /** The run folder the files go to; null when nothing is written (a dry run). */
  dir: string | null;
  stdout: Out;
  stderr: Out;
  /** The streams are a terminal: a progress bar instead of plain lines. */
  tty: boolean;
  display?: Display;
  /** Trials this invocation will execute (those the journal lacks): the progress total. */
  pending: number;
  /** Writes one file of the run folder atomically (runlog/files.ts). */
  writeFile(name: string, text: string): void;
  /** The command's last terminal line, from the files written so far (which reports, and where). */
  footer?: () => string | undefined;
}

export interface Reporter {
  /** `plan` is null when a finished run folder is re-rendered (`bench report`, `bench merge`). */
  onRunStart?(plan: RunPlan | null, ctx: ReporterContext): void;
  onTrialEnd?(record: TrialRecord): void;
  /** `scorecard` is null when the run stopped before it was scored (interrupted). */
  onRunEnd?(scorecard: Scorecard | null): void;
  /**
   * A module (its URL) whose `writeTrialView(input)` makes a file of this reporter's in each
   * trial's folder as the trial ends, wherever it runs (a worker thread loads the module itself):
   * per-trial work moved out of onRunEnd (execute/trial-views.ts).
   */
  trialView?: string;
}

/**
 * What the command was told that decides its exit code (`--allow-empty`, `--min-correctness`):
 * a report that says whether the run failed (junit.xml) must judge it as the exit code does.
 */
export interface ReporterOptions {
  outcome?: RunOutcomeOptions;
}

export type ReporterFactory = (opts?: ReporterOptions) => Reporter;

/** A reporter that renders the scorecard into one file of the run folder. */
export function fileReporter(name: string, render: (sc: Scorecard) => string): ReporterFactory {
  return () => {
    let ctx: ReporterContext | undefined;
    return {
      onRunStart: (_plan, c) => {
        ctx = c;
      },
      onRunEnd: (sc) => {
        if (sc && ctx?.dir) ctx.writeFile(name, render(sc));
      },
    };
  };
}

/** Every reporter of a list, called in order for each hook. */
/** Reporters called as one: every hook in order, and the trial views of them all. */
export type FannedOut = Required<Omit<Reporter, 'trialView'>> & { trialViews: string[] };

export function fanOut(reporters: Reporter[]): FannedOut {
  return {
    trialViews: reporters.flatMap((r) => (r.trialView ? [r.trialView] : [])),
    onRunStart: (plan, ctx) => {
      for (const r of reporters) r.onRunStart?.(plan, ctx);
    },
    onTrialEnd: (rec) => {
      for (const r of reporters) r.onTrialEnd?.(rec);
    },
    onRunEnd: (sc) => {
      for (const r of reporters) r.onRunEnd?.(sc);
    },
  };
}
