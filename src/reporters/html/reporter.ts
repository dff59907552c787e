/**
 * The `html` reporter: report.html in the run folder, one self-contained page (summary, grids,
 * plots, every trial's timeline) that opens from a file:// URL with no network. It reads the
 * trial files the scorecard points at; the goldens (for their truth) come from the plan in a run,
 * and from the paths run.json recorded when a finished folder is re-rendered.
 */
import type { Golden } from '../../formats/golden/index.js';
import { rowKind, type Scorecard } from '../../scoring/index.js';
import type { Reporter, ReporterContext, ReporterFactory } from '../lifecycle.js';
import { gridsOf, indexOf, summaryOf } from './model.js';
import { renderPage } from './page.js';
import { readRunGoldens, readTrialFiles } from './read.js';
import { trialDetail } from './trial.js';

export const REPORT_HTML = 'report.html';

/** report.html's text for a run folder's scorecard; `goldens` default to those run.json names. */
export function renderHtmlReport(dir: string, sc: Scorecard, goldens?: Golden[]): string {
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
  return renderPage({ sc, summary: summaryOf(sc), grids: gridsOf(sc), index: indexOf(sc), details });
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
      ctx.writeFile(REPORT_HTML, renderHtmlReport(ctx.dir, sc, planned ? goldens : undefined));
    },
  };
};
