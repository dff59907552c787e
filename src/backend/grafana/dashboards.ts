/**
 * Synthetic dashboards for a golden, as context for agents that search Grafana first: one for the
 * alert (its expression and the metric routes) and one for the logs (the log routes). Panels hold
 * real queries against the two datasources, so an agent can lift them into `/api/ds/query`.
 */
import type { Golden } from '../../formats/golden/index.js';
import { LOKI_UID, PROM_UID } from './datasources.js';

export interface Panel {
  id: number;
  title: string;
  datasource: { uid: string; type: 'prometheus' | 'loki' };
  expr: string;
}

export interface Dashboard {
  uid: string;
  title: string;
  tags: string[];
  panels: Panel[];
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function dashboardsOf(g: Golden | undefined): Dashboard[] {
  if (!g) return [];
  const measurements = [...g.parts.A.measurements, ...g.parts.B.measurements];
  const prom = { uid: PROM_UID, type: 'prometheus' as const };
  const loki = { uid: LOKI_UID, type: 'loki' as const };
  const metricPanels: Panel[] = [{ id: 1, title: g.alert.name, datasource: prom, expr: g.alert.expr }];
  const logPanels: Panel[] = [];
  for (const m of measurements) {
    if (!m.route) continue;
    const list = m.source === 'metrics' ? metricPanels : logPanels;
    list.push({
      id: list.length + 1,
      title: m.description ?? m.id,
      datasource: m.source === 'metrics' ? prom : loki,
      expr: m.route,
    });
  }
  const service = Object.values(g.alert.labels)[0] ?? g.id;
  const out: Dashboard[] = [
    {
      uid: `${slug(g.id)}-alert`,
      title: `${g.alert.name} overview`,
      tags: ['alert', service],
      panels: metricPanels,
    },
  ];
  if (logPanels.length > 0) {
    out.push({
      uid: `${slug(g.id)}-logs`,
      title: `${g.title} logs`,
      tags: ['logs', service],
      panels: logPanels,
    });
  }
  return out;
}

/** A hit as `/api/search` returns it. */
export function searchHit(d: Dashboard, i: number): Record<string, unknown> {
  return {
    id: i + 1,
    uid: d.uid,
    title: d.title,
    uri: `db/${slug(d.title)}`,
    url: `/d/${d.uid}/${slug(d.title)}`,
    slug: '',
    type: 'dash-db',
    tags: d.tags,
    isStarred: false,
    sortMeta: 0,
  };
}

/** The dashboard model as `/api/dashboards/uid/<uid>` returns it. */
export function dashboardJson(d: Dashboard): Record<string, unknown> {
  return {
    dashboard: {
      uid: d.uid,
      title: d.title,
      tags: d.tags,
      schemaVersion: 39,
      panels: d.panels.map((p, i) => ({
        id: p.id,
        title: p.title,
        type: p.datasource.type === 'loki' ? 'logs' : 'timeseries',
        gridPos: { h: 8, w: 12, x: (i % 2) * 12, y: Math.floor(i / 2) * 8 },
        datasource: p.datasource,
        targets: [{ refId: 'A', datasource: p.datasource, expr: p.expr }],
      })),
    },
    meta: { type: 'db', canSave: false, canEdit: false, slug: slug(d.title), url: `/d/${d.uid}` },
  };
}
