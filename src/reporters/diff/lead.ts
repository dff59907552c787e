/**
 * The part of the `bench diff` comment a reviewer reads first, in the order they need it: the
 * verdict with its counts; every failed assertion of HEAD by name, its sentence and the rows that
 * broke it; what HEAD no longer runs; gate sets that changed meaning; then each regression once with
 * its cause (the gate decisions and honesty rules that changed, the trials that moved, and a `bench
 * show` command for one of them). The figures and the head's grids come after (render.ts).
 */
import {
  type Cause,
  type Comparison,
  type Count,
  type RowComparison,
  removalText,
  type Scorecard,
} from '../../scoring/index.js';
import { mdCode, mdEsc, mdText } from '../md.js';
import { summaryLine } from '../summary.js';
import { reps, trialsCell } from './cells.js';

type Paired = Extract<RowComparison, { kind: 'paired' }>;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const bold = { strong: (s: string) => `**${s}**`, bad: (s: string) => s };

/** At most this many regressions are listed with their causes; the table below has every row. */
export const LISTED_REGRESSIONS = 20;
const LISTED_IMPROVEMENTS = 10;

export type Verdict = 'regressed' | 'improved' | 'changed, no rule crossed' | 'unchanged';

export function diffVerdict(cmp: Comparison): Verdict {
  if (cmp.counts.regression) return 'regressed';
  if (cmp.counts.improvement) return 'improved';
  return cmp.changed ? 'changed, no rule crossed' : 'unchanged';
}

/** The one line the comment opens with: the verdict, the diff's counts, then HEAD's own summary. */
export function verdictLine(cmp: Comparison, head?: Scorecard): string {
  const c = cmp.counts;
  const rows = plural(cmp.rows.length, 'row');
  const counts = cmp.changed
    ? [
        plural(c.regression, 'regression'),
        plural(c.improvement, 'improvement'),
        plural(c.changed, 'other change'),
        `${c.unchanged} unchanged`,
        ...(c.added ? [`${c.added} added`] : []),
        ...(c.removed ? [`${c.removed} removed`] : []),
      ].join(', ') + ` (${rows})`
    : `${rows}: every figure, verdict and fingerprint sequence is identical`;
  const of = head ? ` · HEAD: ${summaryLine(head, bold, null)}` : '';
  return `**bench diff: ${diffVerdict(cmp)}** · ${counts}${of}`;
}

/** HEAD's failed `assert:` rules, each with its sentence and the rows that broke it. */
export function failedAssertionLines(head?: Scorecard, base?: Scorecard): string[] {
  const all = head?.assertions ?? [];
  const failed = all.filter((a) => !a.passed && !a.skipped);
  if (!failed.length) return [];
  const before = new Map((base?.assertions ?? []).map((a) => [a.id, a]));
  const was = (id: string): string => {
    const b = before.get(id);
    if (!b) return '';
    return b.passed ? ' (passed in BASE)' : b.skipped ? ' (not judged in BASE)' : ' (failed in BASE too)';
  };
  return [
    '',
    `**Failed assertions in HEAD** (${failed.length} of ${all.length}):`,
    '',
    ...failed.map((a) => `- ❌ ${mdCode(a.id)}${was(a.id)}: ${mdText(a.rule)}: ${mdText(a.detail)}`),
  ];
}

/** What BASE ran and HEAD does not: a removed gate set, seat or golden would pass as fewer rows compared. */
export function removalLines(cmp: Comparison): string[] {
  if (!cmp.removals.length) return [];
  const judged = cmp.rules.removed
    ? 'a regression under `removed`; `--fail-on-only` without it accepts a removal'
    : 'not judged: `removed` is not among the rules';
  const list = cmp.removals.map((r) => mdEsc(removalText(r)));
  const hint = cmp.unpaired.length
    ? ` ${cmp.unpaired.map((p) => mdCode(`--pair ${p}`)).join(', ')} would compare the removed seat rows with the added ones.`
    : '';
  return ['', `**Removed from HEAD** (${judged}): ${list.join('; ')}.${hint}`];
}

export function gateSetLines(cmp: Comparison): string[] {
  if (!cmp.gateSets.length) return [];
  return [
    '',
    '**Gate sets whose meaning differs between BASE and HEAD**: their rows compare different gates, so a change in them is neither a regression nor an improvement of the same gates:',
    '',
    ...cmp.gateSets.map((l) => `- ${mdEsc(l)}`),
  ];
}

const counted = (c: Count): string => `${mdEsc(c.what)} ${c.base} → ${c.head}`;

/** The cause of one regression in words: gate decisions, honesty rules, else what else moved. */
function causeText(r: Paired, cause: Cause): string {
  const parts: string[] = [];
  if (cause.gates.length)
    parts.push(
      cause.from === 'traces'
        ? `gate decisions ${cause.gates.map(counted).join(', ')}`
        : `${cause.gates.map(counted).join(', ')} (the scores' counts: no trace read)`,
    );
  if (cause.honesty.length) parts.push(`honesty rules fired ${cause.honesty.map(counted).join(', ')}`);
  if (!parts.length) parts.push(`no gate decision or honesty rule changed; ${mdEsc(trialsCell(r))}`);
  return parts.join('; ');
}

/** `bench show` of the first HEAD trial that moved (its folder under HEAD's run folder). */
function trialLine(cause: Cause, headDir: string): string | undefined {
  const [first] = cause.trials;
  if (!first) return undefined;
  const ids = reps(cause.trials.map((t) => t.rep));
  return `HEAD trials that moved: ${ids} (${mdCode(first.id)}${cause.trials.length > 1 ? ' …' : ''}); open one: ${mdCode(`bench show ${headDir}/${first.dir}`)}`;
}

/** Each regressed row of both runs once, with its cause; at most LISTED_REGRESSIONS of them. */
export function regressionLines(cmp: Comparison, headDir = 'HEAD'): string[] {
  const paired = cmp.rows.filter((r): r is Paired => r.kind === 'paired' && r.status === 'regression');
  if (!paired.length) return [];
  const out = ['', `**Regressions** (${paired.length}; each once, with what changed in its trials):`, ''];
  paired.slice(0, LISTED_REGRESSIONS).forEach((r, i) => {
    out.push(`${i + 1}. **${mdEsc(r.label)}**: ${mdEsc(r.regressions.map((f) => f.text).join('; '))}`);
    if (!r.cause) return;
    out.push(`   - cause: ${causeText(r, r.cause)}`);
    const t = trialLine(r.cause, headDir);
    if (t) out.push(`   - ${t}`);
  });
  if (paired.length > LISTED_REGRESSIONS)
    out.push('', `… and ${paired.length - LISTED_REGRESSIONS} more regressions, in the table below.`);
  return out;
}

/** Each improved row in one line; at most LISTED_IMPROVEMENTS. */
export function improvementLines(cmp: Comparison): string[] {
  const rows = cmp.rows.filter((r): r is Paired => r.kind === 'paired' && r.status === 'improvement');
  if (!rows.length) return [];
  const more = rows.length > LISTED_IMPROVEMENTS ? [`- … and ${rows.length - LISTED_IMPROVEMENTS} more`] : [];
  return [
    '',
    `**Improvements** (${rows.length}):`,
    '',
    ...rows
      .slice(0, LISTED_IMPROVEMENTS)
      .map((r) => `- ${mdEsc(r.label)}: ${mdEsc(r.improvements.map((f) => f.text).join('; '))}`),
    ...more,
  ];
}
