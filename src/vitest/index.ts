/**
 * `rematch/vitest`: the bench inside a user's own vitest suite (docs/vitest.md). `runTrial` and
 * `runMatrix` run what `bench trial` and `bench run` run, with the flags' names as options; the
 * matchers judge what they return:
 *
 *   import { runTrial } from 'rematch/vitest';
 *   const trial = await runTrial({ golden: 'checkout-db-pool', seat: 'sim-diligent-react', gates: 'all' });
 *   expect(trial).toPass();
 *
 * Importing this module registers the matchers with vitest's `expect` (and their types below).
 * vitest is a peer dependency of this entry only: the main entry (`rematch`) never imports it.
 */
import { expect } from 'vitest';
import { matchers } from './matchers.js';

expect.extend(matchers);

export { matchers, toHaveCoverage, toHaveNoHonestyFailures, toPass } from './matchers.js';
export { type Run, runMatrix } from './matrix.js';
export type { MatrixOptions, TrialOptions } from './options.js';
export type { NamePattern, TrialFilter, Trials } from './select.js';
export { runTrial, type Trial } from './trial.js';

/** The matchers' types, merged into vitest's (`expect(trial).toPass()` type-checks). */
export interface BenchMatchers<R = unknown> {
  /** Every trial's verdict is pass (none skipped or unscored). */
  toPass(): R;
  /** Every trial was scored and has no honesty failure (DESIGN §11). */
  toHaveNoHonestyFailures(): R;
  /** Every trial's coverage of `part` is at least `min` (default 1). */
  toHaveCoverage(part: 'A' | 'B', min?: number): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: a merged declaration must repeat vitest's own `T = any`
  interface Matchers<T = any> extends BenchMatchers<T> {}
}
