/**
 * `bench history` on a terminal: the runs newest first, one line each, and a row's trend over runs
 * (a table, oldest first, with a sparkline of its pass rate and the run where a regression began
 * marked).
 */
import { Chalk } from 'chalk';
import { sparkline } from '../../scoring/index.js';
import { f2, pct, secs } from '../format.js';
import type { Display } from '../lifecycle.js';
import { renderTable } from '../terminal/index.js';
import { changesText } from './changes.js';
import type { RunLine, Series } from './model.js';

const short = (commit: string | null, dirty: boolean | null): string =>
  commit ? `${commit.slice(0, 8)}${dirty ? '+' : ''}` : '-';
const when = (iso: string): string => iso.replace('T', ' ').slice(0, 16);

export function runsText(lines: readonly RunLine[], where: string, d: Display): string {
  if (!lines.length)
    return `history ${where}: no run recorded yet (bench run records each run; bench history import DIR adds folders)\n`;
  const c = new Chalk({ level: d.color ? 1 : 0 });
  const rows = lines.map(({ run, changed, passRate, regressions }) => [
    run.id,
    when(run.createdAt),
    short(run.commit, run.dirty),
    changesText(changed),
    passRate === null ? '-' : `${pct(passRate)} (${run.passed}/${run.scored})`,
    run.honestyTrials ? c.red(String(run.honestyTrials)) : '0',
    regressions.length
      ? c.red(`◀ ${regressions[0]}${regressions.length > 1 ? ` +${regressions.length - 1}` : ''}`)
      : '',
    run.wallMs === null ? '-' : secs(run.wallMs),
    run.incomplete ? c.yellow('incomplete') : run.source,
  ]);
  const { text } = renderTable(
    [
      { head: 'run' },
      { head: 'time (UTC)', priority: 3 },
      { head: 'commit' },
      { head: 'what changed', floor: 12 },
      { head: 'pass rate', align: 'right' },
      { head: 'honesty', align: 'right', priority: 2 },
      { head: 'regression began', floor: 12 },
      { head: 'wall', align: 'right', priority: 1 },
      { head: 'from', priority: 0 },
    ],
    rows,
    { width: d.width, head: (s) => c.bold(s) },
  );
  return `${text}\n${lines.length} run${lines.length === 1 ? '' : 's'}, newest first; commit+ = uncommitted changes (${where})\n`;
}

export function seriesText(series: readonly Series[], d: Display): string {
  const c = new Chalk({ level: d.color ? 1 : 0 });
  return series
    .map((s) => {
      const rows = s.points.map((p) => [
        p.runId,
        short(p.commit, p.dirty),
        String(p.n),
        `${f2(p.passRate)} ${p.ci95 ? `[${f2(p.ci95.lo)}, ${f2(p.ci95.hi)}]` : ''}`.trim(),
        pct(p.honestyShare),
        `${secs(p.wallP50)} / ${secs(p.wallP95)}`,
        `$${p.costUsd.toFixed(4)}`,
        p.mark === 'regressed'
          ? c.red('◀ regression begins')
          : p.mark === 'improved'
            ? c.green('▲ improved')
            : '',
      ]);
      const { text } = renderTable(
        [
          { head: 'run' },
          { head: 'commit' },
          { head: 'n', align: 'right' },
          { head: 'pass rate [95%]' },
          { head: 'honesty', align: 'right', priority: 2 },
          { head: 'wall p50/p95', priority: 1 },
          { head: 'cost/trial', align: 'right', priority: 0 },
          { head: '' },
        ],
        rows,
        { width: d.width, head: (x) => c.bold(x) },
      );
      const spark = sparkline(s.points.map((p) => (p.n ? p.passRate : null)));
      const regs = s.regressions.length
        ? c.red(`regression began in ${s.regressions.join(', ')}`)
        : 'no regression';
      return `${c.bold(`${s.golden} × ${s.seat} × ${s.gateSet}`)}  pass rate ${spark}  (${s.points.length} runs, oldest first; ${regs})\n${text}\n`;
    })
    .join('\n');
}
