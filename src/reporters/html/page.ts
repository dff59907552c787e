/**
 * report.html as one string: the effects, the summary and the grids rendered here (readable
 * without scripts), the plots and the trial list drawn by the page's own script (client/) from the
 * index block. A trial's detail is not in the page: it is its own script file (timelines.ts),
 * loaded when the trial is opened, so the page's size and load time follow the index, not the
 * traces. No network: uPlot, the styles and the script are inline (assets.ts).
 */
import type { Scorecard } from '../../scoring/index.js';
import { f2, pct, secs } from '../format.js';
import { summaryLine } from '../summary.js';
import { ablationHtml } from './ablation.js';
import { pageAssets } from './assets.js';
import { effectsHtml } from './effects.js';
import { esc, jsonBlock, rawBlock } from './escape.js';
import { judgeHtml } from './judge.js';
import type { Grid, IndexBlock, Summary, TrialIndex } from './model.js';

export interface PageInput {
  sc: Scorecard;
  summary: Summary;
  grids: Grid[];
  index: TrialIndex[];
  /** Where the trials' timeline scripts are, relative to the page (timelines.ts). */
  timelines: { base: string };
}

/**
 * The summary line is the terminal's and scorecard.md's (reporters/summary.ts), in the same words:
 * trials, passes over scored trials, honesty failures counted in trials; what only the page adds
 * (the failures in all, the references beside, the clock) follows it, labelled.
 */
function summaryHtml(s: Summary, sc: Scorecard): string {
  const line = summaryLine(sc, {
    strong: (x) => `<b>${esc(x)}</b>`,
    bad: (x) => `<span class="bad">${esc(x)}</span>`,
  });
  const items = [
    line,
    `<span class="dim">${s.honestyFailures} honesty failures in all${s.references ? ` · ${s.references} reference and baseline trials beside, not counted` : ''} · clock ${esc(s.clock)}</span>`,
  ];
  const asserts = s.assertions.length
    ? `<ul class="assertions">${s.assertions
        .map(
          (a) =>
            `<li class="${a.ok ? 'good' : a.skipped ? 'dim' : 'bad'}">${a.ok ? '✓' : a.skipped ? '–' : '✗'} ${esc(a.name)}${a.detail ? ` <span class="dim">${esc(a.detail)}</span>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  // Steer-then-halt is the ledger working (expected); a failed ceiling is not (the golden cannot be passed).
  const alerts = sc.alerts.length
    ? `<details class="alerts expected"><summary>${sc.alerts.length} steer-then-halt alert${sc.alerts.length > 1 ? 's' : ''}: expected, the ledger steered and then halted a repeated failed probe</summary><ul>${sc.alerts.map((a) => `<li>${esc(a)}</li>`).join('')}</ul></details>`
    : '';
  const ceilings = (sc.ceilings ?? []).filter((c) => c.verdict !== 'pass');
  const unexpected = ceilings.length
    ? `<ul class="alerts unexpected">${ceilings.map((c) => `<li class="bad">unexpected: the ceiling of ${esc(c.golden)} does not pass (${esc(c.headline)}): its rows say nothing about the gates</li>`).join('')}</ul>`
    : '';
  const skipped = sc.skipped.map((x) => `<li>seat ${esc(x.seat)} skipped: ${esc(x.reason)}</li>`).join('');
  return `<section id="summary"><p class="summary-line">${items.join('<br>')}</p>${asserts}${unexpected}${alerts}${skipped ? `<ul>${skipped}</ul>` : ''}</section>`;
}

function cellHtml(g: Grid, seat: string, gate: string): string {
  const c = g.cells[seat]?.[gate];
  if (!c) return '<td class="empty">–</td>';
  const tone = c.passRate >= 0.8 ? 'good' : c.passRate >= 0.4 ? 'mid' : 'bad';
  const honesty = c.honestyFailures ? `<span class="bad">${c.honestyFailures} honesty</span>` : '';
  const attrs = `data-golden="${esc(g.golden)}" data-seat="${esc(seat)}" data-gate="${esc(gate)}"`;
  return `<td class="cell ${tone}" ${attrs} title="n=${c.n}${c.unscored ? ` (+${c.unscored} unscored)` : ''}, wall p50 ${secs(c.wallP50)}"><b>${pct(c.passRate)}</b> pass<br><span class="dim">corr ${f2(c.correctness)} · ${secs(c.wallP50)}</span> ${honesty}</td>`;
}

function gridHtml(g: Grid): string {
  const head = g.gateSets.map((x) => `<th>${esc(x)}</th>`).join('');
  const rows = g.seats
    .map(
      (s) => `<tr><th class="seat">${esc(s)}</th>${g.gateSets.map((x) => cellHtml(g, s, x)).join('')}</tr>`,
    )
    .join('');
  const ceiling = g.ceiling
    ? `<p class="ceiling ${g.ceiling.verdict === 'pass' ? 'good' : 'bad'}">ceiling: ${esc(g.ceiling.headline)}</p>`
    : '';
  return `<div class="grid"><h3>${esc(g.golden)}</h3><table><thead><tr><th>seat \\ gates</th>${head}</tr></thead><tbody>${rows}</tbody></table>${ceiling}</div>`;
}

export function renderPage(p: PageInput): string {
  const a = pageAssets();
  const index: IndexBlock = {
    index: p.index,
    passCorrectness: p.sc.run.thresholds.passCorrectness,
    timelines: p.timelines.base,
  };
  const title = `rematch report ${p.sc.meta.runId}`;
  const plots = ['score', 'wall', 'split']
    .map((id) => `<figure class="plot" id="plot-${id}"><figcaption></figcaption></figure>`)
    .join('');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${esc(title)}</title>`,
    rawBlock('style', a.uplotCss),
    rawBlock('style', a.css),
    '</head><body>',
    `<header><h1>${esc(title)}</h1><p class="dim">seed ${p.sc.run.seed} · ${p.sc.run.repetitions} repetitions · gate sets ${esc(p.sc.run.gateSets.map((n) => (p.sc.run.gates?.[n] ? `${n} (${p.sc.run.gates[n]})` : n)).join(', '))} · generated ${esc(p.sc.meta.generatedAt)}</p></header>`,
    effectsHtml(p.sc),
    ablationHtml(p.sc),
    summaryHtml(p.summary, p.sc),
    `<section id="grids"><h2>Seat × gate set, per golden</h2><div class="grids">${p.grids.map(gridHtml).join('')}</div></section>`,
    judgeHtml(p.sc),
    `<section id="plots"><h2>Distributions</h2><div class="plots">${plots}</div></section>`,
    '<section id="trials"><h2>Trials</h2><div id="filters"></div><div class="split"><div id="trial-list"></div><div id="timeline"><p class="dim">Pick a trial to see its timeline.</p></div></div></section>',
    jsonBlock('rematch-index', index),
    rawBlock('script', a.uplotJs),
    rawBlock('script', a.script),
    '</body></html>',
  ].join('\n');
}
