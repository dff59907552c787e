/**
 * What a matcher was handed, as trials: a Trial (`runTrial`), a set of them (`runMatrix`, `where`)
 * or an array of Trials. Anything else is a usage error the matcher reports as such.
 */
import type { Trials } from './select.js';
import type { Trial } from './trial.js';

export interface Subject {
  trials: Trial[];
  label: string;
}

const isTrial = (x: unknown): x is Trial =>
  typeof x === 'object' && x !== null && 'id' in x && 'verdict' in x && 'passCorrectness' in x;

export function subjectOf(received: unknown): Subject | null {
  if (isTrial(received)) return { trials: [received], label: `trial ${received.id}` };
  if (Array.isArray(received) && received.every(isTrial))
    return { trials: received, label: `${received.length} trials` };
  if (typeof received === 'object' && received !== null && 'trials' in received) {
    const set = received as Trials;
    if (Array.isArray(set.trials) && set.trials.every(isTrial))
      return { trials: set.trials, label: set.label ?? `${set.trials.length} trials` };
  }
  return null;
}

/** The trace line every failure ends with: where a reviewer looks next. */
export const traceLine = (t: Trial): string =>
  t.traceFile ? `trace: ${t.traceFile}` : `folder: ${t.dir} (no trace)`;
