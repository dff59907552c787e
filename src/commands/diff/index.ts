/**
 * diffRuns: compare two runs (run folders or scorecard.json files) for a PR comment. Each is read
 * by runlog/scorecard.ts `readScorecard` (the schema; an older scorecard scored again from its folder).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError, ThresholdError } from '../../errors.js';
import { type RecordedGateSet, readTrace } from '../../formats/run/index.js';
import { type DiffResult, diffScorecards } from '../../reporters/index.js';
import { readManifest } from '../../runlog/manifest.js';
import { assertFile, writeOutFile } from '../../runlog/out-path.js';
import { readScorecard } from '../../runlog/scorecard.js';
import {
  failOnRules,
  type GateTally,
  parseSetPairs,
  rowKind,
  type Scorecard,
  type TallyOf,
  type TrialRecord,
} from '../../scoring/index.js';
import { baseFromHistory, configHistory } from '../history/index.js';
import { incompleteLine, incompleteRun } from '../report/index.js';

/** Every seat skipped or unscored: a diff against it would find no regression in nothing. */
function assertScored(sc: Scorecard, path: string): void {
  if (sc.rows.some((r) => rowKind(r.seat) === 'seat' && r.n > 0)) return;
  const skipped = sc.skipped.length ? ` (skipped: ${sc.skipped.map((s) => s.seat).join(', ')})` : '';
  throw new InputError(`${path}: no scored trial of any seat, nothing to compare${skipped}`);
}

/** The run folder of a diff argument: the folder itself, or the one a scorecard.json sits in. */
const folderOf = (path: string): string =>
  existsSync(path) && statSync(path).isDirectory() ? path : dirname(path);

/** What each gate set meant in the run beside the scorecard (its run.json), when it says. */
export function readGateSets(path: string): Record<string, RecordedGateSet> | undefined {
  const dir = folderOf(path);
  return existsSync(join(dir, 'run.json')) ? readManifest(dir).gateSets : undefined;
}

/**
 * A trial's gate decisions but `allow`, from the trace in its folder, for a regression's cause;
 * undefined when the folder holds no readable trace (a scorecard.json copied alone): the cause then
 * stands on the scores' counts.
 */
export function traceTally(dirs: { base: string; head: string }): TallyOf {
  return (side: 'base' | 'head', t: TrialRecord): GateTally | undefined => {
    const file = join(dirs[side], t.dir, 'trace.jsonl');
    if (!existsSync(file)) return undefined;
    try {
      const out: GateTally = {};
      for (const e of readTrace(file).events)
        if (e.type === 'gate' && e.decision !== 'allow') {
          const k = `${e.gate} ${e.decision}`;
          out[k] = (out[k] ?? 0) + 1;
        }
      return out;
    } catch (e) {
      if (e instanceof InputError) return undefined;
      throw e;
    }
  };
}

export interface DiffOptions {
  /** Rules added to the defaults (the --fail-on syntax, scoring/compare/fail-on.ts). */
  failOn?: string;
  /** Rules instead of the defaults; `none` judges nothing. */
  failOnOnly?: string;
  /** `BASE_SET=HEAD_SET` gate-set pairings (`--pair all=no-ledger`). */
  pair?: string[];
  /** Also write the markdown there; the path is checked before anything is read. */
  out?: string;
}

export function diffRuns(base: string, head: string, opts: DiffOptions = {}): DiffResult {
  const rules = failOnRules({ add: opts.failOn, only: opts.failOnOnly });
  const pairs = parseSetPairs(opts.pair);
  if (opts.out !== undefined) assertFile(opts.out, '--out');
  // Both read (and schema-checked) before either is judged empty, so a broken file is named first.
  const [b, h] = [readScorecard(base), readScorecard(head)];
  assertScored(b, base);
  assertScored(h, head);
  const dirs = { base: folderOf(base), head: folderOf(head) };
  const incomplete = (['BASE', 'HEAD'] as const).flatMap((side) => {
    const dir = side === 'BASE' ? dirs.base : dirs.head;
    const sc = side === 'BASE' ? b : h;
    const p = existsSync(join(dir, 'run.json')) ? incompleteRun(dir) : sc.meta.incomplete;
    return p ? [{ side, line: incompleteLine(p, dir) }] : [];
  });
  const r = diffScorecards(b, h, rules, {
    incomplete,
    sets: { base: readGateSets(base), head: readGateSets(head) },
    pairs,
    tally: traceTally(dirs),
    headDir: dirs.head,
  });
  if (opts.out !== undefined) writeOutFile(opts.out, r.markdown, '--out');
  return r;
}

/**
 * `bench diff`: the markdown on `write`, then exit 1 (ThresholdError) when a rule was crossed. The
 * markdown names each regression; the error line only counts them, so none is printed twice.
 */
export function diffCommand(
  base: string,
  head: string,
  opts: DiffOptions,
  write: (s: string) => void,
): DiffResult {
  const r = diffRuns(base, head, opts);
  write(r.markdown);
  const n = r.regressions.length;
  const problems = [
    ...r.incomplete,
    ...(n ? [`${n} regression${n === 1 ? '' : 's'} under --fail-on (the rows marked regression above)`] : []),
  ];
  if (problems.length) throw new ThresholdError(problems.join('\n'));
  return r;
}

/**
 * The base of a diff: a run folder or scorecard.json as given, or `last-on-<ref>`, the newest
 * recorded run of `<ref>` in the history (commands/history/base.ts; said on `warn`). A folder that
 * happens to be named so is that folder.
 */
export async function resolveBase(
  base: string,
  opts: { history?: string; config?: string; warn: (line: string) => void },
): Promise<string> {
  if (!base.startsWith('last-on-') || existsSync(base)) return base;
  const target = configHistory(opts.history, opts.config) as string;
  const dir = await baseFromHistory(target, base.slice('last-on-'.length), process.cwd());
  opts.warn(`base: ${dir} (${base} in the history)\n`);
  return dir;
}
