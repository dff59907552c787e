/** Rules on a golden's measurements: unique ids, truth or a declared gap, routes and tolerances. */
import type { Golden } from '../normalized.js';
import { err, type RuleIssue, warn } from './types.js';

export function measurementRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  const seen = new Map<string, string>();
  for (const part of ['A', 'B'] as const) {
    g.parts[part].measurements.forEach((m, i) => {
      const at = ['parts', part, 'measurements', i];
      const prev = seen.get(m.id);
      if (prev) out.push(err([...at, 'id'], `duplicate measurement id "${m.id}" (first at ${prev})`));
      else seen.set(m.id, at.join('.'));
      if (m.obtainable) {
        if (m.truth === undefined) {
          out.push(err(at, 'a measurement needs `truth`, or `obtainable: false` when a fault hides it'));
        }
        if (m.tolerance === undefined) out.push(err(at, 'an obtainable measurement needs a `tolerance`'));
        if (m.route === undefined) {
          out.push(warn(at, 'no `route`: bench validate cannot check the truth and sims cannot measure it'));
        }
      } else if (m.truth !== undefined) {
        out.push(warn([...at, 'truth'], '`obtainable: false` with a truth: the truth is never scored'));
      }
    });
  }
  return out;
}
