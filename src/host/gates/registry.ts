/**
 * Every gate by name, in composition order (docs/gates.md). A missing gate fails to compile.
 * Gates are stateless: their state lives in the Session, so one object serves every session.
 */
import { GateName } from '../../spec/config.js';
import { budgetFindings } from './budget-findings.js';
import { failureClass } from './failure-class.js';
import { fanout } from './fanout.js';
import { ledger } from './ledger.js';
import { toolClasses } from './tool-classes.js';
import type { Gate } from './types.js';

export const GATES: Record<GateName, Gate> = {
  failureClass,
  ledger,
  fanout,
  toolClasses,
  budgetFindings,
};

/** The active gates of a set, in the documented order whatever order the set lists them. */
export function activeGates(names: readonly GateName[]): Gate[] {
  return GateName.options.filter((n) => names.includes(n)).map((n) => GATES[n]);
}
