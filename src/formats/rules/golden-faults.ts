/**
 * Rules on a golden's faults and expectations that need no world. Whether a fault's query pattern
 * matches any series or stream of the world is checked by `bench validate` after building it.
 */

import type { Golden } from '../golden/index.js';
import { faultPattern } from '../golden/index.js';
import { err, type RuleIssue, warn } from './types.js';

/** Mirrors `Api` in src/backend/api.ts (spec may not import backend; a test keeps them equal). */
export const FAULT_APIS = [
  'prom.query',
  'prom.query_range',
  'prom.series',
  'prom.labels',
  'prom.label_values',
  'prom.metadata',
  'prom.buildinfo',
  'prom.alerts',
  'prom.rules',
  'prom.targets',
  'prom.targets_metadata',
  'prom.alertmanagers',
  'prom.query_exemplars',
  'prom.format_query',
  'prom.status_config',
  'prom.status_flags',
  'prom.status_runtimeinfo',
  'prom.status_tsdb',
  'prom.status_walreplay',
  'loki.query',
  'loki.query_range',
  'loki.labels',
  'loki.label_values',
  'loki.series',
  'loki.index_stats',
  'loki.index_volume',
  'loki.index_volume_range',
  'loki.detected_labels',
  'loki.detected_fields',
  'loki.format_query',
  'loki.buildinfo',
] as const;
/** Whole backends a fault may name instead of single APIs. */
export const FAULT_BACKENDS = ['prometheus', 'loki'] as const;

const KNOWN = new Set<string>([...FAULT_APIS, ...FAULT_BACKENDS]);

/** The server whose limit a limit kind is (backend/faults/size.ts applies it to that server only). */
const LIMIT_SERVER: Partial<Record<string, (typeof FAULT_BACKENDS)[number]>> = {
  'max-query-length': 'loki',
  'max-entries': 'loki',
  'too-many-samples': 'prometheus',
};
const PREFIX = { loki: 'loki', prometheus: 'prom' } as const;

export function faultRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  const ids = new Set<string>();
  let catalog: number | undefined;
  g.faults.forEach((f, i) => {
    const at = ['faults', i];
    if (ids.has(f.id)) out.push(err([...at, 'id'], `duplicate fault id "${f.id}"`));
    ids.add(f.id);
    f.match.api?.forEach((api, j) => {
      if (!KNOWN.has(api)) {
        out.push(err([...at, 'match', 'api', j], `unknown API "${api}" (one of ${[...KNOWN].join(', ')})`));
      }
    });
    if (f.match.query !== undefined) {
      const bad = regexError(f.match.query);
      if (bad) out.push(err([...at, 'match', 'query'], `invalid regular expression: ${bad}`));
    }
    const server = LIMIT_SERVER[f.kind];
    if (
      server &&
      f.match.api?.length &&
      !f.match.api.some((a) => a === server || a.startsWith(`${PREFIX[server]}.`))
    ) {
      out.push(
        err(
          [...at, 'match', 'api'],
          `a ${f.kind} fault applies only to ${server} APIs, and match.api lists none`,
        ),
      );
    }
    // One catalog per backend: a second stale-tools fault would be a second, disagreeing version.
    if (f.kind === 'stale-tools') {
      if (catalog !== undefined)
        out.push(
          err([...at, 'kind'], `a golden has one tool catalog: stale-tools is already faults[${catalog}]`),
        );
      catalog ??= i;
    }
    // A field the kind needs (http-error's status, latency's latency) is checked by the schema.
    if (f.kind === 'partial' && f.keep === undefined && f.warnings === undefined) {
      out.push(warn(at, 'a partial fault without `keep` or `warnings` changes nothing visible'));
    }
  });
  return out;
}

export function expectationRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  g.expect.forEach((e, i) => {
    const checks = [e.value, e.count, e.empty, e.outcome].filter((x) => x !== undefined).length;
    if (checks === 0)
      out.push(err(['expect', i], 'an expectation needs one of value, count, empty or outcome'));
    if (e.value !== undefined && e.tolerance === undefined) {
      out.push(warn(['expect', i], 'a value without tolerance is compared exactly'));
    }
  });
  return out;
}

/** Go's text for a `match.query` pattern RE2 refuses (formats/golden/fault-regex.ts), else undefined. */
export function regexError(source: string): string | undefined {
  const p = faultPattern(source);
  return typeof p === 'string' ? p : undefined;
}
