/** The parser stages: json, logfmt, regexp, pattern, unpack. Each returns a stage function. */
import type { ExtractionParam } from './ast.js';
import { type Entry, sanitizeKey } from './entry.js';
import { JsonError, type JVal, jsonAt, jsonPath, scanJson } from './json-scan.js';
import { goRegex } from './literals.js';
import { decodeLogfmt } from './logfmt.js';
import { compilePattern, matchPattern } from './pattern.js';
import { semanticError } from './syntax-error.js';

export type StageFn = (e: Entry) => boolean;

function scalarText(v: JVal): string {
  return v.t === 'str' ? v.v : v.t === 'null' ? '' : v.raw;
}

function flattenInto(e: Entry, prefix: string, v: JVal): void {
  if (v.t === 'obj') {
    for (const [k, x] of v.entries)
      flattenInto(e, prefix ? `${prefix}_${sanitizeKey(k)}` : sanitizeKey(k), x);
  } else if (v.t !== 'arr' && v.t !== 'null' && prefix !== '') {
    e.setExtracted(prefix, scalarText(v));
  }
}

export function jsonStage(params: ExtractionParam[]): StageFn {
  const paths = params.map((p) => {
    const path = jsonPath(p.expr);
    if (!path) throw semanticError(`invalid json expression "${p.expr}"`);
    return { label: p.label, path };
  });
  return (e) => {
    let doc: JVal;
    try {
      doc = scanJson(e.line);
      if (doc.t !== 'obj') throw new JsonError("Value looks like object, but can't find closing '}' symbol");
    } catch (err) {
      e.setError('JSONParserErr', (err as Error).message);
      return true;
    }
    if (!paths.length) flattenInto(e, '', doc);
    else
      for (const p of paths) {
        const v = jsonAt(doc, p.path);
        e.setExtracted(p.label, v ? scalarText(v) : '');
      }
    return true;
  };
}

export function unpackStage(): StageFn {
  return (e) => {
    let doc: JVal;
    try {
      doc = scanJson(e.line);
      if (doc.t !== 'obj') throw new JsonError('expecting json object');
    } catch (err) {
      e.setError('JSONParserErr', (err as Error).message);
      return true;
    }
    let entry: string | undefined;
    for (const [k, v] of doc.entries) {
      if (v.t !== 'str') continue;
      const key = sanitizeKey(k);
      if (k === '_entry') entry = v.v;
      else if (key) e.setExtracted(key, v.v);
    }
    if (entry !== undefined) e.line = entry;
    return true;
  };
}

export function logfmtStage(strict: boolean, keepEmpty: boolean, params: ExtractionParam[]): StageFn {
  const wanted = params.length ? new Map(params.map((p) => [p.expr, p.label])) : null;
  return (e) => {
    const { pairs, error } = decodeLogfmt(e.line, strict);
    for (const [k, v] of pairs) {
      if (wanted) {
        const label = wanted.get(k);
        if (label !== undefined) e.setExtracted(label, v);
        continue;
      }
      if (v === '' && !keepEmpty) continue;
      const key = sanitizeKey(k);
      if (key) e.setExtracted(key, v);
    }
    // Non-strict mode skips malformed tokens silently; only --strict reports them.
    if (error && strict) e.setError('LogfmtParserErr', error);
    return true;
  };
}

export function regexpStage(pattern: string): StageFn {
  const re = goRegex(pattern, false);
  return (e) => {
    const m = re.exec(e.line);
    if (!m?.groups) return true;
    for (const [k, v] of Object.entries(m.groups)) if (v !== undefined) e.setExtracted(sanitizeKey(k), v);
    return true;
  };
}

export function patternStage(pattern: string): StageFn {
  const p = compilePattern(pattern, true);
  return (e) => {
    for (const [k, v] of matchPattern(p, e.line).caps) e.setExtracted(k, v);
    return true;
  };
}
