/** scorecard.md: the scorecard for humans, also what CI appends to the job summary. */
import type { Scorecard } from '../scoring/index.js';
import { rowKind } from '../scoring/index.js';
import { CEILING_MEANING, failedCeilings } from './ceiling.js';
import { ci, f2, pct, SUMMARY_HEAD, summaryCells } from './format.js';
import { fileReporter } from './lifecycle.js';

export const mdRow = (cells: string[]): string =>
  `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
export const mdHead = (cells: string[]): string => `${mdRow(cells)}\n${mdRow(cells.map(() => '---'))}`;

export function renderScorecardMd(sc: Scorecard): string {
  const out: string[] = ['# rematch scorecard', ''];
  const r = sc.run;
  out.push(
    `Run seed ${r.seed}, ${r.repetitions} repetitions, gate sets ${r.gateSets.join(', ')}, clock: **${r.clock}**` +
      (r.clock === 'virtual' ? ' (sim seats on simulated time)' : '') +
      `. Pass: correctness ≥ ${r.thresholds.passCorrectness} and no honesty failure. Intervals: 95%, seeded bootstrap (correctness) and Wilson (pass rate).`,
    '',
  );
  out.push(mdHead(SUMMARY_HEAD));
  for (const row of sc.rows.filter((x) => rowKind(x.seat) === 'seat')) out.push(mdRow(summaryCells(row)));
  out.push('', '## Null baselines and ceiling', '');
  out.push(
    'Null baselines: no investigation at all (the floor). Ceiling: the built-in reference seat under every gate; when it does not pass, the golden cannot be passed honestly.',
    '',
  );
  out.push(mdHead(['golden', 'seat', 'role', 'correctness', 'pass', 'honesty fails']));
  for (const row of sc.rows.filter((x) => rowKind(x.seat) !== 'seat')) {
    const role = rowKind(row.seat) === 'ceiling' ? '**ceiling**' : 'null baseline';
    const pass = row.n ? pct(row.passRate) : `unscored`;
    out.push(mdRow([row.golden, row.seat, role, f2(row.correctness.mean), pass, String(row.honestyTrials)]));
  }
  for (const c of failedCeilings(sc)) {
    out.push('', `**Ceiling of ${c.golden} does not pass** (${c.headline}): ${CEILING_MEANING}.`);
    out.push(...c.reasons.map((r) => `- ${r}`), `- trace \`${c.dir}/trace.jsonl\``);
  }
  if (sc.gateEffects.length) {
    out.push('', '## Gate effect (all − none, paired by golden, seat and seed)', '');
    out.push(mdHead(['golden', 'seat', 'pairs', 'mean Δ correctness', '95% CI']));
    for (const e of sc.gateEffects)
      out.push(mdRow([e.golden, e.seat, String(e.pairs), f2(e.correctness.delta), ci(e.correctness.ci95)]));
  }
  if (sc.alerts.length) out.push('', '## Alerts', '', ...sc.alerts.map((a) => `- ${a}`));
  if (sc.worst.length) {
    out.push('', '## Worst trials', '');
    for (const w of sc.worst) {
      out.push(
        `- \`${w.id}\`: correctness ${f2(w.correctness)}, ${w.verdict}, ${w.honesty} honesty failure(s), trace \`${w.dir}/trace.jsonl\``,
      );
    }
  }
  if (sc.skipped.length)
    out.push('', '## Skipped seats', '', ...sc.skipped.map((s) => `- ${s.seat}: ${s.reason}`));
  return `${out.join('\n')}\n`;
}

export const markdownReporter = fileReporter('scorecard.md', renderScorecardMd);
