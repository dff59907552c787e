/** `--against-world`'s report for people (stderr): the time mapping, one row per call, both verdicts. */
import type { AnswerFigures } from './differ.js';
import type { WorldSection } from './world.js';

const cell = (f: AnswerFigures | undefined): string => {
  if (!f) return '—';
  const parts = [f.outcome, `n=${f.n}`];
  if (f.samples !== undefined) parts.push(`s=${f.samples}`);
  if (f.fault) parts.push(`fault=${f.fault}`);
  return parts.join(' ');
};

const pad = (s: string, w: number): string => (s.length >= w ? s : s + ' '.repeat(w - s.length));

/** A shift as `+2d3h`, `−13m20s`: the largest units, at most two. */
const signed = (ms: number): string => {
  let left = Math.round(Math.abs(ms) / 1000);
  const units: [string, number][] = [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  for (const [u, size] of units) {
    if (left >= size && parts.length < 2) {
      parts.push(`${Math.floor(left / size)}${u}`);
      left %= size;
    } else if (parts.length) break;
  }
  return `${ms < 0 ? '−' : '+'}${parts.join('') || '0s'}`;
};

export function worldTable(w: WorldSection): string {
  const head =
    w.agentNowFrom === 'golden'
      ? `against the world of ${w.golden}: the trace is in the golden's time (now ${w.goldenNow})`
      : `against the world of ${w.golden}: agent now ${w.agentNow} (${w.agentNowFrom === 'flag' ? '--agent-now' : 'the trace'}) → golden now ${w.goldenNow}, times moved ${signed(w.shiftMs)}`;
  const rows = w.calls.map((c) => [
    c.id,
    c.tool,
    cell(c.recorded),
    c.status === 'not asked' ? '—' : cell(c.world),
    c.status === 'not asked'
      ? `not asked: ${c.reason}`
      : c.status === 'same'
        ? 'same'
        : c.differences.join('; '),
  ]);
  const header = ['call', 'tool', 'recorded', 'world', 'where they differ'];
  const widths = header.map((h, i) => Math.min(32, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const line = (r: string[]) =>
    r
      .map((s, i) => (i === r.length - 1 ? s : pad(s, widths[i])))
      .join('  ')
      .trimEnd();
  const { same, differs, notAsked } = w.counts;
  return [
    head,
    line(header),
    ...rows.map(line),
    `calls: ${same} same, ${differs} differ, ${notAsked} not asked`,
    `verdict on the recorded answers: ${w.recorded.verdict} (correctness ${w.recorded.correctness.toFixed(2)}); on the world's: ${w.world.verdict} (correctness ${w.world.correctness.toFixed(2)})`,
    '',
  ].join('\n');
}
