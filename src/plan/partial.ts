/**
 * Whether a plan covers part of the config's matrix (DESIGN §13): the config's `assert:` rules are
 * about its default matrix (every golden it loads, `defaultSeats` or every sim seat,
 * `defaultGateSets`), so a plan that leaves any of those out is partial, and a rule about what it
 * left out is "not judged" instead of failed. A flag that names the defaults again (`--gates none
 * all`), or adds to them, leaves nothing out: that run is judged as a full one.
 */
import type { ConfigFile } from '../formats/config.js';
import type { Golden } from '../formats/golden/index.js';
import type { Seat } from '../formats/seat.js';
import type { RunPlan } from './plan.js';

/** The config's default matrix: what `bench run` plans without --golden/--seat/--gates. */
export function defaultMatrix(
  config: ConfigFile,
  goldens: Golden[],
  seats: Seat[],
): { goldens: string[]; seats: string[]; gateSets: string[] } {
  return {
    goldens: goldens.map((g) => g.id),
    seats: config.defaultSeats ?? seats.filter((s) => s.provider === 'sim').map((s) => s.name),
    gateSets: config.defaultGateSets,
  };
}

/** The plan leaves out a golden, seat or gate set of the config's default matrix. */
export function isPartialPlan(
  config: ConfigFile,
  goldens: Golden[],
  seats: Seat[],
  plan: Pick<RunPlan, 'goldens' | 'seats' | 'gateSets'>,
): boolean {
  const full = defaultMatrix(config, goldens, seats);
  const lacks = (all: string[], planned: string[]) => all.some((x) => !planned.includes(x));
  return (
    lacks(full.goldens, plan.goldens) || lacks(full.seats, plan.seats) || lacks(full.gateSets, plan.gateSets)
  );
}
