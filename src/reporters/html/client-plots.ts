/**
 * report.html's script, part 2: the three plots, drawn with the inlined uPlot over the run's own
 * seats (references and baselines left out). Score and wall time are histograms with one bar per
 * gate set in each bin; the wall split stacks model, tool and queue time per seat × gate set.
 * Grouped bars in uPlot's aligned mode: each gate set's bars sit at their own x offset inside a bin,
 * the other sets' slots null there.
 */
export const PLOTS_JS = `
var COLORS = ['#0969da', '#d4a72c', '#8250df', '#1a7f37', '#cf222e', '#57606a'];
function plotWidth() { return Math.max(320, Math.min(560, (window.innerWidth - 96) / 2)); }
function grouped(bins, groups, counts) {
  var S = groups.length, w = 0.8 / S, xs = [], cols = groups.map(function () { return []; });
  bins.forEach(function (_, b) {
    groups.forEach(function (_, s) {
      xs.push(b + (s - (S - 1) / 2) * w);
      cols.forEach(function (c, k) { c.push(k === s ? counts[s][b] : null); });
    });
  });
  return [xs].concat(cols);
}
function histogram(id, caption, values, bins, binOf, xlabel) {
  var fig = document.getElementById('plot-' + id);
  fig.querySelector('figcaption').textContent = caption;
  var groups = uniq(values.map(function (v) { return v.g; }));
  var counts = groups.map(function (g) {
    var c = bins.map(function () { return 0; });
    values.forEach(function (v) { if (v.g === g) c[binOf(v.x)]++; });
    return c;
  });
  var series = [{}].concat(groups.map(function (g, s) {
    var col = COLORS[s % COLORS.length];
    return { label: g, stroke: col, fill: col + 'cc', width: 0, points: { show: false },
      paths: uPlot.paths.bars({ size: [0.9, 40] }) };
  }));
  new uPlot({ width: plotWidth(), height: 240, series: series,
    scales: { x: { time: false, range: [-0.6, bins.length - 0.4] }, y: { range: function (u, lo, hi) { return [0, Math.max(1, hi * 1.1)]; } } },
    axes: [{ label: xlabel, splits: function () { return bins.map(function (_, i) { return i; }); },
      values: function (u, sp) { return sp.map(function (i) { return bins[i]; }); }, grid: { show: false } },
      { label: 'trials', incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] }],
    legend: { live: false } }, grouped(bins, groups, counts), fig);
}
function renderPlots() {
  var own = IDX.filter(function (t) { return t.kind === 'seat' && t.verdict !== 'unscored'; });
  var sBins = ['0', '.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9', '1'];
  histogram('score', 'Correctness by gate set (' + own.length + ' scored trials)',
    own.map(function (t) { return { g: t.gateSet, x: t.correctness }; }), sBins,
    function (x) { return Math.max(0, Math.min(10, Math.floor(x * 10 + 1e-9))); }, 'correctness (bin start)');
  var walls = own.map(function (t) { return t.wallMs / 1000; });
  var max = Math.max.apply(null, walls.concat([1]));
  var step = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600].find(function (s) { return max / s <= 12; }) || Math.ceil(max / 12);
  var n = Math.floor(max / step) + 1, wBins = [];
  for (var i = 0; i < n; i++) wBins.push(i * step + 's');
  histogram('wall', 'Wall time by gate set (' + (own[0] ? own[0].clock : '') + ' clock)',
    own.map(function (t) { return { g: t.gateSet, x: t.wallMs / 1000 }; }), wBins,
    function (x) { return Math.min(n - 1, Math.floor(x / step)); }, 'wall time (bin start)');
  renderSplit(own);
}
function renderSplit(own) {
  var fig = document.getElementById('plot-split');
  fig.querySelector('figcaption').textContent = 'Where the wall time went: mean per trial, seat × gate set';
  var keys = uniq(own.map(function (t) { return t.seat + ' · ' + t.gateSet; })).sort();
  var parts = ['modelMs', 'toolMs', 'queueMs'];
  var means = keys.map(function (k) {
    var ts = own.filter(function (t) { return t.seat + ' · ' + t.gateSet === k; });
    return parts.map(function (p) { return ts.reduce(function (s, t) { return s + t[p]; }, 0) / ts.length / 1000; });
  });
  // Stacked by drawing the running totals, tallest first; the legend shows each part's own value.
  var names = ['model', 'tool', 'queue'], cols = ['#0969da', '#1a7f37', '#cf222e'];
  var data = [keys.map(function (_, i) { return i; })];
  var series = [{ label: 'seat · gates', value: function (u, v) { return v == null ? '' : keys[v]; } }];
  for (var p = 2; p >= 0; p--) {
    data.push(means.map(function (m) { return m.slice(0, p + 1).reduce(function (a, b) { return a + b; }, 0); }));
    series.push({ label: names[p], stroke: cols[p], fill: cols[p] + 'dd', width: 0, points: { show: false },
      paths: uPlot.paths.bars({ size: [0.7, 60] }),
      value: (function (pp) { return function (u, v, si, i) { return i == null ? '' : means[i][pp].toFixed(1) + 's'; }; })(p) });
  }
  new uPlot({ width: Math.max(plotWidth(), Math.min(1100, 60 * keys.length + 160)), height: 320, series: series, padding: [12, 150, 0, 0],
    scales: { x: { time: false, range: [-0.6, keys.length - 0.4] }, y: { range: function (u, lo, hi) { return [0, Math.max(1, hi * 1.1)]; } } },
    axes: [{ splits: function () { return data[0]; }, values: function (u, sp) { return sp.map(function (i) { return keys[i] || ''; }); },
      rotate: -35, size: 150, grid: { show: false }, font: '11px system-ui' }, { label: 'seconds' }] }, data, fig);
}
`;
