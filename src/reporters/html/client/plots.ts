/**
 * report.html's script, part 3: the three plots, drawn with the inlined uPlot over the run's own
 * seats (references and baselines left out). Score and wall time are histograms with one bar per
 * gate set in each bin; the wall split stacks model, tool and queue time per seat × gate set.
 * Grouped bars in uPlot's aligned mode: each gate set's bars sit at their own x offset inside a bin,
 * the other sets' slots null there.
 */

const COLORS = ['#0969da', '#d4a72c', '#8250df', '#1a7f37', '#cf222e', '#57606a'];

function plotWidth(): number {
  return Math.max(320, Math.min(560, (window.innerWidth - 96) / 2));
}

/** y from 0 to a tenth above the tallest bar (at least 1). */
const fromZero = (_u: Plot, _lo: number, hi: number): [number, number] => [0, Math.max(1, hi * 1.1)];

function grouped(bins: string[], groups: string[], counts: number[][]): PlotData {
  const S = groups.length;
  const w = 0.8 / S;
  const xs: number[] = [];
  const cols: (number | null)[][] = groups.map(() => []);
  bins.forEach((_, b) => {
    groups.forEach((_, s) => {
      xs.push(b + (s - (S - 1) / 2) * w);
      cols.forEach((c, k) => {
        c.push(k === s ? counts[s][b] : null);
      });
    });
  });
  return [xs, ...cols];
}

function histogram(
  id: string,
  caption: string,
  values: { g: string; x: number }[],
  bins: string[],
  binOf: (x: number) => number,
  xlabel: string,
): void {
  const fig = document.getElementById(`plot-${id}`)!;
  fig.querySelector('figcaption')!.textContent = caption;
  const groups = uniq(values.map((v) => v.g));
  const counts = groups.map((g) => {
    const c = bins.map(() => 0);
    for (const v of values) if (v.g === g) c[binOf(v.x)]++;
    return c;
  });
  const series: PlotSeries[] = [
    {},
    ...groups.map((g, s) => {
      const col = COLORS[s % COLORS.length];
      return {
        label: g,
        stroke: col,
        fill: `${col}cc`,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({ size: [0.9, 40] }),
      };
    }),
  ];
  new uPlot(
    {
      width: plotWidth(),
      height: 240,
      series,
      scales: { x: { time: false, range: [-0.6, bins.length - 0.4] }, y: { range: fromZero } },
      axes: [
        {
          label: xlabel,
          splits: () => bins.map((_, i) => i),
          values: (_u, sp) => sp.map((i) => bins[i]),
          grid: { show: false },
        },
        { label: 'trials', incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] },
      ],
      legend: { live: false },
    },
    grouped(bins, groups, counts),
    fig,
  );
}

function renderPlots(): void {
  const own = IDX.filter((t) => t.kind === 'seat' && t.verdict !== 'unscored');
  const sBins = ['0', '.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9', '1'];
  histogram(
    'score',
    `Correctness by gate set (${own.length} scored trials)`,
    own.map((t) => ({ g: t.gateSet, x: t.correctness })),
    sBins,
    (x) => Math.max(0, Math.min(10, Math.floor(x * 10 + 1e-9))),
    'correctness (bin start)',
  );
  const walls = own.map((t) => t.wallMs / 1000);
  const max = Math.max(...walls, 1);
  const step = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600].find((s) => max / s <= 12) || Math.ceil(max / 12);
  const n = Math.floor(max / step) + 1;
  const wBins: string[] = [];
  for (let i = 0; i < n; i++) wBins.push(`${i * step}s`);
  histogram(
    'wall',
    `Wall time by gate set (${own[0] ? own[0].clock : ''} clock)`,
    own.map((t) => ({ g: t.gateSet, x: t.wallMs / 1000 })),
    wBins,
    (x) => Math.min(n - 1, Math.floor(x / step)),
    'wall time (bin start)',
  );
  renderSplit(own);
}

function renderSplit(own: Trial[]): void {
  const fig = document.getElementById('plot-split')!;
  fig.querySelector('figcaption')!.textContent = 'Where the wall time went: mean per trial, seat × gate set';
  const keyOf = (t: Trial) => `${t.seat} · ${t.gateSet}`;
  const keys = uniq(own.map(keyOf)).sort();
  const parts = ['modelMs', 'toolMs', 'queueMs'] as const;
  const means = keys.map((k) => {
    const ts = own.filter((t) => keyOf(t) === k);
    return parts.map((p) => ts.reduce((s, t) => s + t[p], 0) / ts.length / 1000);
  });
  // Stacked by drawing the running totals, tallest first; the legend shows each part's own value.
  const names = ['model', 'tool', 'queue'];
  const cols = ['#0969da', '#1a7f37', '#cf222e'];
  const data: PlotData = [keys.map((_, i) => i)];
  const series: PlotSeries[] = [{ label: 'seat · gates', value: (_u, v) => (v == null ? '' : keys[v]) }];
  for (let p = 2; p >= 0; p--) {
    data.push(means.map((m) => m.slice(0, p + 1).reduce((a, b) => a + b, 0)));
    series.push({
      label: names[p],
      stroke: cols[p],
      fill: `${cols[p]}dd`,
      width: 0,
      points: { show: false },
      paths: uPlot.paths.bars!({ size: [0.7, 60] }),
      value: (_u, _v, _si, i) => (i == null ? '' : `${means[i][p].toFixed(1)}s`),
    });
  }
  new uPlot(
    {
      width: Math.max(plotWidth(), Math.min(1100, 60 * keys.length + 160)),
      height: 320,
      series,
      padding: [12, 150, 0, 0],
      scales: { x: { time: false, range: [-0.6, keys.length - 0.4] }, y: { range: fromZero } },
      axes: [
        {
          splits: () => data[0] as number[],
          values: (_u, sp) => sp.map((i) => keys[i] || ''),
          rotate: -35,
          size: 150,
          grid: { show: false },
          font: '11px system-ui',
        },
        { label: 'seconds' },
      ],
    },
    data,
    fig,
  );
}
