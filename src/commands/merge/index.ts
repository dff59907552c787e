/** `bench merge DIR... --out D`: shard folders → one run folder, its reports rendered as if one run did it all. */
import { ThresholdError } from '../../errors.js';
import { readManifest } from '../../runlog/manifest.js';
import { mergeRunFolders } from '../../runlog/merge.js';
import { readScorecard } from '../../runlog/scorecard.js';
import type { Scorecard } from '../../scoring/index.js';
import { configFolder, historyTarget, recorder } from '../history/index.js';
import { type ReportOptions, reportUnlocked } from '../report/index.js';

export interface MergeOptions extends ReportOptions {
  warn?: (line: string) => void;
}

export function mergeRuns(dirs: string[], out: string, opts: MergeOptions = {}): Scorecard {
  const { warn = (l: string) => process.stderr.write(l), ...report } = opts;
  return mergeRunFolders(dirs, out, {
    warn,
    report: (dir, w) =>
      reportUnlocked(dir, w, {
        footer: (written) => (written.length ? `reports: ${out}/${written[0]}` : undefined),
        ...report,
      }),
  });
}

/**
 * `bench merge` as the CLI runs it: merged, then recorded in the run history (docs/history.md;
 * `history` false: not). Recorded even when the outcome fails (exit 1): that run is the one a
 * history most needs; a failure to record is a warning.
 */
export async function mergeCommand(
  dirs: string[],
  out: string,
  opts: MergeOptions & { history?: string | false },
): Promise<Scorecard> {
  const { history, ...rest } = opts;
  const warn = rest.warn ?? ((l: string) => process.stderr.write(l));
  let sc: Scorecard | undefined;
  let failure: unknown;
  try {
    sc = mergeRuns(dirs, out, rest);
  } catch (e) {
    failure = e;
  }
  // only a failed outcome (exit 1) leaves a merged run to record; anything else is thrown as it is
  if (failure !== undefined && !(failure instanceof ThresholdError)) throw failure;
  const manifest = readManifest(out);
  const rec = recorder(historyTarget(history, manifest.configFile), 'merge', configFolder(manifest));
  const line = await rec?.record(out, manifest, sc ?? readScorecard(out));
  if (line) warn(line);
  if (failure !== undefined) throw failure;
  return sc as Scorecard;
}
