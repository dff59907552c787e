/**
 * `bench diff BASE HEAD` as markdown for a PR comment: the comparison (scoring/compare.ts, which
 * decides what changed and what regressed under `--fail-on`) rendered as a table.
 */
import {
  type Comparison,
  compareScorecards,
  DEFAULT_FAIL_ON,
  type FailOn,
  parseFailOn,
  type RowComparison,
  type RunGateSets,
  type Scorecard,
} from '../scoring/index.js';
import { ci, f2, signed } from './format.js';
import { mdHead, mdRow } from './markdown.js';

export { DEFAULT_FAIL_ON, type FailOn, parseFailOn };

export interface DiffResult {
  markdown: string;
  regressions: string[];
  changed: boolean;
  /** Gate sets whose meaning differs between the runs, one line each. */
  gateSets: string[];
}

function rowLine(r: RowComparison): string {
  if (r.kind !== 'changed') return mdRow([r.label, r.kind, '', '', '', '', '', '', '']);
  const { base: b, head: h } = r;
  return mdRow([
    r.label,
    `${f2(b.correctness.mean)} ${ci(b.correctness.ci95)} → ${f2(h.correctness.mean)} ${ci(h.correctness.ci95)} (${signed(r.dC)})`,
    `${f2(b.passRate)} → ${f2(h.passRate)}`,
    signed(r.dA),
    signed(r.dB),
    r.dH > 0 ? `**+${r.dH} new**` : `${b.honestyTrials} → ${h.honestyTrials}`,
    `${f2(r.rB)} → ${f2(r.rH)}`,
    r.verdicts.join(', ') || '-',
    r.fingerprints.length
      ? r.fingerprints.slice(0, 3).join('; ') + (r.fingerprints.length > 3 ? ' ...' : '')
      : '-',
  ]);
}

export function renderDiffMd(cmp: Comparison): string {
  const { changed, regressions } = cmp;
  const lines = cmp.rows.map(rowLine);
  const md = ['## rematch bench diff', ''];
  if (!changed) md.push('No change: every row, verdict and fingerprint sequence is identical.');
  else {
    if (cmp.gateSets.length) {
      md.push(
        '**Gate sets whose meaning differs between BASE and HEAD**: their rows compare different gates, so a change in them is neither a regression nor an improvement of the same gates:',
        ...cmp.gateSets.map((l) => `- ${l}`),
        '',
      );
    }
    md.push(
      regressions.length
        ? `**${regressions.length} regression(s)** under \`--fail-on\`:`
        : 'Changes, none of them a regression under `--fail-on`.',
    );
    md.push(...regressions.map((r) => `- ${r}`), '');
    md.push(
      mdHead([
        'row',
        'correctness [95% CI]',
        'pass rate',
        'Δ cov A',
        'Δ cov B',
        'honesty',
        'repeats/trial',
        'verdict changes',
        'fingerprint sequences',
      ]),
      ...lines,
    );
  }
  return `${md.join('\n')}\n`;
}

/** Compare (scoring) and render: what `bench diff` prints and the regressions it exits 1 on. */
export function diffScorecards(
  base: Scorecard,
  head: Scorecard,
  failOn?: FailOn,
  sets: RunGateSets = {},
): DiffResult {
  const cmp = compareScorecards(base, head, failOn, sets);
  return {
    markdown: renderDiffMd(cmp),
    regressions: cmp.regressions,
    changed: cmp.changed,
    gateSets: cmp.gateSets,
  };
}
