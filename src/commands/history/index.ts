/**
 * `bench history` (docs/history.md): the runs of a history, newest first, one line each; with
 * `--golden`/`--seat`/`--gates`, each matching row's trend over runs, the run where a regression
 * began marked; `--json` the same as data. `bench history import DIR...` and the recorder
 * `bench run` and `bench merge` use live in record.ts; which history, in target.ts.
 */
import { InputError } from '../../errors.js';
import { historyExists, openHistory } from '../../history/index.js';
import { runLines, runsText, seriesOf, seriesText } from '../../reporters/history/index.js';
import type { Display } from '../../reporters/lifecycle.js';

export { baseFromHistory } from './base.js';
export { configFolder, type ImportResult, importRuns, type Recorder, recorder } from './record.js';
export { configHistory, type HistoryFlag, historyTarget } from './target.js';

export interface HistoryOptions {
  golden?: string;
  seat?: string;
  gates?: string;
  /** Runs listed, newest first (default 20). */
  limit?: number;
  /** Shards too (default: their merge stands for them). */
  shards?: boolean;
  json?: boolean;
  display: Display;
}

export async function historyCommand(target: string, opts: HistoryOptions): Promise<string> {
  // reading creates no file: before the first run there is nothing to list
  if (!historyExists(target)) {
    const trend = opts.golden !== undefined || opts.seat !== undefined || opts.gates !== undefined;
    if (opts.json)
      return `${JSON.stringify({ history: target, [trend ? 'series' : 'runs']: [] }, null, 2)}\n`;
    return `history ${target}: no run recorded yet (bench run records each run; bench history import DIR adds folders)\n`;
  }
  const store = await openHistory(target);
  try {
    if (opts.golden === undefined && opts.seat === undefined && opts.gates === undefined) {
      // one more than shown: the oldest line shown says what changed since the run before it
      const limit = opts.limit ?? 20;
      const runs = await store.runs({ limit: limit + 1, shards: opts.shards });
      // a regression begins against every earlier run of its row, not only the runs listed
      const series = seriesOf(await store.points({ shards: opts.shards }));
      const lines = runLines(runs, series).slice(0, limit);
      if (opts.json) return `${JSON.stringify({ history: store.where, runs: lines }, null, 2)}\n`;
      return runsText(lines, store.where, opts.display);
    }
    const series = seriesOf(
      await store.points({ golden: opts.golden, seat: opts.seat, gateSet: opts.gates, shards: opts.shards }),
    );
    if (!series.length) {
      const what = [
        opts.golden && `golden ${opts.golden}`,
        opts.seat && `seat ${opts.seat}`,
        opts.gates && `gate set ${opts.gates}`,
      ]
        .filter(Boolean)
        .join(', ');
      throw new InputError(`history ${store.where}: no recorded row of ${what}`);
    }
    if (opts.json) return `${JSON.stringify({ history: store.where, series }, null, 2)}\n`;
    return seriesText(series, opts.display);
  } finally {
    await store.close();
  }
}
