/**
 * Rules on a golden's `trajectory:` block its schema cannot say: a call's `query` is an RE2 regex
 * (the same reading as a fault's `match.query`), a gap check names a measurement of the golden,
 * and no two checks share a name (reports key results by it).
 */
import { type CallMatcher, faultPattern, type Golden, trajectoryCheckId } from '../golden/index.js';
import { err, type RuleIssue } from './types.js';

export function trajectoryRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  const measurements = new Set([...g.parts.A.measurements, ...g.parts.B.measurements].map((m) => m.id));
  const ids = new Set<string>();
  const matcher = (m: CallMatcher | undefined, path: (string | number)[]): void => {
    if (m?.query === undefined) return;
    const p = faultPattern(m.query);
    if (typeof p === 'string') out.push(err([...path, 'query'], `not an RE2 regex: ${p}`));
  };
  (g.trajectory ?? []).forEach((c, i) => {
    const at = ['trajectory', i];
    const id = trajectoryCheckId(c, i);
    if (ids.has(id)) out.push(err([...at, c.id ? 'id' : 'check'], `a second check named "${id}"`));
    ids.add(id);
    switch (c.check) {
      case 'must-call':
        matcher(c.call, [...at, 'call']);
        matcher(c.before, [...at, 'before']);
        break;
      case 'must-not-call':
      case 'max-calls':
        matcher(c.call, [...at, 'call']);
        break;
      case 'step-order':
        for (const [j, s] of c.steps.entries()) matcher(s, [...at, 'steps', j]);
        break;
      case 'must-name-gap-for':
        if (!measurements.has(c.measurement))
          out.push(err([...at, 'measurement'], `no measurement "${c.measurement}" in parts A or B`));
        break;
      case 'max-repeats-of-failed':
        break;
    }
  });
  return out;
}
