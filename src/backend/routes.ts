/**
 * URL path → API, for the HTTP adapter. Prometheus lives at the server root (`/api/v1/...`, so
 * promtool and Grafana take the bare base URL) and Loki beside it (`/loki/api/v1/...`).
 */
import type { Api } from './api.js';

export interface Route {
  api: Api;
  /** The `<name>` segment of label-values routes. */
  name?: string;
  methods: readonly string[];
}

const GET = ['GET'] as const;
const GET_POST = ['GET', 'POST'] as const;

const FIXED: Record<string, Route> = {
  '/api/v1/query': { api: 'prom.query', methods: GET_POST },
  '/api/v1/query_range': { api: 'prom.query_range', methods: GET_POST },
  '/api/v1/series': { api: 'prom.series', methods: GET_POST },
  '/api/v1/labels': { api: 'prom.labels', methods: GET_POST },
  '/api/v1/metadata': { api: 'prom.metadata', methods: GET },
  '/api/v1/status/buildinfo': { api: 'prom.buildinfo', methods: GET },
  '/api/v1/alerts': { api: 'prom.alerts', methods: GET },
  '/api/v1/rules': { api: 'prom.rules', methods: GET },
  '/api/v1/targets': { api: 'prom.targets', methods: GET },
  '/api/v1/targets/metadata': { api: 'prom.targets_metadata', methods: GET },
  '/api/v1/alertmanagers': { api: 'prom.alertmanagers', methods: GET },
  '/api/v1/query_exemplars': { api: 'prom.query_exemplars', methods: GET_POST },
  '/api/v1/format_query': { api: 'prom.format_query', methods: GET_POST },
  '/api/v1/status/config': { api: 'prom.status_config', methods: GET },
  '/api/v1/status/flags': { api: 'prom.status_flags', methods: GET },
  '/api/v1/status/runtimeinfo': { api: 'prom.status_runtimeinfo', methods: GET },
  '/api/v1/status/tsdb': { api: 'prom.status_tsdb', methods: GET },
  '/api/v1/status/walreplay': { api: 'prom.status_walreplay', methods: GET },
  '/loki/api/v1/query': { api: 'loki.query', methods: GET_POST },
  '/loki/api/v1/query_range': { api: 'loki.query_range', methods: GET_POST },
  '/loki/api/v1/labels': { api: 'loki.labels', methods: GET_POST },
  '/loki/api/v1/label': { api: 'loki.labels', methods: GET_POST },
  '/loki/api/v1/series': { api: 'loki.series', methods: GET_POST },
  '/loki/api/v1/index/stats': { api: 'loki.index_stats', methods: GET_POST },
  '/loki/api/v1/index/volume': { api: 'loki.index_volume', methods: GET_POST },
  '/loki/api/v1/index/volume_range': { api: 'loki.index_volume_range', methods: GET_POST },
  '/loki/api/v1/detected_labels': { api: 'loki.detected_labels', methods: GET_POST },
  '/loki/api/v1/detected_fields': { api: 'loki.detected_fields', methods: GET_POST },
  '/loki/api/v1/format_query': { api: 'loki.format_query', methods: GET_POST },
  '/loki/api/v1/status/buildinfo': { api: 'loki.buildinfo', methods: GET },
};

export function routeOf(path: string): Route | undefined {
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const prom = /^\/api\/v1\/label\/([^/]+)\/values$/.exec(path);
  if (prom) return { api: 'prom.label_values', name: decodeURIComponent(prom[1]), methods: GET };
  const loki = /^\/loki\/api\/v1\/label\/([^/]+)\/values$/.exec(path);
  if (loki) return { api: 'loki.label_values', name: decodeURIComponent(loki[1]), methods: GET_POST };
  return undefined;
}
