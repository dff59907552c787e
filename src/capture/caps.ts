/** A size cap reached during capture: bad input for this window (exit 2), with the flag to raise. */
import { InputError } from '../errors.js';

export function capError(what: string, got: number, cap: number, flag: string): InputError {
  return new InputError(
    `capture: more than ${cap} ${what} (at least ${got}); narrow the window or the selectors, or raise ${flag}`,
  );
}
