/**
 * `bench capture`: flags checked (their values by commands/flags.ts, the rules between them
 * here), then src/capture/ does the work; a cli-progress bar on a TTY, a summary on stdout and the
 * truth differences on stderr. Credentials come from the environment variables the flags name,
 * never from the command line.
 */
import cliProgress from 'cli-progress';
import { capture } from '../../capture/capture.js';
import type { Auth, CaptureOptions, CaptureProgress, MeasureSpec } from '../../capture/types.js';
import { InputError } from '../../errors.js';
import { durationFlag, parseIntFlag, regexFlag, timeFlag, urlFlag } from '../flags.js';

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
  const ms = durationFlag(flag, v, 1);
  if (ms > DAY_MS) throw new InputError(`${flag}: not a duration from 1ms to 24h: ${v}`);
  return ms;
}

type Env = Readonly<Record<string, string | undefined>>;

const CREDENTIAL_FLAGS = '--bearer-env or --basic-auth-env';

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

/** The flags checked into CaptureOptions: a bad one is exit 2 naming the flag. */
export function captureOptions(f: CaptureFlags, env: Env): { o: CaptureOptions; alertExpr?: string } {
  const prometheus = urlFlag('--prometheus', f.prometheus, CREDENTIAL_FLAGS);
  const loki = urlFlag('--loki', f.loki, CREDENTIAL_FLAGS);
  if (!prometheus && !loki) throw new InputError('capture: give --prometheus and/or --loki');
  const start = timeFlag('--start', f.start);
  const end = timeFlag('--end', f.end);
  const now = f.now ? timeFlag('--now', f.now) : end;
  if (!(start < end)) throw new InputError('--start must be before --end');
  if (now < start || now > end) throw new InputError('--now must lie in [--start, --end]');
  const chunkMs = durationFlag('--chunk', f.chunk, 1000);
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
  const lineRegexes = f.redactLine.map((r) => regexFlag('--redact-line', r));
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

export interface CaptureIo {
  env: Readonly<Record<string, string | undefined>>;
  tty: boolean;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

function bar(tty: boolean): CaptureProgress {
  if (!tty) return { plan: () => {}, tick: () => {}, stop: () => {} };
  const b = new cliProgress.SingleBar(
    { format: 'capture {bar} {value} requests | {label}', clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let n = 0;
  let total = 0;
  return {
    plan: (t) => {
      total = t;
      b.start(t, 0, { label: '' });
    },
    tick: (label) => {
      // A further log page past the planned one per chunk grows the total.
      if (++n > total) b.setTotal((total = n));
      b.update(n, { label });
    },
    stop: () => b.stop(),
  };
}

export async function captureCommand(f: CaptureFlags, io: CaptureIo): Promise<void> {
  const { o, alertExpr } = captureOptions(f, io.env);
  const progress = bar(io.tty);
  try {
    const r = await capture(o, alertExpr, progress);
    progress.stop();
    io.stdout(
      `wrote ${r.file}: ${r.series} series (${r.samples} samples), ${r.streams} streams (${r.lines} lines)\n`,
    );
    for (const t of r.truths)
      io.stdout(`  truth ${t.id} = ${t.engine ?? 'none'} (live ${t.live ?? 'none'})\n`);
    for (const d of r.differences) io.stderr(`capture: truth differs from the live server: ${d}\n`);
  } finally {
    progress.stop();
  }
}
