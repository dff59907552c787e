/**
 * `bench diff BASE HEAD` as markdown for a PR comment: the comparison (scoring/compare/compare.ts decides
 * what changed and what regressed under `--fail-on`) rendered as one summary line (the head run's
 * trials, passes, honesty failures, regressions and assertions, then the diff's counts), the
 * head's seat × golden grid (scorecard.md's), a table of the rows that changed (each row once, the
 * crossed figures in bold), and the unchanged rows counted, their figures in a collapsed
 * `<details>`. The whole stays under GitHub's 65,000 characters for a comment (diff-budget.ts).
 */

import { kTokens } from '../../scoring/compare/index.js';
import {
  type CompareOptions,
  type Comparison,
  compareScorecards,
  DEFAULT_FAIL_ON,
  type FailOn,
  failOnRules,
  formatFailOn,
  parseFailOn,
  type RowStatus,
  removalText,
  type Scorecard,
} from '../../scoring/index.js';
import { ci, f2, pct, secs } from '../format.js';
import { gridMd } from '../markdown/index.js';
import { mdCode, mdEsc, mdHead, mdRow } from '../md.js';
import { summaryLine } from '../summary.js';
import { GRID_LEGEND, goldenGrids } from '../terminal/index.js';
import { fitDiffMd } from './budget.js';
import { type Columns, headCells, oneSidedCells, pairedCells } from './cells.js';

export { DEFAULT_FAIL_ON, type FailOn, failOnRules, parseFailOn };

export interface DiffResult {
  markdown: string;
  /** One line per regressed row. */
  regressions: string[];
  changed: boolean;
  counts: Record<RowStatus, number>;
  /** Gate sets whose meaning differs between the runs, one line each. */
  gateSets: string[];
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const md = { strong: (s: string) => `**${s}**`, bad: (s: string) => s };

/**
 * The one line the diff opens with. With the head scorecard: its summary line (trials, pass,
 * honesty failures, the diff's regressions, assertions), then the other counts of the diff.
 */
export function diffSummaryLine(cmp: Comparison, head?: Scorecard): string {
  const c = cmp.counts;
  const total = cmp.rows.length;
  const open = `**bench diff** base → head: ${head ? `${summaryLine(head, md, c.regression)} · ` : ''}`;
  if (!cmp.changed)
    return `${open}No change (${plural(total, 'row')}: every figure, verdict and fingerprint sequence is identical)`;
  const regressions = plural(c.regression, 'regression');
  const parts = [
    ...(head ? [] : [c.regression ? `**${regressions}**` : regressions]),
    plural(c.improvement, 'improvement'),
    plural(c.changed, 'other change'),
    `${c.unchanged} unchanged`,
    ...(c.added ? [`${c.added} added`] : []),
    ...(c.removed ? [`${c.removed} removed`] : []),
  ];
  const hint = cmp.unpaired.length
    ? `; ${cmp.unpaired.map((p) => mdCode(`--pair ${p}`)).join(', ')} would compare the added and removed seat rows`
    : '';
  return `${open}${parts.join(', ')} (${plural(total, 'row')}${hint})`;
}

function changedTable(cmp: Comparison, cols: Columns): string[] {
  const lines: string[] = [];
  for (const r of cmp.rows) {
    if (r.status === 'unchanged') continue;
    if (r.kind === 'paired') lines.push(mdRow(pairedCells(r, cols)));
    else
      lines.push(mdRow(oneSidedCells(r.label, r.status, r.row, r.kind === 'added' ? 'HEAD' : 'BASE', cols)));
  }
  return lines.length ? [mdHead(headCells(cols)), ...lines] : [];
}

function unchangedDetails(cmp: Comparison): string[] {
  const rows = cmp.rows.flatMap((r) => (r.kind === 'paired' && r.status === 'unchanged' ? [r] : []));
  if (!rows.length) return [];
  return [
    '',
    `<details><summary>${plural(rows.length, 'unchanged row')}</summary>`,
    '',
    mdHead(['row', 'n', 'correctness [95% CI]', 'pass rate', 'honesty fails', 'wall p50', 'tokens/trial']),
    ...rows.map(({ label, head: h }) =>
      mdRow([
        mdEsc(label),
        String(h.n),
        `${f2(h.correctness.mean)} ${ci(h.correctness.ci95)}`,
        pct(h.passRate),
        String(h.honestyTrials),
        secs(h.wall.p50),
        kTokens(h.means.tokens),
      ]),
    ),
    '',
    '</details>',
  ];
}

function footnote(cmp: Comparison, cols: Columns, clock: string): string {
  const pairs = Object.entries(cmp.pairs).map(([b, h]) => `${mdEsc(b)} → ${mdEsc(h)}`);
  return [
    `Rules \`${formatFailOn(cmp.rules)}\` (\`--fail-on\` adds to the defaults, \`--fail-on-only\` replaces them): a regression crossed one (bold), an improvement crossed one the other way, another change crossed none.`,
    ...(pairs.length ? [`Gate sets compared across: ${pairs.join(', ')}.`] : []),
    `Wall on the ${clock} clock.`,
    ...(cols.cost ? [] : ['Cost: $0 on every row (no priced seat).']),
  ].join(' ');
}

/**
 * What BASE ran and HEAD does not, right under the summary line: a removed gate set, seat or golden
 * would otherwise pass as fewer rows compared.
 */
function removalLines(cmp: Comparison): string[] {
  if (!cmp.removals.length) return [];
  const judged = cmp.rules.removed
    ? 'a regression under `removed` (`--fail-on-only` without it accepts a removal)'
    : 'not judged: `removed` is not among the rules';
  const list = cmp.removals.map((r) => mdEsc(removalText(r)));
  return ['', `**Removed from HEAD** (${judged}): ${list.join('; ')}.`];
}

/** The head's grid under the summary line: where the run stands, before what changed. */
function headGrid(head: Scorecard): string[] {
  const grids = goldenGrids(head);
  if (!grids.length) return [];
  return ['', `Head: ${GRID_LEGEND}; one line per gate set.`, '', ...gridMd(grids)];
}

/** `head`: the head run's scorecard, for the summary line and the grid (`bench diff` passes it). */
export function renderDiffMd(cmp: Comparison, clock = 'virtual', head?: Scorecard): string {
  const md = [diffSummaryLine(cmp, head), ...removalLines(cmp), ...(head ? headGrid(head) : [])];
  let table: string[] = [];
  let details: string[] = [];
  let foot = '';
  if (cmp.changed) {
    if (cmp.gateSets.length) {
      md.push(
        '',
        '**Gate sets whose meaning differs between BASE and HEAD**: their rows compare different gates, so a change in them is neither a regression nor an improvement of the same gates:',
        ...cmp.gateSets.map((l) => `- ${mdEsc(l)}`),
      );
    }
    const cost = cmp.rows.some((r) =>
      r.kind === 'paired' ? r.base.means.costUsd > 0 || r.head.means.costUsd > 0 : r.row.means.costUsd > 0,
    );
    table = changedTable(cmp, { cost });
    foot = footnote(cmp, { cost }, clock);
    details = unchangedDetails(cmp);
  }
  return fitDiffMd({ opening: md, table, foot, details, unchanged: cmp.counts.unchanged });
}

/** Compare (scoring) and render: what `bench diff` prints and the regressions it exits 1 on. */
export function diffScorecards(
  base: Scorecard,
  head: Scorecard,
  failOn?: FailOn,
  opts: CompareOptions = {},
): DiffResult {
  const cmp = compareScorecards(base, head, failOn, opts);
  const clocks = new Set([base.run.clock, head.run.clock]);
  return {
    markdown: renderDiffMd(cmp, clocks.size === 1 ? [...clocks][0] : 'mixed', head),
    regressions: cmp.regressions,
    changed: cmp.changed,
    counts: cmp.counts,
    gateSets: cmp.gateSets,
  };
}
