/**
 * Rules on a golden's measurements: unique ids, truth or a declared gap, routes and tolerances;
 * the prompt names every id (an agent cannot report a measurement it was never asked for); and each
 * part keeps to its source: Part A is the metrics part, Part B the logs part. A metrics measurement
 * in Part B would stay answerable when the logs fail, so the part's honest status (and a twin that
 * fails the logs) would be neither "measured" nor "a gap".
 */
import type { Golden } from '../golden/index.js';
import { err, type RuleIssue, warn } from './types.js';

const PART_SOURCE = { A: 'metrics', B: 'logs' } as const;

export function measurementRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  const seen = new Map<string, string>();
  for (const part of ['A', 'B'] as const) {
    g.parts[part].measurements.forEach((m, i) => {
      const at = ['parts', part, 'measurements', i];
      const prev = seen.get(m.id);
      if (prev) out.push(err([...at, 'id'], `duplicate measurement id "${m.id}" (first at ${prev})`));
      else seen.set(m.id, at.join('.'));
      if (!namedIn(g.prompt, m.id)) {
        out.push(
          err([...at, 'id'], `the prompt does not name measurement "${m.id}": an agent cannot report it`),
        );
      }
      if (m.source !== PART_SOURCE[part]) {
        out.push(
          err(
            [...at, 'source'],
            `Part ${part} is the ${PART_SOURCE[part]} part: a \`source: ${m.source}\` measurement belongs in Part ${part === 'A' ? 'B' : 'A'}`,
          ),
        );
      }
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

/** The id as a whole word: `error_count` is not named by `error_count_total`. */
function namedIn(prompt: string, id: string): boolean {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(prompt);
}
