/**
 * Data files beside golden.yaml (docs/goldens.md, "Data files"): a `load` block's `file` holds the
 * same promqltest series lines as its inline `series`, a log block's `file` holds JSONL records
 * `{"at": ..., "line": ...}` for its one stream. `.gz` files are gunzipped. Loading puts their
 * content where the inline form keeps it, so the world build, its caps and the hashes see one
 * shape; a bad record is an issue at the data file's own line.
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import type { InputIssue } from '../../errors.js';
import { LIMITS, overCap } from '../limits.js';
import { resolveTimeRef } from '../time.js';
import { type GoldenFile, Metadata, TimeRef } from './schema.js';

const LogRecord = z.object({ at: TimeRef, line: z.string(), metadata: Metadata.optional() }).strict();
type LogLine = z.infer<typeof LogRecord>;
type Issue = (line: number | undefined, message: string) => void;

/** The golden with every data file read in, or the issues that refused one. */
export function resolveDataFiles(g: GoldenFile, dir: string): { value?: GoldenFile; issues: InputIssue[] } {
  const issues: InputIssue[] = [];
  const issueIn =
    (file: string): Issue =>
    (line, message) => {
      issues.push({ file, line, col: line === undefined ? undefined : 1, message, severity: 'error' });
    };
  const metrics = g.world.metrics.map((b) => {
    if (!('load' in b) || b.file === undefined) return b;
    const path = join(dir, b.file);
    const text = readData(path, b.file, issueIn(path));
    return text === undefined ? b : { ...b, series: text };
  });
  const start = Date.parse(g.time.start);
  const end = Date.parse(g.time.end);
  const logs = g.world.logs.map((b) => {
    if (b.file === undefined) return b;
    const path = join(dir, b.file);
    const text = readData(path, b.file, issueIn(path));
    return text === undefined ? b : { ...b, lines: logRecords(text, start, end, issueIn(path)) };
  });
  if (issues.length) return { issues };
  return { value: { ...g, world: { ...g.world, metrics, logs } }, issues };
}

/** A data file's text: inside the golden's folder, under the file cap before and after gunzip. */
function readData(path: string, name: string, issue: Issue): string | undefined {
  if (isAbsolute(name) || normalize(name).startsWith('..')) {
    issue(undefined, `data file ${name}: give a path inside the golden's folder`);
    return undefined;
  }
  try {
    const size = statSync(path).size;
    if (size > LIMITS.fileBytes) {
      issue(undefined, `too large: ${overCap('bytes', size, LIMITS.fileBytes)}`);
      return undefined;
    }
    const raw = readFileSync(path);
    // maxOutputLength: a small bomb must not inflate past the cap before anything is counted.
    const bytes = path.endsWith('.gz') ? gunzipSync(raw, { maxOutputLength: LIMITS.fileBytes }) : raw;
    return bytes.toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'not found'
        : code === 'ERR_BUFFER_TOO_LARGE'
          ? `decompressed, over the cap of ${LIMITS.fileBytes} bytes (docs/formats.md#limits)`
          : (e as Error).message;
    issue(undefined, `data file ${name}: ${why}`);
    return undefined;
  }
}

/** JSONL log records, each checked at its line: shape, and an instant inside the window. */
function logRecords(text: string, start: number, end: number, issue: Issue): LogLine[] {
  const out: LogLine[] = [];
  const rows = text.split('\n');
  for (let n = 0; n < rows.length; n++) {
    if (rows[n].trim() === '') continue;
    if (out.length >= LIMITS.logLines) {
      issue(n + 1, `more than ${overCap('log lines', out.length + 1, LIMITS.logLines)}`);
      return out;
    }
    let parsed: z.ZodSafeParseResult<{ at: string; line: string }>;
    try {
      parsed = LogRecord.safeParse(JSON.parse(rows[n]));
    } catch (e) {
      issue(n + 1, `not JSON: ${(e as Error).message}`);
      continue;
    }
    if (!parsed.success) {
      issue(n + 1, `expected {"at": <RFC3339 or offset>, "line": "..."}: ${parsed.error.issues[0]?.message}`);
      continue;
    }
    const t = resolveTimeRef(parsed.data.at, start);
    if (t < start || t > end)
      issue(n + 1, "a log line is outside the golden's window [time.start, time.end]");
    out.push(parsed.data);
  }
  return out;
}
