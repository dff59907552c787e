/**
 * Fingerprints of terminal failed/empty/rejected observations (DESIGN §6). The hashed text is:
 * tool + class + error type + the error message with numbers, durations and quoted strings
 * masked, and, for `empty`, the query SHAPE (metric names and label names, never values) and
 * whether the empty was VACUOUS (every selector matched nothing: a typo, a wrong label) rather than
 * measured (the selectors read data, the filter passed none). So a tweaked label value or range
 * that fails the same way gives the same fingerprint, while a typo'd selector after a measured
 * zero is a different observation, not a repeat of it (DESIGN §6: "to the same effect").
 *
 * The shape of a query needs the engines' parsers, which sit above this layer: the caller passes
 * its shaper (backend/query-shape.ts is the one both hosts use; it falls back to `regexShape`).
 */
import { createHash } from 'node:crypto';
import type { Outcome } from '../formats/run/index.js';
import { DURATION_TERM, DURATION_UNITS } from '../formats/time.js';
import type { Source } from '../formats/vocabulary.js';

const QUOTED = /"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'/g;
const DURATION = new RegExp(
  `(?<![A-Za-z_])${DURATION_TERM}(?:\\d+(?:${DURATION_UNITS}))*(?![A-Za-z0-9_])`,
  'g',
);
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
  /** The empty answer read nothing at all: every selector matched no series or stream. */
  vacuous?: boolean;
}

/** Every selector of the query matched nothing (the engines' selection record, docs/trace.md#selection). */
export function isVacuous(
  selection: { selectors: number; unmatched: readonly string[] } | undefined,
): boolean {
  return !!selection && selection.unmatched.length > 0 && selection.unmatched.length === selection.selectors;
}

/** The shape of a query: `metrics|labels` names, every value masked. */
export type QueryShaper = (query: string, source?: Source) => string;

export function isTerminalFailure(outcome: Outcome): boolean {
  return outcome === 'failed' || outcome === 'empty' || outcome === 'rejected';
}

/** A 12-hex-digit fingerprint, or undefined for outcomes the ledger does not track. */
export function fingerprintOf(o: FingerprintInput, shapeOf: QueryShaper): string | undefined {
  if (!isTerminalFailure(o.outcome)) return undefined;
  const parts = [o.tool, o.outcome];
  if (o.error) parts.push(o.error.type, maskMessage(o.error.message));
  if (o.outcome === 'empty') parts.push(shapeOf(o.query ?? '', o.source));
  // Appended only when vacuous, so a measured empty keeps the fingerprint it always had.
  if (o.outcome === 'empty' && o.vacuous) parts.push('vacuous');
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 12);
}
