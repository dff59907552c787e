/**
 * A fault whose query pattern can never fire is an authoring slip. The pattern is tested against
 * query strings at run time, so "can fire" is approximated by: it matches one of the golden's own
 * queries (routes, expectations, alert), or the identity of a series or stream of the world.
 */

import type { Golden } from '../formats/golden/index.js';
import { faultPattern } from '../formats/golden/index.js';
import type { RuleIssue } from '../formats/rules/index.js';
import type { Labels, World } from '../world/types.js';

export function faultReachRules(g: Golden, world: World): RuleIssue[] {
  const withQuery = g.faults.map((f, i) => ({ f, i })).filter(({ f }) => f.match.query !== undefined);
  if (!withQuery.length) return [];
  const targets = worldIdentities(world);
  targets.push(g.alert.expr, ...g.expect.map((e) => e.query));
  for (const part of ['A', 'B'] as const) {
    for (const m of g.parts[part].measurements) if (m.route) targets.push(m.route);
  }
  const out: RuleIssue[] = [];
  for (const { f, i } of withQuery) {
    const source = f.match.query!;
    const re = faultPattern(source);
    if (typeof re === 'string') continue;
    if (!targets.some((t) => re.test(t))) {
      out.push({
        path: ['faults', i, 'match', 'query'],
        message: `/${source}/ matches no series or stream of the world and no query of this golden`,
        severity: 'warning',
      });
    }
  }
  return out;
}

function worldIdentities(world: World): string[] {
  const out: string[] = [];
  const series = world.metrics.select([{ name: '__name__', op: '=~', value: '.+' }], world.start, world.end);
  for (const s of series) out.push(render(s.labels));
  for (const name of world.logs.labelNames(world.start, world.end)) {
    for (const v of world.logs.labelValues(name, world.start, world.end)) out.push(`{${name}="${v}"}`);
  }
  return out;
}

function render(labels: Labels): string {
  const { __name__: name = '', ...rest } = labels;
  return `${name}{${Object.entries(rest)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')}}`;
}
