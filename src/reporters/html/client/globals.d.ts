/**
 * What report.html's script sees as globals: the inlined uPlot, and the types of the JSON blocks
 * the page embeds, imported from the modules that build them, so the page and its script are
 * checked against one contract. The script files beside this one are plain scripts (no import,
 * no export): they share one scope, as they do once concatenated into the page's one <script>.
 */
import type UPlot from 'uplot';
import type { IndexBlock, TrialIndex } from '../model.js';
import type { TimelineRow } from '../rows.js';
import type { TrialDetail, TruthMeasurement } from '../trial.js';

declare global {
  const uPlot: typeof UPlot;
  type Plot = UPlot;
  type PlotData = UPlot.AlignedData;
  type PlotSeries = UPlot.Series;
  type Page = IndexBlock;
  type Trial = TrialIndex;
  type Detail = TrialDetail;
  type Row = TimelineRow;
  type Truth = TruthMeasurement;
}
