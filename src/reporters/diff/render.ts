/**
 * `bench diff BASE HEAD` as markdown for a PR comment, leading with the answer (lead.ts): the
 * verdict line, HEAD's failed assertions, what HEAD no longer runs, gate sets that changed meaning,
 * each regression once with its cause; then the improvements, the table of every changed row (the
 * crossed figures in bold) and the rules; and only then, collapsed, HEAD's grid and the unchanged
 * rows. The comparison itself is scoring/compare's; the whole stays under GitHub's 65,000
 * characters for a comment (budget.ts).
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
  type Scorecard,
} from '../../scoring/index.js';
import { ci, f2, pct, secs } from '../format.js';
import { gridMd } from '../markdown/index.js';
import { mdEsc, mdHead, mdRow } from '../md.js';
import { GRID_LEGEND, goldenGrids } from '../terminal/index.js';
import { ablationDiffMd } from './ablation.js';
import { fitDiffMd } from './budget.js';
import { type Columns, headCells, oneSidedCells, pairedCells } from './cells.js';
import {
  failedAssertionLines,
  gateSetLines,
  improvementLines,
  regressionLines,
  removalLines,
  verdictLine,
} from './lead.js';

export { DEFAULT_FAIL_ON, type FailOn, failOnRules, parseFailOn };

export interface DiffResult {
  markdown: string;
  /** One line per regressed row. */
  regressions: string[];
  changed: boolean;
  counts: Record<RowStatus, number>;
  /** Gate sets whose meaning differs between the runs, one line each. */
  gateSets: string[];
  /** A run short of its plan, one line each (`incomplete run: …`): the diff cannot pass. */
  incomplete: string[];
}

/** What the rendering knows beside the comparison. */
export interface DiffRenderOptions {
  /** The clock both runs' wall figures are on ('mixed' when they differ). */
  clock?: string;
  /** HEAD's scorecard: its summary, failed assertions and grid. */
  head?: Scorecard;
  /** BASE's scorecard: whether a failed assertion of HEAD passed there. */
  base?: Scorecard;
  /** HEAD's run folder as the reader names it, for the `bench show` commands (default `HEAD`). */
  headDir?: string;
  /**
   * A side that is an incomplete run, each as `incomplete run: 60 of 153 trials; continue with bench
   * run --resume DIR` and the side: the comment's first lines, since such a diff cannot pass.
   */
  incomplete?: { side: 'BASE' | 'HEAD'; line: string }[];
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The one line the diff opens with (lead.ts). */
export const diffSummaryLine = verdictLine;

function changedRows(cmp: Comparison, cols: Columns): string[] {
  const lines: string[] = [];
  for (const r of cmp.rows) {
    if (r.status === 'unchanged') continue;
    if (r.kind === 'paired') lines.push(mdRow(pairedCells(r, cols)));
    else
      lines.push(mdRow(oneSidedCells(r.label, r.status, r.row, r.kind === 'added' ? 'HEAD' : 'BASE', cols)));
  }
  return lines;
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

/** HEAD's grid, collapsed: where the run stands, after what changed. */
function headGrid(head: Scorecard): string[] {
  const grids = goldenGrids(head);
  if (!grids.length) return [];
  return [
    '',
    `<details><summary>HEAD's grid (${plural(grids.length, 'golden')})</summary>`,
    '',
    `${GRID_LEGEND}; one line per gate set.`,
    '',
    ...gridMd(grids),
    '',
    '</details>',
  ];
}

/** The comment (`clock` kept as the second argument for the callers that pass only it). */
export function renderDiffMd(
  cmp: Comparison,
  clock = 'virtual',
  head?: Scorecard,
  opts: Omit<DiffRenderOptions, 'clock' | 'head'> = {},
): string {
  const lead = [
    ...(opts.incomplete ?? []).map(
      (i) => `**${mdEsc(i.line)}** (${i.side}): a comparison with an incomplete run cannot pass.`,
    ),
    ...(opts.incomplete?.length ? [''] : []),
    verdictLine(cmp, head),
    ...failedAssertionLines(head, opts.base),
    ...removalLines(cmp),
    ...(cmp.changed ? gateSetLines(cmp) : []),
    ...regressionLines(cmp, opts.headDir),
    ...improvementLines(cmp),
  ];
  let rows: string[] = [];
  let tableHead: string[] = [];
  let foot = '';
  const details = [...ablationDiffMd(opts.base, head), ...(head ? headGrid(head) : [])];
  if (cmp.changed) {
    const cost = cmp.rows.some((r) =>
      r.kind === 'paired' ? r.base.means.costUsd > 0 || r.head.means.costUsd > 0 : r.row.means.costUsd > 0,
    );
    rows = changedRows(cmp, { cost });
    tableHead = [`**Every changed row** (${rows.length}):`, '', mdHead(headCells({ cost }))];
    foot = footnote(cmp, { cost }, clock);
    details.push(...unchangedDetails(cmp));
  }
  return fitDiffMd({ opening: lead, tableHead, rows, foot, details, unchanged: cmp.counts.unchanged });
}

/** Compare (scoring) and render: what `bench diff` prints and the regressions it exits 1 on. */
export function diffScorecards(
  base: Scorecard,
  head: Scorecard,
  failOn?: FailOn,
  opts: CompareOptions & Pick<DiffRenderOptions, 'headDir' | 'incomplete'> = {},
): DiffResult {
  const { headDir, incomplete = [], ...compare } = opts;
  const cmp = compareScorecards(base, head, failOn, compare);
  const clocks = new Set([base.run.clock, head.run.clock]);
  const clock = clocks.size === 1 ? [...clocks][0] : 'mixed';
  return {
    markdown: renderDiffMd(cmp, clock, head, { base, headDir, incomplete }),
    regressions: cmp.regressions,
    changed: cmp.changed,
    counts: cmp.counts,
    gateSets: cmp.gateSets,
    incomplete: incomplete.map((i) => `${i.side}: ${i.line}`),
  };
}
