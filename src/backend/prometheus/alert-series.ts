/**
 * The world a Prometheus with the golden's alerting rule would hold: the world's series plus the
 * two series the rule manager writes at every evaluation (rules/alerting.go `sample`,
 * `forStateSample`): `ALERTS{alertname, alertstate, <alert labels>} 1` for each pending or firing
 * alert, and `ALERTS_FOR_STATE{alertname, <alert labels>}` = its `activeAt` in unix seconds. A
 * series the rule stops writing gets a staleness marker at the next evaluation, as a rule group
 * marks series gone from its output. So `ALERTS{alertstate="firing"}` agrees with `/api/v1/alerts`
 * at every evaluation time. Built once per world; the world's own hash is unchanged.
 */
import type { Golden } from '../../formats/golden/index.js';
import { SeriesStore } from '../../world/series-store.js';
import { STALE_NAN, type World } from '../../world/types.js';
import { type AlertRule, alertRuleOf } from './alert-rule.js';

/** Per world, per alert spec; a served world maps to itself (the engine pool serves it again). */
const served = new WeakMap<World, Map<string, World>>();
const isServed = new WeakSet<World>();

export function servedWorld(golden: Golden | undefined, world: World): World {
  if (!golden || isServed.has(world)) return world;
  let byAlert = served.get(world);
  if (!byAlert) {
    byAlert = new Map();
    served.set(world, byAlert);
  }
  const key = JSON.stringify([golden.alert, golden.ms.activeAt]);
  let w = byAlert.get(key);
  if (!w) {
    const rule = alertRuleOf(golden, world);
    const metrics = new SeriesStore();
    for (const s of world.metrics.select([], Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY))
      metrics.addSeries(s.labels, s.ts as unknown as number[], s.vs as unknown as number[]);
    addRuleSeries(metrics, rule);
    metrics.all();
    w = { start: world.start, end: world.end, metrics, logs: world.logs };
    byAlert.set(key, w);
    isServed.add(w);
  }
  return w;
}

function addRuleSeries(store: SeriesStore, rule: AlertRule): void {
  let previous = new Map<string, Record<string, string>>();
  for (const tick of rule.ticks) {
    const current = new Map<string, Record<string, string>>();
    for (const a of tick.alerts) {
      const alerts = { ...a.labels, __name__: 'ALERTS', alertstate: a.state };
      const forState = { ...a.labels, __name__: 'ALERTS_FOR_STATE' };
      current.set(JSON.stringify(alerts), alerts);
      current.set(JSON.stringify(forState), forState);
      store.append(alerts, tick.t, 1);
      store.append(forState, tick.t, Math.floor(a.activeAt / 1000));
    }
    for (const [key, labels] of previous) if (!current.has(key)) store.append(labels, tick.t, STALE_NAN);
    previous = current;
  }
}
