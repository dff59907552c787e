/**
 * The `html` reporter: report.html in the run folder (summary, effects, grids, plots, the trial
 * index) and each trial's timeline in report/<render>/ beside it (timelines.ts), loaded when the
 * trial is opened; the page opens from a file:// URL with no network. It reads the trial files the
 * scorecard points at; the goldens (for their truth) come from the plan in a run, and from the
 * paths run.json recorded when a finished folder is re-rendered.
 */
import type { Golden } from '../../formats/golden/index.js';
import { rowKind, type Scorecard } from '../../scoring/index.js';
import type { Reporter, ReporterContext, ReporterFactory } from '../lifecycle.js';
import { gridsOf, indexOf, summaryOf } from './model.js';
import { renderPage } from './page.js';
import { readRunGoldens, readTrialFiles } from './read.js';
import { pruneTimelines, type Timelines, timelineFiles, writeTimelines } from './timelines.js';
import { trialDetail } from './trial.js';

export const REPORT_HTML = 'report.html';

export interface HtmlReport {
  /** report.html's text. */
  page: string;
  /** The trials' timeline files it loads, relative to the run folder. */
  timelines: Timelines;
}

/** report.html and its timelines for a run folder's scorecard; `goldens` default to those run.json names. */
export function renderHtmlReport(dir: string, sc: Scorecard, goldens?: Golden[]): HtmlReport {
  const byId = new Map((goldens ?? readRunGoldens(dir)).map((g) => [g.id, g]));
  const pass = sc.run.thresholds.passCorrectness;
  const details = sc.trials.map((rec) => {
    const files =
      rowKind(rec.seat) === 'baseline'
        ? {
            trace: null,
            theory: null,
            problem: 'a null baseline: it investigates nothing, so it has no trace',
          }
        : readTrialFiles(dir, rec);
    return trialDetail(rec, files, byId.get(rec.golden), pass);
  });
  const timelines = timelineFiles(details);
  const page = renderPage({ sc, summary: summaryOf(sc), grids: gridsOf(sc), index: indexOf(sc), timelines });
  return { page, timelines };
}

export const htmlReporter: ReporterFactory = (): Reporter => {
  let ctx: ReporterContext | undefined;
  let goldens: Golden[] | undefined;
  return {
    onRunStart: (plan, c) => {
      ctx = c;
      if (plan) goldens = [...new Map(plan.trials.map((t) => [t.golden.id, t.golden])).values()];
    },
    onRunEnd: (sc) => {
      if (!sc || !ctx?.dir) return;
      // A resumed or sharded run plans only what it lacks: fall back to run.json for the rest.
      const planned = goldens && sc.run.goldens.every((id) => goldens?.some((g) => g.id === id));
      const { page, timelines } = renderHtmlReport(ctx.dir, sc, planned ? goldens : undefined);
      // The files first, the page that names them next, the older renders last (timelines.ts).
      writeTimelines(ctx.dir, timelines);
      ctx.writeFile(REPORT_HTML, page);
      pruneTimelines(ctx.dir, timelines);
    },
  };
};
