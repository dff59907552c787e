/**
 * The `--fail-on` rules of `bench diff`: which changes between two runs count as regressions.
 *
 * Rule syntax: comma-separated rules, each `name` or `name:threshold`:
 *   correctness:D  a row's mean correctness dropped by more than D (absolute)
 *   passrate:D     a row's pass rate dropped by more than D
 *   coverage:D     a row's mean coverage of part A or B dropped by more than D
 *   honesty        a row has more trials with honesty failures than before
 *   verdict        any trial went from pass to fail
 *   removed        a row of BASE is missing from HEAD (a golden, seat or gate set taken out of the
 *                  run is a change a reviewer must see; `--fail-on-only` without it accepts one)
 *   repeats:D      mean repeated fingerprints per trial (sightings of a failed/empty observation
 *                  beyond its first: what the no-progress ledger exists to stop) rose by more than D
 *   wall:R         a row's wall p50 rose by more than the fraction R (0.2 = 20%)
 *   tokens:R       a row's mean tokens per trial rose by more than the fraction R
 *   cost:R         a row's mean cost per trial rose by more than the fraction R
 *   ceiling        a golden's ceiling (the reference trial) passed in BASE and does not in HEAD
 *   trajectory     a row has more trials failing a trajectory check of its golden than before
 *                  (docs/goldens.md#trajectory; not a default: add it with --fail-on trajectory)
 * The defaults are DEFAULT_FAIL_ON. `--fail-on` adds rules to them (a rule named again takes the
 * new threshold); `--fail-on-only` replaces them, and `--fail-on-only none` judges nothing. A
 * ceiling row is judged by the `ceiling` rule alone: it is a reference, not a seat whose figures regress.
 */
import { InputError } from '../../errors.js';

export interface FailOn {
  correctness?: number;
  passrate?: number;
  coverage?: number;
  honesty?: boolean;
  verdict?: boolean;
  removed?: boolean;
  repeats?: number;
  wall?: number;
  tokens?: number;
  cost?: number;
  ceiling?: boolean;
  trajectory?: boolean;
}

export type RuleName = keyof FailOn;

export const DEFAULT_FAIL_ON = 'correctness:0.05,honesty,repeats:1,ceiling,removed';
const FLAGS = ['honesty', 'verdict', 'removed', 'ceiling', 'trajectory'] as const;
const NUMERIC = ['correctness', 'passrate', 'coverage', 'repeats', 'wall', 'tokens', 'cost'] as const;
type NumericRule = (typeof NUMERIC)[number];
const KNOWN =
  'correctness:D, passrate:D, coverage:D, repeats:D, wall:R, tokens:R, cost:R, honesty, verdict, removed, ceiling, trajectory';

/** One rule list as written; `none` is the empty list. `flag` names the option in messages. */
export function parseFailOn(text: string, flag = '--fail-on'): FailOn {
  const out: FailOn = {};
  if (text.trim() === 'none') return out;
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, arg] = part.split(':');
    const num = arg === undefined ? Number.NaN : Number(arg);
    if ((NUMERIC as readonly string[]).includes(name) && Number.isFinite(num) && num >= 0) {
      out[name as NumericRule] = num;
    } else if ((FLAGS as readonly string[]).includes(name) && arg === undefined) {
      out[name as (typeof FLAGS)[number]] = true;
    } else {
      throw new InputError(`${flag} ${text}: bad rule "${part}" (rules: ${KNOWN}, or none)`);
    }
  }
  return out;
}

/**
 * The rules a diff judges by: `only` (default DEFAULT_FAIL_ON) with `add` on top. `--fail-on none`
 * would silently add nothing, so it is refused with the flag that does what was meant.
 */
export function failOnRules(opts: { add?: string; only?: string } = {}): FailOn {
  if (opts.add?.trim() === 'none')
    throw new InputError(
      '--fail-on none: --fail-on adds to the default rules; --fail-on-only none judges nothing',
    );
  const base = parseFailOn(opts.only ?? DEFAULT_FAIL_ON, '--fail-on-only');
  return { ...base, ...(opts.add === undefined ? {} : parseFailOn(opts.add)) };
}

/** The rules written back in the --fail-on syntax, for the diff's footnote. */
export function formatFailOn(rules: FailOn): string {
  const parts = Object.entries(rules).map(([k, v]) => (v === true ? k : `${k}:${v}`));
  return parts.length ? parts.join(',') : 'none';
}
