/**
 * The `--fail-on` rules of `bench diff`: which changes between two runs count as regressions.
 *
 * --fail-on syntax: comma-separated rules, each `name` or `name:threshold`:
 *   correctness:D  a row's mean correctness dropped by more than D (absolute)
 *   passrate:D     a row's pass rate dropped by more than D
 *   coverage:D     a row's mean coverage of part A or B dropped by more than D
 *   honesty        a row has more trials with honesty failures than before
 *   verdict        any trial went from pass to fail
 *   removed        a row of BASE is missing from HEAD
 *   repeats:D      mean repeated fingerprints per trial (sightings of a failed/empty observation
 *                  beyond its first: what the no-progress ledger exists to stop) rose by more than D
 *   wall:R         a row's wall p50 rose by more than the fraction R (0.2 = 20%)
 *   ceiling        a golden's ceiling (the reference trial) passed in BASE and does not in HEAD
 * Default: correctness:0.05,honesty,repeats:1,ceiling. `none` disables every rule. A ceiling row
 * is judged by the `ceiling` rule alone: it is a reference, not a seat whose figures regress.
 */
import { InputError } from '../errors.js';

export interface FailOn {
  correctness?: number;
  passrate?: number;
  coverage?: number;
  honesty?: boolean;
  verdict?: boolean;
  removed?: boolean;
  repeats?: number;
  wall?: number;
  ceiling?: boolean;
}

export const DEFAULT_FAIL_ON = 'correctness:0.05,honesty,repeats:1,ceiling';
const FLAGS = ['honesty', 'verdict', 'removed', 'ceiling'] as const;

const NUMERIC = ['correctness', 'passrate', 'coverage', 'repeats', 'wall'] as const;
type NumericRule = (typeof NUMERIC)[number];

export function parseFailOn(text: string): FailOn {
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
      throw new InputError(
        `--fail-on ${text}: bad rule "${part}" (rules: correctness:D, passrate:D, coverage:D, repeats:D, wall:R, honesty, verdict, removed, ceiling, or none)`,
      );
    }
  }
  return out;
}
