/** report.html's own styles: system fonts, light and dark, tables that stay narrow. */
export const PAGE_CSS = `
:root{--fg:#1d2125;--bg:#fff;--dim:#6a737d;--line:#d8dee4;--panel:#f6f8fa;--good:#1a7f37;--bad:#cf222e;--mid:#9a6700;
--good-bg:#dafbe1;--bad-bg:#ffebe9;--mid-bg:#fff8c5;--accent:#0969da;--sel:#ddf4ff}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--dim:#8b949e;--line:#30363d;--panel:#161b22;
--good:#3fb950;--bad:#f85149;--mid:#d29922;--good-bg:#12261e;--bad-bg:#2d1417;--mid-bg:#2b2111;--accent:#58a6ff;--sel:#132339}}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);margin:0;padding:16px 24px}
h1{font-size:20px;margin:0}h2{font-size:16px;margin:24px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:14px;margin:0 0 4px}h4{margin:12px 0 4px;font-size:13px}
.dim{color:var(--dim)}.good{color:var(--good)}.bad{color:var(--bad)}.mid{color:var(--mid)}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.summary-line{font-size:16px;margin:12px 0}
ul.assertions{list-style:none;padding:0;margin:4px 0}
.alerts summary{cursor:pointer;color:var(--mid)}
.grids{display:flex;flex-wrap:wrap;gap:16px}
.grid table{border-collapse:collapse}
.grid th,.grid td{border:1px solid var(--line);padding:3px 8px;text-align:left;font-weight:normal;vertical-align:top}
.grid thead th{background:var(--panel);font-weight:600}
.grid th.seat{font-family:ui-monospace,Menlo,monospace;font-size:12px}
td.cell{min-width:96px;font-size:12px}td.cell b{font-size:14px}
td.cell.good{background:var(--good-bg)}td.cell.bad{background:var(--bad-bg)}td.cell.mid{background:var(--mid-bg)}
td.cell .good,td.cell .bad,td.cell .mid{font-weight:600}
td.cell.good{color:var(--fg)}td.cell.bad{color:var(--fg)}td.cell.mid{color:var(--fg)}
.ceiling{font-size:12px;margin:4px 0 0}
.plots{display:flex;flex-wrap:wrap;gap:24px}
figure.plot{margin:0}figure.plot figcaption{font-weight:600;margin-bottom:4px}
#filters{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:8px}
#filters select,#filters input{font:inherit;padding:2px 4px;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:4px}
.split{display:grid;grid-template-columns:minmax(440px,32%) 1fr;gap:16px;align-items:start}
#trial-list{max-height:80vh;overflow:auto;border:1px solid var(--line);border-radius:6px}
#trial-list table{border-collapse:collapse;width:100%;font-size:12px}
#trial-list td,#trial-list th{padding:2px 6px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
#trial-list td.id{white-space:normal;word-break:break-word}#trial-list td.id div{line-height:1.2}#trial-list td.id .mono{font-size:11px}#trial-list td.id .dim{font-size:11px}
#trial-list th{position:sticky;top:0;background:var(--panel)}
#trial-list tr.trial{cursor:pointer}#trial-list tr.trial:hover{background:var(--panel)}
#trial-list tr.selected{background:var(--sel)}
#timeline{min-width:0}
@media (max-width:1000px){.split,.compare{grid-template-columns:1fr}#trial-list{max-height:40vh}}
.verdict{padding:8px 12px;border-radius:6px;margin:8px 0}
.verdict.pass{background:var(--good-bg)}.verdict.fail{background:var(--bad-bg)}.verdict.unscored{background:var(--mid-bg)}
.verdict ul{margin:4px 0;padding-left:20px}
.honesty li{margin:2px 0}
table.events{border-collapse:collapse;width:100%;font-size:12px}
table.events td{padding:2px 6px;border-bottom:1px solid var(--line);vertical-align:top}
table.events td.t{color:var(--dim);text-align:right;white-space:nowrap;font-family:ui-monospace,Menlo,monospace}
table.events tr.node td{background:var(--panel)}
table.events tr.wave-start td{border-top:2px solid var(--line)}
.tag{display:inline-block;padding:0 5px;border-radius:8px;font-size:11px;border:1px solid var(--line);margin-right:4px}
.o-ok{color:var(--good)}.o-empty{color:var(--mid)}.o-rejected{color:#8250df}
.o-error,.o-failed{color:var(--bad)}
.d-allow{color:var(--dim)}.d-steer,.d-defer{color:var(--mid);font-weight:600}.d-halt,.d-block{color:var(--bad);font-weight:600}
.q{font-family:ui-monospace,Menlo,monospace;font-size:11px;color:var(--dim);word-break:break-all}
.measurements{border-collapse:collapse;font-size:12px;width:100%;margin-top:8px}
.measurements th,.measurements td{padding:2px 6px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
.measurements tbody th{background:var(--panel);font-weight:600}
.compare{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.compare>div{border:1px solid var(--line);border-radius:6px;padding:8px 12px;min-width:0}
.compare table{border-collapse:collapse;font-size:12px;width:100%}
.compare td,.compare th{padding:2px 6px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
table.nodes{border-collapse:collapse;font-size:12px}
table.nodes td,table.nodes th{padding:2px 8px;border-bottom:1px solid var(--line);text-align:left}
.u-legend{font-size:12px}
`;
