/**
 * The golden's alert against the rule the backend evaluates (backend/prometheus/alert-rule.ts: Prometheus'
 * rule manager at `alert.interval`, default 1m, with `alert.for`). `alert.activeAt` is Prometheus'
 * `activeAt`: the first evaluation at which `expr` returns a sample (the alert turns pending then,
 * and firing `for` later). A golden whose rule became active earlier tells the agent a start that
 * `/api/v1/alerts` and `ALERTS` contradict, so that is an error, at the activeAt line. An alert that
 * has resolved by `time.now` while the prompt never says so reads as still firing: a warning at `prompt`.
 */
import { alertRuleOf } from '../backend/prometheus/index.js';
import type { Golden } from '../formats/golden/index.js';
import type { RuleIssue } from '../formats/rules/index.js';
import type { World } from '../world/types.js';
import { evalInstant } from './validate-query.js';

export function alertRules(g: Golden, world: World): RuleIssue[] {
  const a = evalInstant(g, world, 'promql', g.alert.expr, g.ms.activeAt);
  if (a.error) return [];
  const at = ['alert', 'activeAt'];
  if (a.count === 0) {
    const message = 'alert.expr returns no sample at alert.activeAt: the alert would not be firing then';
    return [{ path: at, message, severity: 'warning' }];
  }
  const rule = alertRuleOf(g, world);
  if (rule.lastError) return [];
  const out: RuleIssue[] = [];
  const first = rule.ticks.find((t) => t.alerts.length > 0);
  const every = `every ${rule.intervalMs / 1000}s`;
  if (first && first.t < g.ms.activeAt) {
    out.push({
      path: at,
      message: `the rule (evaluated ${every}) first becomes active at ${iso(first.t)}, before alert.activeAt ${iso(g.ms.activeAt)}: set activeAt to the first evaluation at which alert.expr returns a sample`,
      severity: 'error',
    });
  }
  const firing = g.ms.activeAt + rule.forMs;
  if (firing > g.ms.now) {
    out.push({
      path: ['alert', 'for'],
      message: `the alert fires at activeAt + for = ${iso(firing)}, after time.now: at the investigation it is only pending`,
      severity: 'warning',
    });
  }
  const resolved = resolvedBy(rule.ticks, g.ms.now);
  if (resolved !== undefined && !SAYS_RESOLVED.test(g.prompt)) {
    out.push({
      path: ['prompt'],
      message: `the alert resolved at ${iso(resolved)}, before time.now: /api/v1/alerts and ALERTS show it inactive at the investigation, so the prompt must say it resolved (it says neither resolved, cleared nor recovered)`,
      severity: 'warning',
    });
  }
  return out;
}

/** The prompt says the alert ended; "resolved or undetermined" (a part's status) does not count. */
const SAYS_RESOLVED = /\b(resolved|cleared|recovered|stopped firing|no longer firing)\b(?!\s+or\b)/i;

/** The first evaluation after the last active one, when the rule is inactive again by `now`. */
function resolvedBy(
  ticks: readonly { t: number; alerts: readonly unknown[] }[],
  now: number,
): number | undefined {
  const upToNow = ticks.filter((t) => t.t <= now);
  const last = upToNow.at(-1);
  if (!last || last.alerts.length > 0) return undefined;
  const lastActive = upToNow.findLastIndex((t) => t.alerts.length > 0);
  return lastActive < 0 ? undefined : upToNow[lastActive + 1].t;
}

const iso = (t: number) => new Date(t).toISOString();
