/** The golden.yaml skeleton of a capture: the prompt, parts A (metrics) and B (logs), the world. */
import type { CapturedAlert } from './alert.js';
import { loadBlocks } from './notation.js';
import type { CapturedSeries, CapturedStream, CaptureOptions, MeasureSpec } from './types.js';

const iso = (ms: number) => new Date(ms).toISOString();

function measurement(m: MeasureSpec, truth: number): Record<string, unknown> {
  return { id: m.id, unit: 'value', truth, tolerance: { rel: 0.01 }, source: m.source, route: m.query };
}

function prompt(o: CaptureOptions, alert: CapturedAlert): string {
  const list = (src: MeasureSpec['source']) =>
    o.measures
      .filter((m) => m.source === src)
      .map((m) => `  - ${m.id}: TODO say what to measure.`)
      .join('\n');
  return [
    `You are on call. The alert ${alert.name} fired; it is now ${iso(o.now)}.`,
    'Prometheus holds the metrics and Loki holds the logs.',
    '',
    'Part A (metrics). Measure and report:',
    list('metrics'),
    '',
    'Part B (logs). Measure and report:',
    list('logs'),
    '',
    'Then submit your Theory. A number you did not measure must not be reported as a measurement.',
    '',
  ].join('\n');
}

export function goldenDoc(
  o: CaptureOptions,
  alert: CapturedAlert,
  activeAt: number,
  series: CapturedSeries[],
  streams: CapturedStream[],
  truths: Map<string, number>,
): Record<string, unknown> {
  const part = (src: MeasureSpec['source'], question: string) => ({
    question,
    measurements: o.measures
      .filter((m) => m.source === src)
      .map((m) => measurement(m, truths.get(m.id) ?? 0)),
  });
  return {
    id: o.id,
    title: `Captured: ${alert.name} (TODO title)`,
    description: `Captured by bench capture from ${iso(o.start)} to ${iso(o.end)}.`,
    tags: ['captured'],
    time: { start: iso(o.start), end: iso(o.end), now: iso(o.now) },
    alert: {
      name: alert.name,
      labels: alert.labels,
      expr: alert.expr,
      activeAt: iso(activeAt),
      summary: alert.summary,
      ...(alert.forSeconds ? { for: `${alert.forSeconds}s` } : {}),
      ...(alert.intervalSeconds ? { interval: `${alert.intervalSeconds}s` } : {}),
    },
    prompt: prompt(o, alert),
    parts: { A: part('metrics', 'TODO: the metrics question'), B: part('logs', 'TODO: the logs question') },
    rootCause: { component: 'TODO component', mechanism: 'TODO mechanism', accept: [['todo']] },
    world: {
      metrics: loadBlocks(series, o.start),
      logs: streams
        .filter((s) => s.entries.length > 0)
        .map((s) => ({
          stream: s.labels,
          lines: s.entries.map((e) => ({
            at: new Date(Number(e.ns / 1_000_000n)).toISOString(),
            line: e.line,
            ...(e.metadata ? { metadata: e.metadata } : {}),
          })),
        })),
    },
  };
}
