/** Every cross-field rule of a golden that needs no world and no query engine. */
import type { Golden } from '../normalized.js';
import { expectationRules, faultRules } from './golden-faults.js';
import { measurementRules } from './golden-measurements.js';
import { timeRules } from './golden-time.js';
import { worldRules } from './golden-world.js';
import type { RuleIssue } from './types.js';

export function goldenRules(g: Golden): RuleIssue[] {
  const out = [
    ...measurementRules(g),
    ...timeRules(g),
    ...faultRules(g),
    ...expectationRules(g),
    ...worldRules(g),
  ];
  if (g.weights && g.weights.rootCause + g.weights.A + g.weights.B <= 0) {
    out.push({ path: ['weights'], message: 'weights must not all be zero', severity: 'error' });
  }
  return out;
}
