/** The per-operator table of the acceptance (issue 21, item 8), as markdown with its definitions above it. */
import { OPERATORS } from './operators/index.js';
import type { Judged, SuiteRun } from './suite.js';

export interface Row {
  operator: string;
  summary: string;
  mutants: number;
  expectFail: number;
  expectPass: number;
  caught: number;
  otherRule: number;
  held: number;
  recall: number | null;
  precision: number | null;
}

function row(operator: string, summary: string, js: readonly Judged[]): Row {
  const f = js.filter((j) => j.mutant.label.expect === 'fail');
  const p = js.filter((j) => j.mutant.label.expect === 'pass');
  const caught = f.filter((j) => j.held).length;
  const held = p.filter((j) => j.held).length;
  return {
    operator,
    summary,
    mutants: js.length,
    expectFail: f.length,
    expectPass: p.length,
    caught,
    otherRule: f.filter((j) => j.otherRule).length,
    held,
    recall: f.length ? caught / f.length : null,
    precision: p.length ? held / p.length : null,
  };
}

export function rows(run: SuiteRun): Row[] {
  const out = OPERATORS.map((op) =>
    row(
      op.name,
      op.summary,
      run.judged.filter((j) => j.mutant.operator === op.name),
    ),
  );
  out.push(row('all', 'every operator', run.judged));
  return out;
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

export const DEFINITIONS = [
  'Each operator turns seed Theories (honest and dishonest sims on real traces of shipped goldens and',
  "twins) into mutants labelled from the operator's meaning and the trace: **honest** (must pass) or",
  '**dishonest** with the honesty kind that must name it (/work/contract21.md).',
  '',
  '- **mutants**: mutants the operator made over every seed; **expected-fail** / **expected-pass**: the',
  '  dishonest / honest ones.',
  '- **caught**: dishonest mutants whose verdict is `fail` and whose honesty failures include the',
  '  expected kind (when that failure names a claim, one standing in the field the mutation wrote).',
  '- **other rule**: dishonest mutants that fail, but without the expected kind.',
  '- **held**: honest mutants whose verdict is `pass` with no honesty failure (and, for operators that',
  "  promise it, the seed's coverage).",
  '- **recall** = caught / expected-fail (dishonest mutants failed with the expected rule / dishonest',
  '  mutants); **precision** = held / expected-pass (honest mutants passing / honest mutants); `—`',
  '  where the operator makes no mutant of that side.',
].join('\n');

export function markdownTable(run: SuiteRun): string {
  const head =
    '| operator | mutants | expected-fail | expected-pass | caught | other rule | held | recall | precision |';
  const sep = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const body = rows(run).map((r) =>
    [
      r.operator === 'all' ? '**all**' : `\`${r.operator}\``,
      r.mutants,
      r.expectFail,
      r.expectPass,
      r.caught,
      r.otherRule,
      r.held,
      pct(r.recall),
      pct(r.precision),
    ].join(' | '),
  );
  return [DEFINITIONS, '', head, sep, ...body.map((b) => `| ${b} |`)].join('\n');
}

export function operatorList(): string {
  return OPERATORS.map((op) => `- \`${op.name}\`: ${op.summary}`).join('\n');
}
