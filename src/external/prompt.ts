/**
 * The prompt file a command seat's agent reads: the same incident text hosted agents get, then
 * how to reach the telemetry, how to cite calls, and where to write the Theory.
 */

import type { Golden } from '../formats/golden/index.js';
import { incidentMessage } from '../protocol/prompt.js';

export function commandPrompt(golden: Golden, shiftMs: number): string {
  const now = new Date(golden.ms.now + shiftMs).toISOString();
  return [
    incidentMessage(golden, 'file'),
    '',
    'Telemetry (environment variables):',
    '  REMATCH_PROMETHEUS_URL: Prometheus HTTP API (/api/v1/query, /api/v1/query_range, ...)',
    '  REMATCH_LOKI_URL: Loki HTTP API (/loki/api/v1/query, /loki/api/v1/query_range, ...)',
    '  REMATCH_GRAFANA_URL: Grafana API (/api/datasources, /api/ds/query, datasource proxy routes)',
    `Times on these servers are shifted: the incident's "now" is your wall clock's now at start, ${now} (also in REMATCH_NOW).`,
    'Every HTTP answer carries a header x-rematch-call-id (c1, c2, ...): cite those ids as evidence.',
  ].join('\n');
}
