/** `bench merge DIR... --out D`: shard folders → one run folder, its reports rendered as if one run did it all. */
import { mergeRunFolders } from '../../runlog/merge.js';
import type { Scorecard } from '../../scoring/index.js';
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
