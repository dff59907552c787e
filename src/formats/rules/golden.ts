/** Every cross-field rule of a golden that needs no world and no query engine. */
import type { Golden } from '../golden/index.js';
import { expectationRules, faultRules } from './golden-faults.js';
import { measurementRules } from './golden-measurements.js';
import { timeRules } from './golden-time.js';
import { trajectoryRules } from './golden-trajectory.js';
import { worldRules } from './golden-world.js';
import type { RuleIssue } from './types.js';

export function goldenRules(g: Golden): RuleIssue[] {
  const out = [
    ...measurementRules(g),
    ...timeRules(g),
    ...faultRules(g),
    ...expectationRules(g),
    ...worldRules(g),
    ...trajectoryRules(g),
  ];
  const measurements = new Map([...g.parts.A.measurements, ...g.parts.B.measurements].map((m) => [m.id, m]));
  g.rootCause.evidence?.forEach((id, i) => {
    const m = measurements.get(id);
    const path = ['rootCause', 'evidence', i];
    if (!m) out.push({ path, message: `no measurement "${id}" in parts A or B`, severity: 'error' });
    else if (!m.obtainable)
      out.push({
        path,
        message: `"${id}" is not obtainable: no answer can ever hold its evidence`,
        severity: 'warning',
      });
  });
  if (g.weights && g.weights.rootCause + g.weights.A + g.weights.B <= 0) {
    out.push({ path: ['weights'], message: 'weights must not all be zero', severity: 'error' });
  }
  return out;
}
