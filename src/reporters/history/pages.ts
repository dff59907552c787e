/**
 * The viewer's history pages (`bench view`, docs/history.md): the runs page (every run, newest
 * first, linked to its report; a trend plot per row: pass rate with its 95% interval, the
 * honesty-failing share, wall p50 and p95, cost per trial; each point a link to that run's report,
 * the run where a regression began drawn red) and one trial of two runs side by side, the first
 * turn where they part highlighted. Plain HTML and inline SVG: no script, no network. Every text
 * from a run is escaped and masked.
 */
import { redact } from '../../errors.js';
import type { AlignedTurn } from '../../scoring/index.js';
import { f2, pct, secs } from '../format.js';
import { esc } from '../html/index.js';
import { changesText } from './changes.js';
import { type TrialComparison, theoryLines, turnLines } from './compare.js';
import type { RunLine, Series, SeriesPoint } from './model.js';

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24}
table{border-collapse:collapse;margin:8px 0 20px}td,th{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
.series{margin:0 0 22px}.plots{display:flex;flex-wrap:wrap;gap:12px}.plot{border:1px solid #ddd;background:#fafafa}
.plot text{font-size:10px;fill:#555}.regressed{fill:#c62828}.improved{fill:#2e7d32}.pt{fill:#1565c0}
.ci{stroke:#90a4ae;stroke-width:2}.line{fill:none;stroke:#1565c0;stroke-width:1.5}.line2{fill:none;stroke:#ef6c00;stroke-width:1.5}
.cols{display:grid;grid-template-columns:4em 1fr 1fr;gap:0}.cols>div{border-bottom:1px solid #eee;padding:3px 6px;white-space:pre-wrap;font:12px ui-monospace,monospace}
.first-diff{background:#fff3c4}.began{color:#c62828}.hd{font-weight:bold;background:#f0f0f0}.note{color:#555}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;

const reportHref = (runId: string): string => `/runs/${encodeURIComponent(runId)}/report.html`;

const W = 280;
const H = 110;
const PAD = { l: 34, r: 8, t: 16, b: 18 };

/** One small plot: y over the series' runs, with optional intervals and a second line. */
function plot(
  title: string,
  kind: string,
  pts: readonly SeriesPoint[],
  y: (p: SeriesPoint) => number,
  opts: { max?: number; ci?: boolean; y2?: (p: SeriesPoint) => number; fmt: (v: number) => string },
): string {
  const values = pts.flatMap((p) => [y(p), ...(opts.y2 ? [opts.y2(p)] : [])]);
  const max = opts.max ?? Math.max(1e-9, ...values);
  const x = (i: number) =>
    PAD.l + (pts.length < 2 ? (W - PAD.l - PAD.r) / 2 : (i * (W - PAD.l - PAD.r)) / (pts.length - 1));
  const yy = (v: number) => PAD.t + (1 - Math.min(1, v / max)) * (H - PAD.t - PAD.b);
  const path = (f: (p: SeriesPoint) => number) =>
    pts.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${yy(f(p)).toFixed(1)}`).join(' ');
  const cis = opts.ci
    ? pts
        .map((p, i) =>
          p.ci95
            ? `<line class="ci" x1="${x(i).toFixed(1)}" x2="${x(i).toFixed(1)}" y1="${yy(p.ci95.lo).toFixed(1)}" y2="${yy(p.ci95.hi).toFixed(1)}"/>`
            : '',
        )
        .join('')
    : '';
  const dots = pts
    .map(
      (p, i) =>
        `<a href="${esc(reportHref(p.runId))}" data-run="${esc(p.runId)}"><circle class="${p.mark ?? 'pt'}" cx="${x(i).toFixed(1)}" cy="${yy(y(p)).toFixed(1)}" r="${p.mark ? 5 : 3.5}"><title>${esc(
          `${p.runId}${p.commit ? ` (${p.commit.slice(0, 8)})` : ''}: ${opts.fmt(y(p))}${p.mark === 'regressed' ? ' — regression begins' : p.mark === 'improved' ? ' — improved' : ''}`,
        )}</title></circle></a>`,
    )
    .join('');
  return `<svg class="plot" data-plot="${esc(kind)}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}">
<text x="${PAD.l}" y="11">${esc(title)}</text><text x="2" y="${PAD.t + 4}">${esc(opts.fmt(max))}</text><text x="2" y="${H - PAD.b}">0</text>
<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${H - PAD.b}" y2="${H - PAD.b}" stroke="#bbb"/>${cis}
<path class="line" d="${path(y)}"/>${opts.y2 ? `<path class="line2" d="${path(opts.y2)}"/>` : ''}${dots}</svg>`;
}

function seriesBlock(s: Series): string {
  const p = s.points;
  const regs = s.regressions.length
    ? `<span class="regressed-note" style="color:#c62828">regression began in ${s.regressions.map((r) => `<a href="${esc(reportHref(r))}">${esc(r)}</a>`).join(', ')}</span>`
    : '<span class="note">no regression</span>';
  return `<section class="series" data-row="${esc(`${s.golden}/${s.seat}/${s.gateSet}`)}"><h3>${esc(`${s.golden} × ${s.seat} × ${s.gateSet}`)}</h3><p>${p.length} runs, oldest first; ${regs}</p><div class="plots">
${plot('pass rate, 95% interval', 'pass-rate', p, (q) => q.passRate, { max: 1, ci: true, fmt: f2 })}
${plot('honesty-failing share', 'honesty', p, (q) => q.honestyShare, { max: 1, fmt: pct })}
${plot('wall p50 (blue) / p95 (orange)', 'wall', p, (q) => q.wallP50, { y2: (q) => q.wallP95, fmt: secs })}
${plot('cost per trial, USD', 'cost', p, (q) => q.costUsd, { fmt: (v) => `$${v.toFixed(4)}` })}
</div></section>`;
}

export interface RunsPage {
  where: string;
  lines: RunLine[];
  series: Series[];
  /** Trial ids of the newest run, offered in the comparison form. */
  trials: string[];
}

export function runsPage(m: RunsPage): string {
  const runs = m.lines
    .map(
      ({ run, changed, passRate, regressions }) =>
        `<tr data-run="${esc(run.id)}"><td><a href="${esc(reportHref(run.id))}">${esc(run.id)}</a></td><td>${esc(run.createdAt)}</td><td>${esc(run.commit ? `${run.commit.slice(0, 8)}${run.dirty ? '+' : ''}` : '-')}</td><td>${esc(changesText(changed))}</td><td>${passRate === null ? '-' : `${pct(passRate)} (${run.passed}/${run.scored})`}</td><td>${run.honestyTrials}</td><td class="began">${esc(regressions.join(', '))}</td><td>${run.wallMs === null ? '-' : secs(run.wallMs)}</td></tr>`,
    )
    .join('');
  const options = m.lines.map(({ run }) => `<option value="${esc(run.id)}">${esc(run.id)}</option>`).join('');
  const form = m.lines.length
    ? `<form id="compare-form" action="/compare" method="get"><label>run A <select name="a">${options}</select></label>
<label>run B <select name="b">${options}</select></label> <label>trial <input name="trial" list="trial-ids" size="60"></label>
<datalist id="trial-ids">${m.trials.map((t) => `<option value="${esc(t)}">`).join('')}</datalist> <button type="submit">compare</button></form>`
    : '';
  return page(
    'rematch: runs',
    `<h1>Runs</h1><p class="note">${esc(m.where)}: ${m.lines.length} runs, newest first; a point links to its run's report; red: where a regression began</p>
<table id="runs"><tr><th>run</th><th>time</th><th>commit</th><th>what changed</th><th>pass rate</th><th>honesty</th><th>regression began</th><th>wall</th></tr>${runs}</table>
<h2>One trial side by side</h2>${form}<h2>Trends per row</h2>${m.series.map(seriesBlock).join('\n')}`,
  );
}

const cell = (t: AlignedTurn | undefined): string => esc(redact(turnLines(t).join('\n')));

export function comparePage(c: TrialComparison): string {
  const first = c.alignment.first;
  const rows = c.alignment.pairs
    .map((p) => {
      const hit = first?.turn === p.turn;
      const cls = hit ? ' class="first-diff"' : '';
      const id = hit ? ' id="first-difference"' : '';
      return `<div${cls}${id} data-turn="${p.turn}">${p.turn}</div><div${cls}>${cell(p.a)}</div><div${cls}>${cell(p.b)}</div>`;
    })
    .join('');
  const side = (s: TrialComparison['a']) =>
    `<section class="side" data-side="${s.label}"><h3>${s.label}: <a href="${esc(reportHref(s.runId))}">${esc(s.runId)}</a></h3>
<p data-verdict="${esc(s.verdict)}">verdict <b>${esc(s.verdict)}</b>, correctness ${f2(s.correctness)}; honesty rules fired: ${esc(s.honestyRules.join(', ') || 'none')}; stop ${esc(s.timeline.stop ?? '-')}</p>
<pre>${esc(redact(theoryLines(s.timeline.theory).join('\n')))}</pre></section>`;
  const headline = first
    ? `<p id="first-difference-note">first difference: turn ${first.turn}, <b>${esc(first.kind)}</b>: ${esc(redact(first.detail))}</p>`
    : '<p id="first-difference-note">the two timelines do not differ</p>';
  return page(
    `rematch: ${c.trial}`,
    `<p><a href="/runs">runs</a></p><h1>${esc(c.trial)}</h1>${headline}
<div class="cols" id="compare"><div class="hd">turn</div><div class="hd">A: ${esc(c.a.runId)}</div><div class="hd">B: ${esc(c.b.runId)}</div>${rows}</div>
${side(c.a)}${side(c.b)}`,
  );
}
