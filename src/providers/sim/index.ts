/** The sim policies (DESIGN §9), by the name seats use in `policy:`. */
import type { SeatFile } from '../../formats/seat.js';
import { catalogLeaner } from './policies/catalog-leaner.js';
import { diligent } from './policies/diligent.js';
import { earlyCloser } from './policies/early-closer.js';
import { fanout } from './policies/fanout.js';
import { reference } from './reference/policy.js';
import { tweaker } from './policies/tweaker.js';
import type { Policy } from './types.js';

export type PolicyName = NonNullable<SeatFile['policy']>;

/** Typed: a policy named in the seat schema but missing here fails to compile. */
export const POLICIES: Record<PolicyName, Policy> = {
  diligent,
  tweaker,
  'early-closer': earlyCloser,
  'catalog-leaner': catalogLeaner,
  fanout,
  reference,
};

export { SimModel } from './model.js';
export type { Policy } from './types.js';
