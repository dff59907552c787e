/**
 * The steer-then-halt section. These are not warnings about the gates: the no-progress ledger
 * saw the same failed probe again after steering the session once, and halted it (DESIGN §6),
 * which is the gate doing its work. The scorecard lists the rows whose count of such sessions
 * reached `thresholds.steerHaltAlert` so that a reader can see how often a seat needed it; the
 * rows are taken by the same rule as `Scorecard.alerts` (scoring/scorecard.ts), whose strings
 * name no threshold.
 */
import type { AggregateRow, Scorecard } from '../../scoring/index.js';

export const STEER_HALT_TITLE = 'Steered, then halted by the no-progress ledger';

export interface SteerHaltGroup {
  seat: string;
  gateSet: string;
  rows: AggregateRow[];
}

export function steerHaltThreshold(sc: Scorecard): number {
  return Math.max(1, sc.run.thresholds.steerHaltAlert);
}

/** The rows over the threshold, grouped by seat × gate set (one line each, goldens listed). */
export function steerHaltGroups(sc: Scorecard): SteerHaltGroup[] {
  const limit = steerHaltThreshold(sc);
  const groups = new Map<string, SteerHaltGroup>();
  for (const r of sc.rows.filter((x) => x.steerThenHalt > 0 && x.steerThenHalt >= limit)) {
    const key = `${r.seat}\u0000${r.gateSet}`;
    const g = groups.get(key) ?? { seat: r.seat, gateSet: r.gateSet, rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** What the section says before its lines: what happened, and the threshold that listed them. */
export function steerHaltIntro(sc: Scorecard): string {
  const t = steerHaltThreshold(sc);
  return (
    'The ledger steered these sessions once when they repeated a failed probe, then halted them when they ' +
    'repeated it again, so they ended with partial findings instead of looping: the gate worked. ' +
    `Listed because at least ${t} session${t === 1 ? '' : 's'} of a golden × seat × gate set did so ` +
    `(thresholds.steerHaltAlert = ${sc.run.thresholds.steerHaltAlert}).`
  );
}

/** `sim-tweaker-react × all: 5 of 5 sessions on checkout-db-pool, 4 of 5 on contended-backend`. */
export function steerHaltLine(g: SteerHaltGroup): string {
  const each = g.rows.map(
    (r, i) => `${r.steerThenHalt} of ${r.n}${i === 0 ? ' sessions' : ''} on ${r.golden}`,
  );
  return `${g.seat} × ${g.gateSet}: ${each.join(', ')}`;
}
