/**
 * Fingerprints of terminal failed/empty/rejected observations (DESIGN §6). The hashed text is:
 * tool + class + error type + the error message with numbers, durations and quoted strings
 * masked, and, for `empty`, the query SHAPE (metric names and label names, never values). So a
 * tweaked label value or range that fails the same way gives the same fingerprint.
 */
import { createHash } from 'node:crypto';
import { logQueryShape } from '../../logql/index.js';
import { selectorsOf } from '../../promql/index.js';
import type { Outcome } from '../../spec/trace.js';
import type { Source } from '../../spec/vocabulary.js';

const QUOTED = /"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'/g;
const DURATION = /(?<![A-Za-z_])\d+(?:\.\d+)?(?:ms|s|m|h|d|w|y)(?:\d+(?:ms|s|m|h|d|w|y))*(?![A-Za-z0-9_])/g;
const NUMBER = /(?<![A-Za-z_])[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi;
const GROUPING = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g;
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'by', 'without']);

export function maskMessage(message: string): string {
  return message
    .replace(QUOTED, '"…"')
    .replace(DURATION, '#')
    .replace(NUMBER, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The shape of a query: PromQL → its selectors' metric names and label names (`metrics|labels`);
 * LogQL → the engine's shape (label names, stages, operators; every value masked). A query the
 * parsers refuse falls back to a regex normalizer with the same intent.
 */
export function queryShape(query: string, source?: Source): string {
  try {
    if (source === 'logs') return logQueryShape(query);
    const sels = selectorsOf(query);
    const metrics = new Set<string>();
    const labels = new Set<string>();
    for (const sel of sels) {
      if (sel.metric) metrics.add(sel.metric);
      for (const m of sel.matchers) {
        if (m.name === '__name__' && m.op === '=') metrics.add(m.value);
        else labels.add(m.name);
      }
    }
    return `${[...metrics].sort().join(',')}|${[...labels].sort().join(',')}`;
  } catch {
    return regexShape(query);
  }
}

/** Metric names and label names of a PromQL/LogQL query, sorted: `metrics|labels`, by regex. */
export function regexShape(query: string): string {
  const q = query.replace(QUOTED, '""').replace(DURATION, '#');
  const labels = new Set<string>();
  for (const block of q.matchAll(/\{([^}]*)\}/g)) {
    for (const m of block[1].matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)/g)) labels.add(m[1]);
  }
  let outside = q.replace(/\{[^}]*\}/g, ' ').replace(/\[[^\]]*\]/g, ' ');
  for (const g of outside.matchAll(GROUPING)) {
    for (const name of g[1].split(',')) if (name.trim()) labels.add(name.trim());
  }
  outside = outside.replace(GROUPING, ' ');
  const names = new Set<string>();
  for (const m of outside.matchAll(/(?<![A-Za-z0-9_:.#])([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)) {
    if (m[2] || KEYWORDS.has(m[1].toLowerCase())) continue;
    names.add(m[1]);
  }
  return `${[...names].sort().join(',')}|${[...labels].sort().join(',')}`;
}

export interface FingerprintInput {
  tool: string;
  outcome: Outcome;
  error?: { type: string; message: string };
  query?: string;
  source?: Source;
}

export function isTerminalFailure(outcome: Outcome): boolean {
  return outcome === 'failed' || outcome === 'empty' || outcome === 'rejected';
}

/** A 12-hex-digit fingerprint, or undefined for outcomes the ledger does not track. */
export function fingerprintOf(o: FingerprintInput): string | undefined {
  if (!isTerminalFailure(o.outcome)) return undefined;
  const parts = [o.tool, o.outcome];
  if (o.error) parts.push(o.error.type, maskMessage(o.error.message));
  if (o.outcome === 'empty') parts.push(queryShape(o.query ?? '', o.source));
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 12);
}

/** A route: the tool and the query shape. Exhausted routes are blocked after a halt. */
export function routeKey(tool: string, query: string | undefined, source?: Source): string {
  return `${tool}:${queryShape(query ?? '', source)}`;
}
