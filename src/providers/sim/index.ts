/** The sim policies (DESIGN §9), by the name seats use in `policy:`. */
import type { SeatFile } from '../../formats/seat.js';
import { catalogLeaner, diligent, earlyCloser, fanout, plain, tweaker } from './policies/index.js';
import { reference } from './reference/index.js';
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
  plain,
};

export { SimModel } from './model.js';
export type { Policy } from './types.js';
