/**
 * Rendering one generated log line. Every line starts with its time and level:
 * - json:   {"ts":"2026-03-14T13:00:01.234Z","level":"error","msg":"<text>","<field>":<value>,...}
 * - logfmt: ts=2026-03-14T13:00:01.234Z level=error msg="<text>" <field>=<value> ...
 * - plain:  2026-03-14T13:00:01.234Z ERROR <text>
 * Fields keep the order the golden wrote them in; `{field}` placeholders in the text are filled first.
 */
import type { FieldValue } from './fields.js';

export type LogFormat = 'json' | 'logfmt' | 'plain';

export function fillTemplate(text: string, values: Readonly<Record<string, FieldValue>>): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_.]*)\}/g, (m, name: string) =>
    values[name] === undefined ? m : String(values[name]),
  );
}

export function renderLine(
  format: LogFormat,
  t: number,
  level: string,
  msg: string,
  values: Readonly<Record<string, FieldValue>>,
): string {
  const ts = new Date(t).toISOString();
  if (format === 'plain') return `${ts} ${level.toUpperCase()} ${msg}`;
  if (format === 'json') return JSON.stringify({ ts, level, msg, ...values });
  let line = `ts=${ts} level=${logfmtValue(level)} msg=${logfmtValue(msg)}`;
  for (const [k, v] of Object.entries(values)) line += ` ${k}=${logfmtValue(v)}`;
  return line;
}

/** logfmt quotes a value that is empty or holds a space, quote, equals sign or control character. */
function logfmtValue(v: FieldValue): string {
  const s = String(v);
  return s === '' || /[\s"=\\]/.test(s) ? JSON.stringify(s) : s;
}
