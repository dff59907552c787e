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
import { pruneTimelines, streamTimelines, type Timelines, timelineFiles } from './timelines.js';
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
  const detailOf = detailsOf(dir, sc, goldens);
  const timelines = timelineFiles(sc.trials.map((_, i) => detailOf(i)));
  return { page: pageOf(sc, timelines.base), timelines };
}

/** Trial i's detail, read from its files when asked (one at a time: nothing is kept). */
function detailsOf(
  dir: string,
  sc: Scorecard,
  goldens?: Golden[],
): (i: number) => ReturnType<typeof trialDetail> {
  const byId = new Map((goldens ?? readRunGoldens(dir)).map((g) => [g.id, g]));
  const pass = sc.run.thresholds.passCorrectness;
  return (i) => {
    const rec = sc.trials[i];
    const files =
      rowKind(rec.seat) === 'baseline'
        ? {
            trace: null,
            theory: null,
            problem: 'a null baseline: it investigates nothing, so it has no trace',
          }
        : readTrialFiles(dir, rec);
    return trialDetail(rec, files, byId.get(rec.golden), pass);
  };
}

function pageOf(sc: Scorecard, base: string): string {
  return renderPage({
    sc,
    summary: summaryOf(sc),
    grids: gridsOf(sc),
    index: indexOf(sc),
    timelines: { base },
  });
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
      // The files first (one trial at a time: memory does not grow with the run), the page that
      // names them next, the older renders last (timelines.ts).
      const timelines = streamTimelines(
        ctx.dir,
        sc.trials.length,
        detailsOf(ctx.dir, sc, planned ? goldens : undefined),
      );
      ctx.writeFile(REPORT_HTML, pageOf(sc, timelines.base));
      pruneTimelines(ctx.dir, timelines);
    },
  };
};
