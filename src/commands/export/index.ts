/**
 * `bench export otlp DIR [--out FILE | --endpoint URL]` (docs/otlp.md): every trial of a run
 * folder whose trace is there, as one OTLP/JSON ExportTraceServiceRequest (otlp/trace.ts) —
 * written one a line to FILE (or stdout), or POSTed one a request to an OTLP/HTTP endpoint.
 *
 * It reads the folder only (run.json, the journal, each trial's trace.jsonl) and takes no lock: a
 * run still writing may have a torn last journal line, which is left out and said so.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../../errors.js';
import { readTrace } from '../../formats/run/index.js';
import { describeTorn, JOURNAL_FILE, scanJournal } from '../../runlog/journal.js';
import { readManifest } from '../../runlog/manifest.js';
import { writeOutFile } from '../../runlog/out-path.js';
import { headersOf } from '../flags.js';
import { parseOptions } from '../options.js';
import { type ExportTraceServiceRequest, otlpRequestOf } from './otlp/index.js';
import { postTraces, tracesUrl } from './post.js';

/** `bench export otlp`'s flags, checked strictly: a misspelt `endpoint` must not fall back to stdout. */
const ExportOtlpOptions = z.strictObject({
  out: z.string().min(1).optional(),
  endpoint: z.string().optional(),
  /** Extra request headers for the endpoint (auth), `name=value` or `Name: value`; values never print. */
  header: z.array(z.string()).optional(),
});
export type ExportOtlpOptions = z.input<typeof ExportOtlpOptions>;

export interface ExportIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export interface ExportOtlpResult {
  trials: number;
  spans: number;
  /** Trials of the journal left out, with why (no trace in the folder). */
  skipped: string[];
}

/** The requests of a run folder, one per trial with a trace, in journal order. */
export function otlpRequestsOf(
  dir: string,
  warn: (s: string) => void,
): { requests: ExportTraceServiceRequest[]; skipped: string[] } {
  const m = readManifest(dir);
  const journal = scanJournal(join(dir, JOURNAL_FILE));
  if (journal.torn) warn(`${describeTorn(join(dir, JOURNAL_FILE), journal.torn)} left out\n`);
  const skipped: string[] = [];
  const out: ExportTraceServiceRequest[] = [];
  for (const rec of journal.records.values()) {
    const file = join(dir, rec.dir, 'trace.jsonl');
    if (!rec.dir || !existsSync(file)) {
      skipped.push(`${rec.id}: no trace at ${join(rec.dir, 'trace.jsonl')}`);
      continue;
    }
    const v = { verdict: rec.score.verdict, correctness: rec.score.correctness };
    out.push(otlpRequestOf(readTrace(file), { runId: m.runId, id: rec.id, ...v }));
  }
  return { requests: out, skipped };
}

const spanCount = (r: ExportTraceServiceRequest): number =>
  r.resourceSpans.reduce((n, rs) => n + rs.scopeSpans.reduce((k, s) => k + s.spans.length, 0), 0);

export async function exportOtlp(
  dir: string,
  options: ExportOtlpOptions,
  io: ExportIo,
): Promise<ExportOtlpResult> {
  const o = parseOptions('exportOtlp', ExportOtlpOptions, options);
  if (o.out !== undefined && o.endpoint !== undefined)
    throw new InputError('bench export otlp: give --out FILE or --endpoint URL, not both');
  const url = o.endpoint === undefined ? undefined : tracesUrl(o.endpoint);
  const headers = headersOf(o.header ?? []);
  const { requests, skipped } = otlpRequestsOf(dir, io.stderr);
  for (const s of skipped) io.stderr(`export otlp: left out ${s}\n`);
  if (!requests.length) throw new InputError(`bench export otlp ${dir}: no trial of the run has a trace`);
  const spans = requests.reduce((n, r) => n + spanCount(r), 0);
  const done = `${requests.length} trials (${spans} spans)`;
  if (url) {
    let rejected = 0;
    for (const r of requests) {
      const res = await postTraces(url, JSON.stringify(r), headers);
      rejected += res.rejectedSpans;
      if (res.message) io.stderr(`export otlp: ${url}: ${res.message}\n`);
    }
    const note = rejected ? `; the endpoint rejected ${rejected} spans` : '';
    io.stderr(`export otlp: sent ${done} to ${url}${note}\n`);
  } else {
    const text = requests.map((r) => `${JSON.stringify(r)}\n`).join('');
    if (o.out === undefined) io.stdout(text);
    else {
      writeOutFile(o.out, text, '--out');
      io.stderr(`export otlp: wrote ${done} to ${o.out}\n`);
    }
  }
  return { trials: requests.length, spans, skipped };
}

export type { ExportTraceServiceRequest, OtlpTrial } from './otlp/index.js';
export { GEN_AI, OPERATION, otlpRequestOf } from './otlp/index.js';
