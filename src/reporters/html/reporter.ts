/**
 * The `html` reporter: report.html in the run folder (summary, effects, grids, plots, the trial
 * index) and each trial's timeline in report/<render>/ beside it (timelines.ts), loaded when the
 * trial is opened; the page opens from a file:// URL with no network. It reads the trial files the
 * scorecard points at; the goldens (for their truth) come from the plan in a run, and from the
 * paths run.json recorded when a finished folder is re-rendered.
 */
import { join } from 'node:path';
import type { Golden } from '../../formats/golden/index.js';
import { rowKind, type Scorecard } from '../../scoring/index.js';
import type { Reporter, ReporterContext, ReporterFactory } from '../lifecycle.js';
import { safeJson } from './escape.js';
import { gridsOf, indexOf, summaryOf } from './model.js';
import { renderPage } from './page.js';
import { readRunGoldens } from './read.js';
import { pruneTimelines, streamTimelines, type Timelines, timelineFiles } from './timelines.js';
import { trialDetail } from './trial.js';
import { detailText, readTrialView, viewKey } from './trial-view.js';

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

/**
 * Trial i's detail as safe JSON text, one at a time (nothing is kept): the one its folder holds
 * for the trial's record (made as the trial ended, trial-view.ts), else made from its files.
 */
function detailsOf(dir: string, sc: Scorecard, goldens?: Golden[]): (i: number) => string {
  const byId = new Map((goldens ?? readRunGoldens(dir)).map((g) => [g.id, g]));
  const pass = sc.run.thresholds.passCorrectness;
  return (i) => {
    const rec = sc.trials[i];
    const golden = byId.get(rec.golden);
    if (rowKind(rec.seat) === 'baseline') {
      const none = {
        trace: null,
        theory: null,
        problem: 'a null baseline: it investigates nothing, so it has no trace',
      };
      return safeJson(trialDetail(rec, none, golden, pass));
    }
    const folder = join(dir, rec.dir);
    return (
      readTrialView(folder, viewKey(folder, rec.id, rec.score, golden, pass)) ??
      detailText(folder, rec, golden, pass)
    );
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
    // the module beside this one, as this one is loaded (built .js, or .ts sources under vitest)
    trialView: new URL(`./trial-view${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url)
      .href,
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
