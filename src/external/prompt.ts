/**
 * The prompt file a command seat's agent reads: the same incident text hosted agents get, then
 * how to reach the telemetry, how to cite calls, and where to write the Theory; then, for a gate
 * set with gates in `prompt` mode, their guidance (protocol/guidance.ts), every text of it: a
 * command seat has no tool descriptions of ours to carry the tool-level ones.
 */

import type { Golden } from '../formats/golden/index.js';
import { type Guidance, hasGuidance, NO_GUIDANCE } from '../protocol/guidance.js';
import { incidentMessage } from '../protocol/prompt.js';

export function commandPrompt(golden: Golden, shiftMs: number, guidance: Guidance = NO_GUIDANCE): string {
  const now = new Date(golden.ms.now + shiftMs).toISOString();
  const advice = hasGuidance(guidance)
    ? [
        '',
        'How to work:',
        ...[...guidance.system, ...guidance.query, ...guidance.submit].map((t) => `  ${t}`),
      ]
    : [];
  return [
    incidentMessage(golden, 'file'),
    '',
    'Telemetry (environment variables):',
    '  REMATCH_PROMETHEUS_URL: Prometheus HTTP API (/api/v1/query, /api/v1/query_range, ...)',
    '  REMATCH_LOKI_URL: Loki HTTP API (/loki/api/v1/query, /loki/api/v1/query_range, ...)',
    '  REMATCH_GRAFANA_URL: Grafana API (/api/datasources, /api/ds/query, datasource proxy routes)',
    `Times on these servers are shifted: the incident's "now" is your wall clock's now at start, ${now} (also in REMATCH_NOW).`,
    'Every HTTP answer carries a header x-rematch-call-id (c1, c2, ...): cite those ids as evidence.',
    ...advice,
  ].join('\n');
}
