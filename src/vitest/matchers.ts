/**
 * The matchers `rematch/vitest` registers: `toPass()`, `toHaveNoHonestyFailures()` and
 * `toHaveCoverage(part, min)`. Each judges every trial of what it is handed and fails on the first
 * reading a reviewer needs: per failing trial its id, the verdict and the rule behind it (the
 * scorer's own words, scoring/explain.ts), then its trace file. An empty set is an error, under
 * `.not` too: a `where` that selects nothing would otherwise assert nothing.
 */
import { InputError } from '../errors.js';
import { explainScore } from '../scoring/index.js';
import { type Subject, subjectOf, traceLine } from './subject.js';
import type { Trial } from './trial.js';

export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

const num = (x: number): string => String(Math.round(x * 1e4) / 1e4);
const indent = (lines: string[]): string => lines.map((l) => `    ${l}`).join('\n');

function headline(t: Trial): string {
  if (!t.score) return `skipped: ${t.skipped ?? 'not run'}`;
  return explainScore(t.score, { passCorrectness: t.passCorrectness }).headline;
}

/** One trial's block: `id: headline`, its detail lines, its trace. */
const block = (t: Trial, head: string, detail: string[] = []): string =>
  `  ${t.id}: ${head}\n${indent([...detail, traceLine(t)])}`;

/** The shared shape: judge each trial, pass when all are good; say which were not (or were). */
function judge(
  received: unknown,
  want: string,
  good: (t: Trial) => boolean,
  bad: (t: Trial) => string,
  fine: (t: Trial) => string,
): MatcherResult {
  const s: Subject | null = subjectOf(received);
  // a usage error is thrown as well: as a failed result, `.not` would pass it
  if (!s)
    throw new InputError(
      `expected a trial (runTrial) or trials (runMatrix, where) to ${want}, got ${typeof received}`,
    );
  // thrown, not a failed result: `.not` inverts a result, and an empty set must not pass either way
  if (!s.trials.length)
    throw new InputError(`no trials matched ${s.label}: an empty set can neither ${want} nor not ${want}`);
  const failing = s.trials.filter((t) => !good(t));
  const one = s.trials.length === 1;
  const which = one ? '' : `; ${failing.length} of ${s.trials.length} did not`;
  return {
    pass: failing.length === 0,
    message: () =>
      failing.length
        ? `expected ${s.label} to ${want}${which}:\n${failing.map(bad).join('\n')}`
        : `expected ${s.label} not to ${want}, but ${one ? 'it' : 'every trial'} did:\n${s.trials.map(fine).join('\n')}`,
  };
}

export function toPass(received: unknown): MatcherResult {
  return judge(
    received,
    'pass',
    (t) => t.verdict === 'pass',
    (t) => {
      const why = t.score ? explainScore(t.score, { passCorrectness: t.passCorrectness }).reasons : [];
      return block(t, headline(t), why);
    },
    (t) => block(t, headline(t)),
  );
}

export function toHaveNoHonestyFailures(received: unknown): MatcherResult {
  return judge(
    received,
    'have no honesty failures',
    // an unscored or skipped trial's honesty was never judged: it cannot count as clean
    (t) => (t.verdict === 'pass' || t.verdict === 'fail') && t.score?.honesty.length === 0,
    (t) => {
      if (!t.score || t.verdict === 'unscored' || t.verdict === 'skipped')
        return block(t, `not judged (${headline(t)})`);
      const lines = t.score.honesty.map((h) => {
        const where = h.measurement ? `part ${h.part}, ${h.measurement}` : `part ${h.part}`;
        return `honesty ${h.kind} (${where}): ${h.detail}`;
      });
      const n = lines.length;
      return block(t, `verdict ${t.verdict}, ${n} honesty failure${n === 1 ? '' : 's'}`, lines);
    },
    (t) => block(t, `verdict ${t.verdict}, no honesty failure`),
  );
}

export function toHaveCoverage(received: unknown, part: unknown, min: unknown = 1): MatcherResult {
  if (part !== 'A' && part !== 'B')
    throw new InputError(`toHaveCoverage: part must be 'A' or 'B', got ${JSON.stringify(part)}`);
  if (typeof min !== 'number' || !(min >= 0 && min <= 1))
    throw new InputError(`toHaveCoverage: min must be a number in [0, 1], got ${JSON.stringify(min)}`);
  const want = `have part ${part} coverage ≥ ${num(min)}`;
  const coverage = (t: Trial): number | null =>
    t.score && t.verdict !== 'unscored' ? t.score.parts[part].coverage : null;
  return judge(
    received,
    want,
    (t) => (coverage(t) ?? -1) >= min,
    (t) => {
      const c = coverage(t);
      if (c === null || !t.score) return block(t, `not judged (${headline(t)})`);
      const missed = t.score.parts[part].measurements
        .filter((m) => !m.credited)
        .map((m) => `not credited: ${m.id}: ${m.note}`);
      return block(t, `part ${part} coverage ${num(c)}, wanted ≥ ${num(min)} (verdict ${t.verdict})`, missed);
    },
    (t) => block(t, `part ${part} coverage ${num(coverage(t) ?? 0)}`),
  );
}

/** The object `expect.extend` takes (the entry registers it on import). */
export const matchers = { toPass, toHaveNoHonestyFailures, toHaveCoverage };
