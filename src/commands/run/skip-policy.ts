/**
 * Which seats a run skips before anything runs, each with its reason (the scorecard's skipped
 * rows say it): a seat whose key variable is unset (DESIGN §5.2; not under cache-only, which calls
 * no provider), in a replay what its recording skipped, and in a replay every command seat (the
 * user's own agent is not run again offline). Trials may add more as they go (`skip`).
 */
import type { Seat } from '../../formats/seat.js';
import type { RunPlan } from '../../plan/plan.js';
import type { RunCacheOptions } from '../turn-cache.js';
import type { Env } from './options.js';

/** Why `bench replay` does not run a command seat (the scorecard's skipped row says it). */
export const REPLAY_COMMAND_REASON =
  "a command seat runs the user's own agent (its network and model calls): bench replay is offline and does not run it again";

export class SkippedSeats {
  readonly reasons = new Map<string, string>();

  constructor(private readonly warn: (line: string) => void) {}

  /** Skip a seat (the first reason stands, said once). */
  readonly skip = (seat: string, reason: string): void => {
    if (!this.reasons.has(seat)) this.warn(`skipped seat ${seat}: ${reason}\n`);
    this.reasons.set(seat, reason);
  };

  has(seat: string): boolean {
    return this.reasons.has(seat);
  }

  list(): { seat: string; reason: string }[] {
    return [...this.reasons].map(([seat, reason]) => ({ seat, reason }));
  }
}

/** The seats skipped before the run starts. `offline`: cache-only, no provider is called. */
export function skipBeforeRun(
  seats: Seat[],
  plan: RunPlan,
  o: { env: Env; offline: boolean; cache?: RunCacheOptions; warn: (line: string) => void },
): SkippedSeats {
  const skipped = new SkippedSeats(o.warn);
  const planned = seats.filter((s) => plan.seats.includes(s.name));
  for (const s of planned)
    if (s.auth !== undefined && !o.env[s.auth.apiKeyEnv] && !o.offline)
      skipped.skip(s.name, `$${s.auth.apiKeyEnv} is not set`);
  // a replay skips what its recording skipped: those seats have no turns to replay
  for (const s of o.cache?.replaySkipped ?? [])
    if (plan.seats.includes(s.seat)) skipped.skip(s.seat, s.reason);
  // a command seat is the user's own agent (its network, its model): a replay is offline, so it is not run
  if (o.cache?.replayOf)
    for (const s of planned) if (s.provider === 'command') skipped.skip(s.name, REPLAY_COMMAND_REASON);
  return skipped;
}
