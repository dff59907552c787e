/**
 * Root cause from what the sim observed. Logs: the most frequent error message among the log lines
 * it saw names the mechanism, and the stream's service label names the component. Metrics
 * (metric-cause.ts): a resource at its limit, or trouble upstream of the alerting service. With
 * neither, it falls back to the alert: the honest "we only know the symptom".
 */
import type { Golden } from '../../formats/golden/index.js';
import { type Cause, limitCause, upstreamCause } from './metric-cause.js';
import type { LogLine, Observation } from './observe.js';
import { alertService } from './routes.js';
import type { Notebook } from './types.js';

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
  // Plain lines: drop a leading timestamp and level token.
  return line
    .replace(/^\S*\d{2}:\d{2}:\d{2}\S*\s+/, '')
    .replace(/^\[?(ERROR|ERR|WARN|WARNING|INFO|DEBUG|FATAL)\]?:?\s+/i, '');
}

/** Mask ids and numbers so repeated messages group together. */
function shape(msg: string): string {
  return msg
    .replace(/\b[0-9a-f]{8,}\b/gi, '<id>')
    .replace(/\d+(\.\d+)?(ms|s|m)?/g, '<n>')
    .trim();
}

export interface DominantError {
  message: string;
  component?: string;
  count: number;
  /** Only warnings said it (`level=warn`, a slow query): a symptom of load, not a failure of its own. */
  warningOnly: boolean;
}

/** The most frequent error message of each stream (by its service-like label), most frequent first. */
export function dominantErrors(lines: LogLine[]): DominantError[] {
  const counts = new Map<string, { n: number; example: string; component?: string; failing: boolean }>();
  for (const l of lines) {
    const failing =
      /level[=:"\s]+"?(error|err|fatal)/i.test(l.line) ||
      /\b(ERROR|ERR|FATAL|CRITICAL)\b/.test(l.line) ||
      /error|fatal/i.test(l.labels.level ?? '');
    const warning =
      /level[=:"\s]+"?warn/i.test(l.line) ||
      /\b(WARN|WARNING)\b/.test(l.line) ||
      /warn/i.test(l.labels.level ?? '');
    const msg = messageOf(l.line);
    const errorish = ERRORISH.test(msg);
    if (!failing && !warning && !errorish) continue;
    const component = l.labels.app ?? l.labels.service ?? l.labels.job ?? l.labels.container;
    const key = `${component}\0${shape(msg)}`;
    const c = counts.get(key) ?? { n: 0, example: msg, component, failing: false };
    c.n++;
    c.failing ||= failing || errorish;
    counts.set(key, c);
  }
  const best = new Map<string | undefined, DominantError>();
  for (const c of counts.values()) {
    const b = best.get(c.component);
    if (!b || c.n > b.count)
      best.set(c.component, {
        message: c.example,
        component: c.component,
        count: c.n,
        warningOnly: !c.failing,
      });
  }
  return [...best.values()].sort((a, b) => b.count - a.count);
}

/** The alerting service is usually the victim: prefer an erroring component with another name. */
function culprit(errors: DominantError[], alerting: string | undefined): DominantError {
  const self = (c: string) =>
    c === alerting || new RegExp(`^${alerting}-(api|svc|service|web|frontend|server)$`).test(c);
  const other = alerting ? errors.find((e) => e.component && !self(e.component)) : undefined;
  return other ?? errors[0];
}

/**
 * When the alerting service's own lines were read (ok queries) and none of them was an error, say
 * so: a measured observation, the one that tells a false positive from an outage.
 */
function selfHealth(golden: Golden, lines: LogLine[], errors: { component?: string }[]): string {
  const svc = alertService(golden);
  if (!svc) return '';
  const own = lines.filter((l) => (l.labels.app ?? l.labels.service ?? l.labels.job) === svc);
  if (own.length === 0 || errors.some((e) => e.component === svc)) return '';
  return `; ${svc} itself logged no errors in the ${own.length} lines of it read: it looked healthy`;
}

/** The log-line reading: the culprit stream's dominant error, or undefined when no line was an error. */
export function logCause(
  golden: Golden,
  seen: Observation[],
): (Cause & { stream?: string; warningOnly?: boolean }) | undefined {
  const lines = seen.flatMap((o) => (o.outcome === 'ok' ? o.lines : []));
  const errors = dominantErrors(lines);
  if (!errors.length) return undefined;
  const top = culprit(errors, alertService(golden));
  const component = top.component ?? alertService(golden) ?? 'unknown';
  const others = errors.filter((e) => e !== top).map((e) => `${e.component}: "${e.message}" (${e.count})`);
  return {
    component,
    stream: top.component,
    warningOnly: top.warningOnly,
    mechanism: top.message,
    explanation: `most frequent error in the ${component} logs (${top.count} of ${lines.length} lines read): "${top.message}"${others.length ? `; also seen: ${others.join('; ')}` : ''}${selfHealth(golden, lines, errors)}`,
  };
}

/**
 * Root cause from everything the sim holds. A resource measured at its limit names the component
 * and the mechanism, and the logs (when they were read) add what they said; else the logs' culprit;
 * else a component upstream of the alerting service whose metrics show trouble; else the alert.
 */
export function inferRootCause(golden: Golden, book: Notebook): Cause {
  const logs = logCause(golden, book.seen);
  const limit = limitCause(golden, book);
  const noLogs = 'no log lines were read (the log queries failed or were not run)';
  if (limit) {
    const who = limit.workload;
    const same = logs && who !== undefined && logs.stream === who;
    return {
      component: limit.component,
      mechanism: same ? `${limit.mechanism}; ${who} logs: "${logs.mechanism}"` : limit.mechanism,
      explanation: `${limit.explanation}; logs: ${logs ? logs.explanation : noLogs}`,
    };
  }
  const up = upstreamCause(golden, book);
  // A stream that only warned (slow queries, retries) shows load arriving, not what failed: a
  // workload whose own metrics measured trouble is the better-founded cause, and the warnings
  // are its downstream effect. A stream that logged errors keeps the lead (DESIGN §9: reason
  // from all the evidence, metrics included).
  if (logs?.warningOnly && up && up.workload !== logs.stream)
    return {
      component: up.component,
      mechanism: up.mechanism,
      explanation: `${up.explanation}; logs (downstream of it): ${logs.explanation}`,
    };
  if (logs) return { component: logs.component, mechanism: logs.mechanism, explanation: logs.explanation };
  if (up)
    return {
      component: up.component,
      mechanism: up.mechanism,
      explanation: `${up.explanation}; logs: ${noLogs}`,
    };
  return {
    component: alertService(golden) ?? golden.alert.name,
    mechanism: 'not established from logs',
    explanation: `from the alert only: ${golden.alert.summary}`,
  };
}
