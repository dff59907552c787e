/**
 * Reading a trace (JSONL). The header is checked first: a trace of another format version is refused
 * with one clear message, before its events are read against a schema they were not written for.
 * Every other bad line is reported with its line number and field path, all at once.
 */
import { InputError, type InputIssue } from '../../errors.js';
import { readInput } from '../files.js';
import { checkSchema, parseJsonSource, throwIfErrors } from '../source/index.js';
import { type HeaderEvent, TRACE_FORMAT, type Trace, TraceEvent } from './trace.js';

export function readTrace(path: string): Trace {
  return parseTrace(readInput(path, 'trace'), path);
}

export function parseTrace(text: string, file: string): Trace {
  const lines = text.split('\n');
  const issues: InputIssue[] = [];
  const events: TraceEvent[] = [];
  let header: HeaderEvent | undefined;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const src = parseJsonSource(file, line, i);
    if (events.length === 0 && issues.length === 0) refuseOtherFormats(src.data, file, i + 1);
    const r = checkSchema(src, TraceEvent);
    issues.push(...r.issues);
    if (!r.value) return;
    if (r.value.type === 'header') {
      if (header) issues.push(at(file, i + 1, 'a second header line'));
      else if (events.length) issues.push(at(file, i + 1, 'the header must be the first line'));
      header = r.value;
    }
    events.push(r.value);
  });
  if (!header && !issues.length) issues.push(at(file, 1, 'no header line: not a rematch trace'));
  throwIfErrors('trace', issues);
  return { header: header!, events };
}

function refuseOtherFormats(data: unknown, file: string, line: number): void {
  if (typeof data !== 'object' || data === null) return;
  const format = (data as { format?: unknown }).format;
  if ((data as { type?: unknown }).type === 'header' && format !== undefined && format !== TRACE_FORMAT) {
    const message = `trace format ${String(format)} is not supported (this bench reads ${TRACE_FORMAT})`;
    const found = `found ${JSON.stringify(format)}`;
    throw new InputError(message, [
      { file, line, col: 1, path: 'format', message: found, severity: 'error' },
    ]);
  }
}

function at(file: string, line: number, message: string): InputIssue {
  return { file, line, col: 1, message, severity: 'error' };
}
