/**
 * The golden's alert as Prometheus' rule manager evaluates an alerting rule (rules/alerting.go,
 * `AlertingRule.Eval`): the expression is evaluated at every tick of the group's interval; a new
 * result element starts a `pending` alert whose `activeAt` is that tick, which turns `firing` once
 * it has been active for `for`; an element that disappears resolves its alert (a pending one is
 * dropped). The ticks are laid on a grid through the golden's `alert.activeAt`, so an alert that
 * starts where the golden says it does gets that `activeAt`. Evaluated once per world, over the
 * world's own series (never over the ALERTS series made from it).
 */
import type { Golden } from '../../formats/golden/index.js';
import { parseDuration } from '../../formats/time.js';
import { formatPromFloat, PromQLError, rangeQuery } from '../../promql/index.js';
import type { Labels, World } from '../../world/types.js';

export type AlertState = 'pending' | 'firing';

export interface RuleAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: AlertState;
  activeAt: number;
  value: number;
}

/** The alerts active (pending or firing, not resolved) right after the evaluation at `t`. */
export interface RuleTick {
  t: number;
  alerts: RuleAlert[];
}

export interface AlertRule {
  name: string;
  query: string;
  forMs: number;
  intervalMs: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  ticks: RuleTick[];
  /** Set when the expression cannot be evaluated: the rule's health is then `err`. */
  lastError?: string;
}

const MINUTE = 60_000;
/** Per world, per alert spec (tests serve one world with variants of a golden's alert). */
const cache = new WeakMap<World, Map<string, AlertRule>>();

export function alertRuleOf(golden: Golden, world: World): AlertRule {
  let byAlert = cache.get(world);
  if (!byAlert) {
    byAlert = new Map();
    cache.set(world, byAlert);
  }
  const key = JSON.stringify([golden.alert, golden.ms.activeAt]);
  let rule = byAlert.get(key);
  if (!rule) {
    rule = evaluate(golden, world);
    byAlert.set(key, rule);
  }
  return rule;
}

/** The rule's state at `t`: that of the last evaluation at or before it (none before the first). */
export function alertsAt(rule: AlertRule, t: number): { tick?: RuleTick; alerts: RuleAlert[] } {
  let lo = 0;
  let hi = rule.ticks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rule.ticks[mid].t <= t) lo = mid + 1;
    else hi = mid;
  }
  const tick = rule.ticks[lo - 1];
  return tick ? { tick, alerts: tick.alerts } : { alerts: [] };
}

function evaluate(golden: Golden, world: World): AlertRule {
  const a = golden.alert;
  const intervalMs = parseDuration(a.interval ?? '1m') ?? MINUTE;
  const rule: AlertRule = {
    name: a.name,
    query: a.expr,
    forMs: parseDuration(a.for ?? '0s') ?? 0,
    intervalMs,
    labels: { ...a.labels },
    annotations: a.annotations ? { ...a.annotations } : { summary: a.summary },
    ticks: [],
  };
  const anchor = golden.ms.activeAt;
  const first = anchor - Math.floor((anchor - world.start) / intervalMs) * intervalMs;
  const last = anchor + Math.floor((world.end - anchor) / intervalMs) * intervalMs;
  let bySeries: { labels: Labels; points: Map<number, number> }[];
  try {
    const r = rangeQuery(world.metrics, a.expr, first, last, intervalMs);
    const series = r.value.type === 'matrix' ? r.value.series : [];
    bySeries = series.map((s) => ({ labels: s.labels, points: new Map(s.points.map((p) => [p.t, p.v])) }));
  } catch (err) {
    if (!(err instanceof PromQLError)) throw err;
    rule.lastError = err.message;
    return rule;
  }
  const active = new Map<string, RuleAlert & { resolvedAt?: number }>();
  for (let t = first; t <= last; t += intervalMs) {
    const seen = new Set<string>();
    for (const s of bySeries) {
      const v = s.points.get(t);
      if (v === undefined) continue;
      const labels = alertLabels(rule, s.labels);
      const key = JSON.stringify(labels);
      seen.add(key);
      const annotations = expand(rule.annotations, labels, v);
      const cur = active.get(key);
      if (cur && cur.resolvedAt === undefined) Object.assign(cur, { value: v, annotations });
      else active.set(key, { labels, annotations, state: 'pending', activeAt: t, value: v });
    }
    const now: RuleAlert[] = [];
    for (const [key, al] of active) {
      if (!seen.has(key)) {
        // Prometheus keeps a resolved alert 15 minutes (resolvedRetention); it is never listed.
        if (al.state === 'pending' || (al.resolvedAt !== undefined && t - al.resolvedAt > 15 * MINUTE))
          active.delete(key);
        if (al.resolvedAt === undefined) al.resolvedAt = t;
        continue;
      }
      if (al.state === 'pending' && t - al.activeAt >= rule.forMs) al.state = 'firing';
      const { resolvedAt: _r, ...copy } = al;
      now.push({ ...copy, labels: { ...copy.labels }, annotations: { ...copy.annotations } });
    }
    rule.ticks.push({ t, alerts: now });
  }
  return rule;
}

/** The sample's labels without `__name__`, the rule's labels over them, and `alertname`. */
function alertLabels(rule: AlertRule, sample: Labels): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(sample)) if (k !== '__name__') out[k] = v;
  Object.assign(out, rule.labels, { alertname: rule.name });
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k];
  return sorted;
}

/** The two template variables alerting rules use most: `{{ $value }}` and `{{ $labels.name }}`. */
function expand(annotations: Record<string, string>, labels: Record<string, string>, v: number) {
  const out: Record<string, string> = {};
  for (const [k, text] of Object.entries(annotations)) {
    out[k] = text
      .replace(/\{\{\s*\$value\s*\}\}/g, formatPromFloat(v))
      .replace(/\{\{\s*\$labels\.([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (_m, n: string) => labels[n] ?? '');
  }
  return out;
}
