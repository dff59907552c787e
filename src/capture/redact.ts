/**
 * Redaction before anything is written: labels dropped or replaced by a short sha256, label values
 * and line fragments shaped like credentials masked with the project's one redactor (errors.ts),
 * and the user's own line regexes replaced by `[redacted]`.
 */
import { createHash } from 'node:crypto';
import { looksLikeSecret, redact } from '../errors.js';
import type { CapturedSeries, CapturedStream, RedactRules } from './types.js';

function hash(v: string): string {
  return `h_${createHash('sha256').update(v).digest('hex').slice(0, 12)}`;
}

export function redactLabels(labels: Record<string, string>, r: RedactRules): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) {
    if (r.dropLabels.includes(k)) continue;
    if (r.hashLabels.includes(k)) out[k] = hash(v);
    else out[k] = r.secrets && looksLikeSecret(v) ? redact(v) : v;
  }
  return out;
}

export function redactLine(line: string, r: RedactRules): string {
  let out = r.secrets ? redact(line) : line;
  for (const re of r.lineRegexes) out = out.replace(re, '[redacted]');
  return out;
}

/** Series whose labels collide after dropping are merged (first sample at a time wins). */
export function redactSeries(series: CapturedSeries[], r: RedactRules): CapturedSeries[] {
  const merged = new Map<string, CapturedSeries>();
  for (const s of series) {
    const labels = redactLabels(s.labels, r);
    const k = JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
    const have = merged.get(k);
    if (!have) merged.set(k, { labels, samples: s.samples });
    else {
      const m = new Map(have.samples);
      for (const [t, v] of s.samples) if (!m.has(t)) m.set(t, v);
      have.samples = [...m].sort((a, b) => a[0] - b[0]);
    }
  }
  return [...merged.values()];
}

export function redactStreams(streams: CapturedStream[], r: RedactRules): CapturedStream[] {
  return streams.map((s) => ({
    labels: redactLabels(s.labels, r),
    entries: s.entries.map((e) => ({
      ns: e.ns,
      line: redactLine(e.line, r),
      ...(e.metadata ? { metadata: redactLabels(e.metadata, r) } : {}),
    })),
  }));
}
