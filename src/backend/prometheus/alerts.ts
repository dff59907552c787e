/**
 * `/api/v1/alerts` and `/api/v1/rules` over the golden's alerting rule (alert-rule.ts), in the
 * shapes of Prometheus 3's web/api/v1/api.go: `AlertDiscovery{alerts}` and `RuleDiscovery{groups}`
 * of one group holding the one alerting rule. Both answer the rule's state at the world's "now"
 * (the last evaluation at or before it); times are moved by the request's time shift.
 */

import { formatExpr, parsePromQL } from '../../promql/index.js';
import type { ApiParams, ApiResponse } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import { goFloatE, goTime } from '../go-format.js';
import { param, params } from '../params.js';
import { invalidParam } from '../wire-error.js';
import { type AlertRule, alertRuleOf, alertsAt, type RuleAlert } from './alert-rule.js';
import { promSuccess } from './wire.js';

function apiAlert(a: RuleAlert, shiftMs: number) {
  return {
    labels: a.labels,
    annotations: a.annotations,
    state: a.state,
    activeAt: goTime(a.activeAt + shiftMs),
    value: goFloatE(a.value),
  };
}

function ruleOf(ctx: EngineCtx): AlertRule | undefined {
  return ctx.golden ? alertRuleOf(ctx.golden, ctx.world) : undefined;
}

export function alertsHandler(_p: ApiParams, ctx: EngineCtx, shiftMs: number): ApiResponse {
  const rule = ruleOf(ctx);
  const alerts = rule ? alertsAt(rule, ctx.nowMs).alerts : [];
  return promSuccess({ alerts: alerts.map((a) => apiAlert(a, shiftMs)) });
}

/** Go's strconv.ParseBool, as Prometheus reads `exclude_alerts`. */
function parseBool(p: ApiParams, name: string): boolean {
  const s = param(p, name);
  if (s === undefined) return false;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  throw invalidParam(name, `strconv.ParseBool: parsing "${s}": invalid syntax`);
}

export function rulesHandler(p: ApiParams, ctx: EngineCtx, shiftMs: number): ApiResponse {
  const type = (param(p, 'type') ?? '').toLowerCase();
  if (type !== '' && type !== 'alert' && type !== 'record')
    throw invalidParam('type', `not supported value "${type}"`);
  const excludeAlerts = parseBool(p, 'exclude_alerts');
  const rule = ruleOf(ctx);
  if (!rule || !ctx.golden) return promSuccess({ groups: [] });
  const group = ctx.golden.id;
  const file = ctx.golden.file;
  const names = params(p, 'rule_name[]');
  const groups = params(p, 'rule_group[]');
  const files = params(p, 'file[]');
  if ((groups.length && !groups.includes(group)) || (files.length && !files.includes(file)))
    return promSuccess({ groups: [] });
  const keep = type !== 'record' && (names.length === 0 || names.includes(rule.name));
  const { tick, alerts } = alertsAt(rule, ctx.nowMs);
  const lastEvaluation = tick ? goTime(tick.t + shiftMs) : '0001-01-01T00:00:00Z';
  const state = alerts.some((a) => a.state === 'firing') ? 'firing' : alerts.length ? 'pending' : 'inactive';
  const alerting = {
    state,
    name: rule.name,
    query: printed(rule.query),
    duration: rule.forMs / 1000,
    keepFiringFor: 0,
    labels: rule.labels,
    annotations: rule.annotations,
    alerts: excludeAlerts ? [] : alerts.map((a) => apiAlert(a, shiftMs)),
    health: rule.lastError ? 'err' : tick ? 'ok' : 'unknown',
    ...(rule.lastError ? { lastError: rule.lastError } : {}),
    evaluationTime: 0,
    lastEvaluation,
    type: 'alerting',
  };
  // A group whose rules the filters all removed is not listed, as Prometheus does.
  if (!keep) return promSuccess({ groups: [] });
  return promSuccess({
    groups: [
      {
        name: group,
        file,
        rules: [alerting],
        interval: rule.intervalMs / 1000,
        limit: 0,
        evaluationTime: 0,
        lastEvaluation,
      },
    ],
  });
}

/**
 * A rule's `query` as Prometheus shows it: the parsed expression printed (`rule.Query().String()`),
 * so `rate(x[5m])>1` reads `rate(x[5m]) > 1`; an expression that does not parse stays as written.
 */
function printed(q: string): string {
  try {
    return formatExpr(parsePromQL(q));
  } catch {
    return q;
  }
}
