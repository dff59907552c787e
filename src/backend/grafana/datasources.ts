/**
 * The two datasources the Grafana surface offers: one Prometheus, one Loki, both pointing at this
 * server's own routes. Uids, names and ids are stable so agents and MCP configs can hard-code them.
 */
export interface Datasource {
  id: number;
  uid: string;
  name: string;
  type: 'prometheus' | 'loki';
  typeName: string;
  isDefault: boolean;
}

export const PROM_UID = 'rematch-prometheus';
export const LOKI_UID = 'rematch-loki';

export const DATASOURCES: readonly Datasource[] = [
  { id: 1, uid: PROM_UID, name: 'Prometheus', type: 'prometheus', typeName: 'Prometheus', isDefault: true },
  { id: 2, uid: LOKI_UID, name: 'Loki', type: 'loki', typeName: 'Loki', isDefault: false },
];

export function datasourceBy(key: { uid?: string; name?: string; id?: number }): Datasource | undefined {
  return DATASOURCES.find(
    (d) =>
      (key.uid !== undefined && d.uid === key.uid) ||
      (key.name !== undefined && d.name === key.name) ||
      (key.id !== undefined && d.id === key.id),
  );
}

/** The datasource as Grafana's `/api/datasources` lists it; `url` is where it proxies to. */
export function datasourceJson(d: Datasource, baseUrl: string): Record<string, unknown> {
  return {
    id: d.id,
    uid: d.uid,
    orgId: 1,
    name: d.name,
    type: d.type,
    typeName: d.typeName,
    typeLogoUrl: `public/app/plugins/datasource/${d.type}/img/${d.type}_icon.svg`,
    access: 'proxy',
    url: baseUrl,
    user: '',
    database: '',
    basicAuth: false,
    isDefault: d.isDefault,
    jsonData: d.type === 'prometheus' ? { httpMethod: 'POST', prometheusType: 'Prometheus' } : {},
    readOnly: true,
  };
}
