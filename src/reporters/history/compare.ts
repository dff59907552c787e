/**
 * `bench compare RUN_A RUN_B TRIAL` on a terminal: the two timelines turn by turn in two columns,
 * the first turn where they part marked (▶, and what differs), then each side's verdict, the
 * honesty rules that fired and its Theory.
 */
import { Chalk } from 'chalk';
import type { Theory } from '../../formats/theory.js';
import type { AlignedTurn, Alignment, TrialTimeline } from '../../scoring/index.js';
import { f2 } from '../format.js';
import type { Display } from '../lifecycle.js';

export interface TrialSide {
  /** A for the first run named, B for the second. */
  label: 'A' | 'B';
  runId: string;
  dir: string;
  trial: string;
  verdict: string;
  correctness: number;
  honestyRules: string[];
  timeline: TrialTimeline;
}

export interface TrialComparison {
  trial: string;
  a: TrialSide;
  b: TrialSide;
  alignment: Alignment;
}

/** One turn as lines: its calls (tool → outcome n: what) and its gate decisions. */
export function turnLines(t: AlignedTurn | undefined): string[] {
  if (!t) return ['(ended)'];
  // the outcome before the query: a long query is cut at the column's end, never what it gave
  const calls = t.calls.map(
    (c) => `${c.tool} → ${c.outcome ?? '?'}${c.n === null ? '' : ` n=${c.n}`}: ${c.what}`,
  );
  const gates = t.gates.map((g) => `${g.gate}: ${g.decision}`);
  const lines = [...calls, ...gates];
  return lines.length ? lines : [t.text ? `“${t.text.slice(0, 80)}”` : '(no call)'];
}

export function theoryLines(t: Theory | null): string[] {
  if (!t) return ['(no Theory)'];
  return [
    `root cause: ${t.rootCause.component} / ${t.rootCause.mechanism}`,
    ...(['A', 'B'] as const).map(
      (p) =>
        `part ${p}: ${t.parts[p].status}, ${t.parts[p].measurements.length} measurement(s), ${t.parts[p].gaps.length} gap(s)`,
    ),
    `summary: ${t.summary}`,
  ];
}

const cut = (s: string, w: number): string => (s.length <= w ? s.padEnd(w) : `${s.slice(0, w - 1)}…`);

export function compareText(c: TrialComparison, d: Display): string {
  const paint = new Chalk({ level: d.color ? 1 : 0 });
  const col = Math.max(20, Math.floor((d.width - 9) / 2));
  const out: string[] = [];
  const side = (s: TrialSide) =>
    `${s.label}: run ${s.runId}: ${s.verdict} (correctness ${f2(s.correctness)}), honesty: ${s.honestyRules.join(', ') || 'none'}`;
  out.push(paint.bold(`${c.trial}`), side(c.a), side(c.b), '');
  const first = c.alignment.first;
  out.push(
    first
      ? paint.yellow(`first difference: turn ${first.turn}, ${first.kind}: ${first.detail}`)
      : paint.green('the two timelines do not differ'),
    '',
  );
  out.push(`${'turn'.padEnd(6)} ${cut('A', col)} │ ${cut('B', col)}`);
  for (const p of c.alignment.pairs) {
    const [la, lb] = [turnLines(p.a), turnLines(p.b)];
    const mark = first?.turn === p.turn;
    for (let i = 0; i < Math.max(la.length, lb.length); i++) {
      const head = i === 0 ? `${mark ? '▶' : ' '}${String(p.turn).padStart(4)} ` : '      ';
      const line = `${head} ${cut(la[i] ?? '', col)} │ ${cut(lb[i] ?? '', col)}`;
      out.push(mark ? paint.yellow(line) : line);
    }
  }
  out.push('', `stop: A ${c.a.timeline.stop ?? '-'}, B ${c.b.timeline.stop ?? '-'}`, '');
  for (const s of [c.a, c.b])
    out.push(paint.bold(`Theory ${s.label}`), ...theoryLines(s.timeline.theory).map((l) => `  ${l}`), '');
  return `${out.join('\n')}\n`;
}
