/**
 * The honest ceiling of each golden (DESIGN §11): one trial of the built-in reference seat under
 * every gate, repetition 1, seeded by the run's rule. It is planned, journaled, sharded and merged
 * like any trial, and scored beside the null baselines: when it does not pass, the golden cannot
 * be passed honestly and its scorecard rows say nothing about the gates.
 */

import type { ConfigFile } from '../formats/config.js';
import { Budget, type Seat } from '../formats/seat.js';
import { resolveGateSets } from '../host/index.js';
import { CEILING_SEAT } from '../scoring/index.js';
import type { GateSetSpec } from './types.js';

/** The ceiling runs once per golden: repetition 1. */
export const CEILING_REP = 1;

/** `all` is built in and cannot be redefined (gate-set.ts): ALL_GATES, the same in every config. */
export const CEILING_GATE_SET = 'all';

export function ceilingSeat(): Seat {
  return {
    name: CEILING_SEAT,
    description: 'the reference sim: every route through the real host and gates (built in)',
    provider: 'sim',
    model: 'sim',
    shape: 'react',
    params: {},
    budget: Budget.parse({}),
    policy: 'reference',
    file: '(built-in ceiling seat)',
  };
}

/** Every gate, with the config's gate settings (the built-in `all`). */
export function ceilingGateSet(config: ConfigFile): GateSetSpec {
  return resolveGateSets(config, [CEILING_GATE_SET])[0];
}
