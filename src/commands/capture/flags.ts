/**
 * `bench capture`'s flags checked into CaptureOptions: a bad one is exit 2 naming the flag, and
 * credentials come from the environment variables the flags name, never from the command line.
 */
import type { Auth, CaptureOptions, MeasureSpec } from '../../capture/types.js';
import { InputError } from '../../errors.js';
import { parseDuration } from '../../formats/time.js';
import { parseIntFlag } from '../flags.js';

export interface CaptureFlags {
  prometheus?: string;
  loki?: string;
  start: string;
  end: string;
  now?: string;
  out: string;
  id?: string;
  select: string[];
  logs: string[];
  alert?: string;
  alertExpr?: string;
  measureMetrics: string[];
  measureLogs: string[];
  chunk: string;
  pageLimit: string;
  bearerEnv?: string;
  basicAuthEnv?: string;
  dropLabel: string[];
  hashLabel: string[];
  redactLine: string[];
  redact: boolean;
  maxSeries: string;
  maxSamples: string;
  maxLines: string;
  connectTimeout: string;
  firstByteTimeout: string;
  requestTimeout: string;
  maxResponseBytes: string;
  inline?: boolean;
  force?: boolean;
}

const DAY_MS = 86_400_000;

/** A timeout flag: a duration from 1ms to 24h (setTimeout's range, and past it a capture is hung anyway). */
function timeout(flag: string, v: string): number {
  const ms = parseDuration(v);
  if (!ms || ms < 1 || ms > DAY_MS) throw new InputError(`${flag}: not a duration from 1ms to 24h: ${v}`);
  return ms;
}

type Env = Readonly<Record<string, string | undefined>>;

function time(flag: string, v: string): number {
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new InputError(`${flag}: not an RFC 3339 time: ${v}`);
  return t;
}

function url(flag: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(v)) throw new InputError(`${flag}: not an http(s) URL: ${v}`);
  if (/:\/\/[^/]*@/.test(v))
    throw new InputError(`${flag}: credentials do not go in the URL; use --bearer-env or --basic-auth-env`);
  return v;
}

function secretEnv(flag: string, name: string, env: Env): string {
  const v = env[name];
  if (!v) throw new InputError(`${flag}: the environment variable ${name} is not set`);
  return v;
}

function auth(f: CaptureFlags, env: Env): Auth {
  if (f.bearerEnv && f.basicAuthEnv)
    throw new InputError('--bearer-env and --basic-auth-env exclude each other');
  if (f.bearerEnv) return { header: `Bearer ${secretEnv('--bearer-env', f.bearerEnv, env)}` };
  if (f.basicAuthEnv) {
    const v = secretEnv('--basic-auth-env', f.basicAuthEnv, env);
    if (!v.includes(':')) throw new InputError(`--basic-auth-env: ${f.basicAuthEnv} must hold user:password`);
    return { header: `Basic ${Buffer.from(v).toString('base64')}` };
  }
  return {};
}

function measures(flag: string, values: string[], source: MeasureSpec['source']): MeasureSpec[] {
  return values.map((v) => {
    const m = /^([a-z][a-z0-9_]*)=(.+)$/s.exec(v);
    if (!m) throw new InputError(`${flag}: want id=query (id in snake_case), got: ${v}`);
    return { id: m[1], source, query: m[2] };
  });
}

export function captureOptions(f: CaptureFlags, env: Env): { o: CaptureOptions; alertExpr?: string } {
  const prometheus = url('--prometheus', f.prometheus);
  const loki = url('--loki', f.loki);
  if (!prometheus && !loki) throw new InputError('capture: give --prometheus and/or --loki');
  const start = time('--start', f.start);
  const end = time('--end', f.end);
  const now = f.now ? time('--now', f.now) : end;
  if (!(start < end)) throw new InputError('--start must be before --end');
  if (now < start || now > end) throw new InputError('--now must lie in [--start, --end]');
  const chunkMs = parseDuration(f.chunk);
  if (!chunkMs || chunkMs < 1000) throw new InputError(`--chunk: not a duration of at least 1s: ${f.chunk}`);
  const ms = [
    ...measures('--measure-metrics', f.measureMetrics, 'metrics'),
    ...measures('--measure-logs', f.measureLogs, 'logs'),
  ];
  if (!ms.some((m) => m.source === 'metrics') || !ms.some((m) => m.source === 'logs'))
    throw new InputError(
      'capture: a golden has Part A (metrics) and Part B (logs): give --measure-metrics and --measure-logs at least once each',
    );
  const ids = ms.map((m) => m.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new InputError(`capture: measurement id ${dup} given twice`);
  const lineRegexes = f.redactLine.map((r) => {
    try {
      return new RegExp(r, 'g');
    } catch (e) {
      throw new InputError(`--redact-line: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  const id = f.id ?? 'captured';
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new InputError(`--id: ids are kebab-case: ${id}`);
  const o: CaptureOptions = {
    prometheus,
    loki,
    auth: auth(f, env),
    net: {
      connectMs: timeout('--connect-timeout', f.connectTimeout),
      firstByteMs: timeout('--first-byte-timeout', f.firstByteTimeout),
      totalMs: timeout('--request-timeout', f.requestTimeout),
      // a string past 512 MiB is over V8's limit: the body could not be read even if it fit
      maxBytes: parseIntFlag('--max-response-bytes', f.maxResponseBytes, 1024, 512 * 1024 * 1024 - 64),
    },
    start,
    end,
    now,
    chunkMs,
    pageLimit: parseIntFlag('--page-limit', f.pageLimit, 1, 1_000_000),
    metricSelectors: f.select,
    logSelectors: f.logs,
    alert: f.alert,
    measures: ms,
    redact: { secrets: f.redact, dropLabels: f.dropLabel, hashLabels: f.hashLabel, lineRegexes },
    caps: {
      series: parseIntFlag('--max-series', f.maxSeries, 1, 10_000_000),
      samples: parseIntFlag('--max-samples', f.maxSamples, 1, 1_000_000_000),
      lines: parseIntFlag('--max-lines', f.maxLines, 1, 100_000_000),
    },
    id,
    out: f.out,
    force: f.force === true,
    inline: f.inline === true,
  };
  return { o, alertExpr: f.alertExpr };
}
