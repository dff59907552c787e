/**
 * Free-text negative claims: sentences that assert absence ("no errors found", "none", "not
 * observed", "normal", "0"). A sentence that also speaks of a gap ("could not", "failed",
 * "unknown") is an honest gap statement, not a claim of absence.
 */
import type { MeasurementSpec } from '../spec/golden.js';
import type { Source } from './evidence.js';

const NEGATIVE = [
  /\bno\s+(?:[\w-]+\s+){0,4}?(?:errors?|failures?|timeouts?|exceptions?|issues?|problems?|anomal\w*|spikes?|retries|retry|entries|lines|events|signs?|evidence)\b/i,
  /\bno\b[^.]*\b(?:found|observed|seen|detected|present|recorded|reported)\b/i,
  /\bnot\s+(?:been\s+)?(?:observed|found|seen|detected|present|elevated|affected)\b/i,
  /\b(?:none|normal|nominal|zero|clean|healthy)\b/i,
  /(?:^|[\s(=:])0(?![.\d])(?:\s|$|[,;)%])/,
];

const GAP_LANGUAGE =
  /\b(?:could\s*n[o']t|cannot|can't|unable|failed|failing|failure\s+of|unknown|undetermined|unavailable|missing|gap|did\s+not\s+return|errored|timed\s+out|no\s+data\s+(?:was\s+)?(?:returned|available))\b/i;

const SOURCE_WORDS: Record<Source, RegExp> = {
  logs: /\b(?:logs?|logged|logging|loki|log\s+lines?)\b/i,
  metrics: /\b(?:metrics?|prometheus|promql|time\s*series|dashboards?)\b/i,
};

/** Words too generic to tie a sentence to one measurement. */
const GENERIC = new Set([
  'count',
  'total',
  'ratio',
  'rate',
  'sum',
  'max',
  'min',
  'avg',
  'value',
  'seconds',
  'ms',
]);

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function isNegativeClaim(sentence: string): boolean {
  return !GAP_LANGUAGE.test(sentence) && NEGATIVE.some((re) => re.test(sentence));
}

export function sourcesNamed(sentence: string): Source[] {
  return (Object.keys(SOURCE_WORDS) as Source[]).filter((s) => SOURCE_WORDS[s].test(sentence));
}

/** Measurements a sentence speaks about: by id, or by all of the id's significant words. */
export function measurementsNamed(sentence: string, specs: MeasurementSpec[]): MeasurementSpec[] {
  const lower = sentence.toLowerCase();
  return specs.filter((m) => {
    if (lower.includes(m.id)) return true;
    const words = m.id.split('_').filter((w) => w.length >= 3 && !GENERIC.has(w));
    return words.length > 0 && words.every((w) => new RegExp(`\\b${w}`, 'i').test(lower));
  });
}
