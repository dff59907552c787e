/** The caps of formats/limits.ts on config and seat fields (docs/formats.md, "Limits"). */
import type { ConfigFile } from '../config.js';
import { formatCap, LIMITS } from '../limits.js';
import type { SeatFile } from '../seat.js';
import { err, type RuleIssue } from './types.js';

const atMost = (path: (string | number)[], value: number, cap: number, what: string): RuleIssue[] =>
  value > cap
    ? [err(path, `${formatCap(value)} ${what}, over the cap of ${formatCap(cap)} (docs/formats.md#limits)`)]
    : [];

export function configLimitRules(c: ConfigFile): RuleIssue[] {
  return [
    ...atMost(['repetitions'], c.repetitions, LIMITS.repetitions, 'repetitions'),
    ...atMost(['concurrency'], c.concurrency, LIMITS.concurrency, 'trials in flight'),
    ...(c.workers === undefined ? [] : atMost(['workers'], c.workers, LIMITS.workers, 'worker threads')),
  ];
}

/** A timer set past 2^31−1 ms fires at once (Node warns and uses 1 ms): a budget would end a trial at its start. */
export function seatLimitRules(s: SeatFile): RuleIssue[] {
  return [
    ...atMost(['budget', 'wallSeconds'], s.budget.wallSeconds, LIMITS.seconds, 'seconds'),
    ...(s.timeoutSeconds === undefined
      ? []
      : atMost(['timeoutSeconds'], s.timeoutSeconds, LIMITS.seconds, 'seconds')),
  ];
}
