/**
 * Root cause from metrics, in the words an engineer uses: a resource at its limit ("payments DB
 * connection pool" — "connection pool saturated: db_pool_connections_in_use reached
 * db_pool_connections_max (50 of 50); acquire p99 4.87 s"), or, failing that, a component other than
 * the alerting service whose measured metrics show trouble. Everything is derived from metric
 * names, selectors, units and the values the sim measured; nothing from the golden's answers.
 */

import type { Golden } from '../../formats/golden/index.js';
import { TOOL } from '../../protocol/tools.js';
import { atLimit, type LimitFinding } from './limits.js';
import { alertService, IDENTITY_LABELS, routesOf, selectorOf } from './routes.js';
import type { Notebook } from './types.js';

export interface Cause {
  component: string;
  mechanism: string;
  explanation: string;
}

const ACRONYMS = new Set(['db', 'http', 'api', 'cpu', 'jvm', 'gc', 'io', 'tcp', 'dns', 'sql', 'tls', 'rpc']);
const CONTAINERS = new Set(['pool', 'queue', 'cache', 'buffer', 'heap', 'semaphore', 'disk']);
const UNIT_WORDS = new Set(['bucket', 'total', 'count', 'sum', 'seconds', 'duration', 'bytes', 'ms']);
const TROUBLE = /error|fail|evict|timeout|reject|throttl|drop|oom|restart|429|5\.\.|5xx|"5\d\d"/i;

/** A ratio of what went right: a cache's hits, a probe's successes. */
const GOOD_RATIO = /hits?_|success|_ok\b|avail/i;

/** Whether a measured value of this route shows trouble. */
function troubledValue(query: string, unit: string | undefined, value: number): boolean {
  if (unit === 'ratio' && GOOD_RATIO.test(query) && !TROUBLE.test(query)) return value < 0.5;
  return TROUBLE.test(query) && value > (unit === 'ratio' ? 0.05 : 0);
}

const word = (t: string) => (ACRONYMS.has(t) ? t.toUpperCase() : t);
const singular = (t: string) => t.replace(/(?<=[^s])s$/, '');
export const fmt = (v: number) => String(Number(v.toPrecision(3)));

/** `db_pool_connections` → noun "connection pool", resource "DB connection pool". */
export function resourceOf(prefix: string): { noun: string; resource: string } {
  const tokens = prefix.split('_').filter(Boolean);
  const at = tokens.findIndex((t) => CONTAINERS.has(t));
  const last = tokens[tokens.length - 1];
  if (at >= 0 && at < tokens.length - 1 && last.endsWith('s')) {
    const noun = `${singular(last)} ${tokens[at]}`;
    const quals = tokens.filter((_, i) => i !== at && i !== tokens.length - 1).map(word);
    return { noun, resource: [...quals, noun].join(' ') };
  }
  const text = tokens.map(word).join(' ');
  return { noun: text, resource: text };
}

/** The workload a selector is about (`{service="payments"}` → payments). */
export function workloadOf(selector: string): string | undefined {
  const pairs = selectorOf(selector)?.pairs ?? [];
  for (const l of IDENTITY_LABELS) {
    const p = pairs.find(([n, op]) => n === l && op === '=');
    if (p) return p[2];
  }
  return undefined;
}

const unitText = (u?: string) => (u === 'seconds' || u === 's' ? ' s' : !u || u === 'ratio' ? '' : ` ${u}`);

/** "acquire p99 4.87 s": the metric's own words after the words it shares with `skip`. */
export function describe(route: string, value: number, unit?: string, skip: string[] = []): string {
  const name = /([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/.exec(route)?.[1] ?? '';
  const tokens = name.split('_');
  let i = 0;
  while (i < tokens.length && tokens[i] === skip[i]) i++;
  const words = tokens.slice(i).filter((t) => !UNIT_WORDS.has(t));
  // The matcher that makes it trouble (`code=~"5.."` → 5xx, `status="429"` → 429).
  for (const [, , v] of selectorOf(route)?.pairs ?? []) {
    if (/^5(\.\.|xx|\d\d)$/.test(v)) words.push('5xx');
    else if (/^4\d\d$/.test(v)) words.push(v);
  }
  const q = /histogram_quantile\s*\(\s*([\d.]+)/.exec(route);
  if (q) words.push(`p${Math.round(Number(q[1]) * 100)}`);
  else if (unit === 'ratio') words.push('ratio');
  else if (/\b(rate|irate)\s*\(/.test(route)) words.push('rate');
  return `${words.join(' ') || name} ${fmt(value)}${unitText(unit)}`;
}

/** Measured metric routes backed by an ok live query (not a runbook's number), with their workload. */
function measuredMetrics(golden: Golden, book: Notebook) {
  const live = new Set(
    book.seen.filter((o) => o.tool === TOOL.queryMetrics && o.outcome === 'ok').map((o) => o.callId),
  );
  return (['A', 'B'] as const).flatMap((p) =>
    routesOf(golden, p).flatMap((r) => {
      const m = book.measured.get(r.id);
      if (r.source !== 'metrics' || !r.query || m?.value === undefined) return [];
      if (!m.evidence.some((id) => live.has(id))) return [];
      return [{ r, value: m.value, workload: workloadOf(selectorOf(r.query)?.text ?? '') }];
    }),
  );
}

export function limitCause(golden: Golden, book: Notebook): (Cause & { workload?: string }) | undefined {
  const f: LimitFinding | undefined = book.limits.find(atLimit);
  if (!f) return undefined;
  const prefix = f.limitMetric.replace(/_(max|limit|capacity|size|max_bytes|limit_bytes)$/, '');
  const { noun, resource } = resourceOf(prefix);
  const who = workloadOf(f.selector);
  const skip = f.gauge.split('_');
  const support = measuredMetrics(golden, book)
    .filter((x) => x.r.id !== f.measurement && x.workload !== undefined && x.workload === who)
    .map((x) => describe(x.r.query!, x.value, x.r.unit, skip));
  const alerting = alertService(golden);
  const upstream =
    who && alerting && who !== alerting ? `; ${who} is upstream of the alerting ${alerting}` : '';
  return {
    workload: who,
    component: who ? `${who} ${resource}` : resource,
    mechanism: `${noun} saturated: ${f.gauge} reached ${f.limitMetric} (${fmt(f.peak)} of ${fmt(f.limit)})${support.map((s) => `; ${s}`).join('')}`,
    explanation: `${f.gauge}${f.selector} peaked at ${fmt(f.peak)}, the value of ${f.limitMetric} (${fmt(f.limit)}): the ${noun} was at its limit, so callers queued for it${support.length ? ` (${support.join(', ')})` : ''}${upstream}`,
  };
}

/** A component other than the alerting service whose measured metrics show trouble. */
export function upstreamCause(golden: Golden, book: Notebook): (Cause & { workload?: string }) | undefined {
  const alerting = alertService(golden);
  // A ratio is trouble from 5% (an error budget's usual page); a rate or count above 0; a ratio of
  // what went right (hits, successes) below one half. The largest troubled ratio wins, else the
  // first troubled rate.
  const measured = measuredMetrics(golden, book);
  const troubled = measured.filter(
    (x) => x.workload !== alerting && troubledValue(x.r.query ?? '', x.r.unit, x.value),
  );
  const ratios = troubled.filter((x) => x.r.unit === 'ratio').sort((a, b) => b.value - a.value);
  const hit = ratios[0] ?? troubled[0];
  if (!hit) return undefined;
  const name = /([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/.exec(hit.r.query!)?.[1] ?? hit.r.id;
  const component = hit.workload ?? resourceOf(name.replace(/_(total|bucket|count|sum)$/, '')).resource;
  const what = describe(hit.r.query!, hit.value, hit.r.unit);
  // What else was measured of the same workload says how (expirations beside a falling hit ratio).
  const support = measured
    .filter((x) => x !== hit && hit.workload !== undefined && x.workload === hit.workload)
    .map((x) => describe(x.r.query!, x.value, x.r.unit));
  return {
    workload: hit.workload,
    component,
    mechanism: `${component} shows the trouble upstream of ${alerting ?? 'the alerting service'}: ${what}${support.map((x) => `; ${x}`).join('')}`,
    explanation: `measured ${hit.r.id} = ${fmt(hit.value)}${unitText(hit.r.unit)} on ${component}, not on the alerting ${alerting ?? 'service'}`,
  };
}
