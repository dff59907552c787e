/**
 * What changed in a run's inputs since the run before it in the history (by run.json's input
 * hashes): config keys, goldens, seats and gate sets added (+), removed (-) or changed (~). Pure.
 */
import type { HistoryRun } from '../../formats/history.js';

type Hashes = Record<string, unknown>;

function moved(label: string, before: Hashes, after: Hashes): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.flatMap((n) => {
    if (!(n in before)) return [`+${label}${n}`];
    if (!(n in after)) return [`-${label}${n}`];
    return JSON.stringify(before[n]) === JSON.stringify(after[n]) ? [] : [`~${label}${n}`];
  });
}

/**
 * The changes from `before` to `run`: `first` for the first run, `unknown` when either lacks its
 * hashes (a folder from before they were recorded), an empty list for the same inputs.
 */
export function inputChanges(
  before: HistoryRun | undefined,
  run: HistoryRun,
): string[] | 'first' | 'unknown' {
  if (!before) return 'first';
  const [a, b] = [before.inputs, run.inputs];
  if (!a || !b) return 'unknown';
  const plan = [
    ...(before.seed !== run.seed ? [`seed ${before.seed}→${run.seed}`] : []),
    ...(before.repetitions !== run.repetitions ? [`reps ${before.repetitions}→${run.repetitions}`] : []),
  ];
  return [
    ...plan,
    ...moved('config.', a.config.keys, b.config.keys),
    ...moved('golden ', a.goldens, b.goldens),
    ...moved('seat ', a.seats, b.seats),
    ...moved('gates ', a.gateSets, b.gateSets),
  ];
}

export function changesText(c: ReturnType<typeof inputChanges>): string {
  if (c === 'first') return 'first run';
  if (c === 'unknown') return '?';
  return c.length ? c.join(', ') : 'same inputs';
}
