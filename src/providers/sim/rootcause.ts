/**
 * Root cause from what the sim observed: the most frequent error message among the log lines it
 * saw names the mechanism, and the stream's service label names the component. Without log lines
 * (a failed logs backend), it falls back to the alert: the honest "we only know the symptom".
 */
import type { Golden } from '../../spec/normalized.js';
import type { LogLine, Observation } from './observe.js';
import { alertService } from './routes.js';

const ERRORISH =
  /\b(error|err|fail|failed|failure|exhaust|timeout|timed out|refused|denied|panic|fatal|oom|saturat|unavailable|reject|5\d\d)\b/i;

/** The human message of a log line: logfmt `msg=`, a JSON `msg`/`message`, else the line itself. */
export function messageOf(line: string): string {
  const logfmt = /\b(?:msg|message)=("(?:[^"\\]|\\.)*"|\S+)/.exec(line);
  if (logfmt) return logfmt[1].replace(/^"|"$/g, '');
  if (line.startsWith('{')) {
    try {
      const o = JSON.parse(line) as Record<string, unknown>;
      const m = o.msg ?? o.message ?? o.error;
      if (typeof m === 'string') return m;
    } catch {
      // not JSON after all: use the line
    }
  }
  return line;
}

/** Mask ids and numbers so repeated messages group together. */
function shape(msg: string): string {
  return msg
    .replace(/\b[0-9a-f]{8,}\b/gi, '<id>')
    .replace(/\d+(\.\d+)?(ms|s|m)?/g, '<n>')
    .trim();
}

export function dominantError(
  lines: LogLine[],
): { message: string; component?: string; count: number } | undefined {
  const counts = new Map<string, { n: number; example: string; component?: string }>();
  for (const l of lines) {
    const levelErr =
      /level[=:"\s]+"?(error|err|fatal|warn)/i.test(l.line) || /error|fatal/i.test(l.labels.level ?? '');
    const msg = messageOf(l.line);
    if (!levelErr && !ERRORISH.test(msg)) continue;
    const key = shape(msg);
    const c = counts.get(key) ?? {
      n: 0,
      example: msg,
      component: l.labels.app ?? l.labels.service ?? l.labels.job,
    };
    c.n++;
    counts.set(key, c);
  }
  let best: { message: string; component?: string; count: number } | undefined;
  for (const c of counts.values()) {
    if (!best || c.n > best.count) best = { message: c.example, component: c.component, count: c.n };
  }
  return best;
}

export function inferRootCause(
  golden: Golden,
  seen: Observation[],
): { component: string; mechanism: string; explanation: string } {
  const lines = seen.flatMap((o) => (o.outcome === 'ok' ? o.lines : []));
  const top = dominantError(lines);
  if (top) {
    const component = top.component ?? alertService(golden) ?? 'unknown';
    return {
      component,
      mechanism: top.message,
      explanation: `most frequent error in the ${component} logs (${top.count} of ${lines.length} lines read): "${top.message}"`,
    };
  }
  return {
    component: alertService(golden) ?? golden.alert.name,
    mechanism: 'not established from logs',
    explanation: `from the alert only: ${golden.alert.summary}`,
  };
}
