/** The parser stages: json, logfmt, regexp, pattern, unpack. Each returns a stage function. */
import type { ExtractionParam } from '../syntax/index.js';
import { goRegex, semanticError } from '../syntax/index.js';
import { type Entry, sanitizeKey } from './entry.js';
import { jsonAt, jsonPath } from './json-path.js';
import { type JVal, type Salvaged, salvageJson, scanJson } from './json-scan.js';
import { scanLogfmt } from './logfmt.js';
import { compilePattern, matchPattern } from './pattern.js';

export type StageFn = (e: Entry) => boolean;

function scalarText(v: JVal): string {
  return v.t === 'str' ? v.v : v.t === 'null' ? '' : v.raw;
}

/**
 * Nested keys join their sanitized parts with `_` (`{"a":{"1b":…}}` is `a_1b`: only the first
 * part gets the digit prefix); a blank part is skipped, as Loki's JSONParser builds the key.
 */
function flattenInto(e: Entry, prefix: string, v: JVal, keys: ReadonlySet<string> | undefined): void {
  if (v.t === 'obj') {
    for (const [k, x] of v.entries) {
      const part = sanitizeKey(k, prefix === '');
      flattenInto(e, part === '' ? prefix : prefix ? `${prefix}_${part}` : part, x, keys);
    }
  } else if (v.t !== 'arr' && v.t !== 'null' && prefix !== '' && (!keys || keys.has(prefix))) {
    e.setExtracted(prefix, scalarText(v));
  }
}

export function jsonStage(params: ExtractionParam[], hints?: LabelHints): StageFn {
  const keys = hintedKeys(hints);
  const paths = params.map((p) => {
    try {
      return { label: p.label, path: jsonPath(p.expr) };
    } catch (err) {
      throw semanticError(`cannot parse expression [${p.expr}]: ${(err as Error).message}`);
    }
  });
  if (paths.length) return jsonParamsStage(paths);
  return (e) => {
    const doc = scanJson(e.line);
    if ('error' in doc) {
      e.setError('JSONParserErr', doc.error);
      return true;
    }
    flattenInto(e, '', doc, keys);
    return true;
  };
}

/**
 * `json a="b.c"` (Loki's JSONExpressionParser): an empty line is left alone, a line that does not
 * start like JSON gets `__error__` only (no details), and every named label is set, empty when
 * its path is absent. A line that starts with an object but breaks further on is searched as
 * jsonparser searches it: what was read before the break is found (`{"a":{"b":1}` gives `a`),
 * a path into the value that broke is a JSONParserErr with jsonparser's text, the rest is empty.
 */
function jsonParamsStage(paths: { label: string; path: (string | number)[] }[]): StageFn {
  return (e) => {
    if (e.line === '') return true;
    const c = e.line[0];
    let doc: JVal | undefined;
    let salvaged: Salvaged | undefined;
    if (c === '{') {
      const scanned = scanJson(e.line);
      if ('error' in scanned) salvaged = salvageJson(e.line);
      else doc = scanned;
    }
    if (salvaged) {
      for (const p of paths) {
        const v = jsonAt(salvaged.doc, p.path);
        const complete = v && !((v.t === 'obj' || v.t === 'arr') && v.partial);
        const broken = v !== undefined ? !complete : salvaged.at !== null && startsWith(p.path, salvaged.at);
        if (broken) e.setError('JSONParserErr', salvaged.error);
        e.setExtracted(p.label, complete ? scalarText(v) : '');
      }
      return true;
    }
    // An array or a string is valid JSON without these keys: every label is set empty.
    if (!doc && c !== '[' && c !== '"') {
      e.setError('JSONParserErr', '');
      return true;
    }
    for (const p of paths) {
      const v = doc && jsonAt(doc, p.path);
      e.setExtracted(p.label, v ? scalarText(v) : '');
    }
    return true;
  };
}

/** Whether `path` runs through `prefix` (or is it). */
function startsWith(path: readonly (string | number)[], prefix: readonly (string | number)[]): boolean {
  return prefix.every((seg, i) => path[i] === seg) && path.length >= prefix.length;
}

/**
 * Loki's UnpackParser: an empty line is left alone; a line not starting with `{` is a
 * JSONParserErr; the string fields become labels only when the object is a packed entry (has
 * `_entry`, which replaces the line), so unpacking plain JSON changes nothing. A key that names a
 * stream label gets `_extracted` first, then it is sanitized (`foo.bar` is `foo_bar`).
 */
export function unpackStage(): StageFn {
  return (e) => {
    if (e.line === '') return true;
    const doc = e.line[0] === '{' ? scanJson(e.line) : { error: 'expecting json object(6), but it is not' };
    if ('error' in doc) {
      e.setError('JSONParserErr', doc.error);
      return true;
    }
    let entry: string | undefined;
    for (const [k, v] of doc.entries) if (k === '_entry' && v.t === 'str') entry = v.v;
    if (entry === undefined) return true;
    for (const [k, v] of doc.entries) {
      if (v.t !== 'str' || k === '_entry' || !k) continue;
      const key = sanitizeKey(e.base[k] !== undefined ? `${k}_extracted` : k);
      if (key) e.setExtracted(key, v.v);
    }
    e.line = entry;
    return true;
  };
}

/**
 * Which extracted labels a query can observe. `undefined`: all of them. A set: only these names
 * (a label's plain or `_extracted` name); a parser may skip every other key, as Loki's parser
 * hints do. Only sound where nothing after the parser reads labels by anything but name.
 */
export type LabelHints = ReadonlySet<string> | undefined;

/** sanitizeKey per distinct raw key: a line's keys repeat from line to line. */
function sanitizer(): (key: string) => string {
  const memo = new Map<string, string>();
  return (key) => {
    let k = memo.get(key);
    if (k === undefined) {
      if (memo.size > 4096) memo.clear();
      k = sanitizeKey(key);
      memo.set(key, k);
    }
    return k;
  };
}

/** The keys a parser keeps under `hints`: each name, and for `x_extracted` also `x`. */
function hintedKeys(hints: LabelHints): ReadonlySet<string> | undefined {
  if (!hints) return undefined;
  const keys = new Set(hints);
  for (const h of hints) if (h.endsWith('_extracted')) keys.add(h.slice(0, -'_extracted'.length));
  return keys;
}

/**
 * A logfmt parameter's expression is one key, read by Loki's logfmt expression lexer (blanks
 * skipped, `[A-Za-z_][A-Za-z0-9_]*`): `x y` or `x-y` fail the query.
 */
function logfmtKey(expr: string): string {
  const key = expr.trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    throw semanticError(`cannot parse expression [${expr}]: syntax error: unexpected ${JSON.stringify(key)}`);
  return key;
}

export function logfmtStage(
  strict: boolean,
  keepEmpty: boolean,
  params: ExtractionParam[],
  hints?: LabelHints,
): StageFn {
  const wanted = params.length ? new Map(params.map((p) => [logfmtKey(p.expr), p.label])) : null;
  const keys = hintedKeys(hints);
  const sanitize = sanitizer();
  let entry: Entry;
  // Loki: a key holding U+FFFD is an invalid key (the pair is skipped) and a value holding it reads
  // as empty ("the rune error replacement is rejected by Prometheus"). Checked only on the pairs
  // kept, so a parser under label hints pays for one pair a line, not all of them.
  const onPair = wanted
    ? (k: string, v: string) => {
        const label = wanted.get(k);
        if (label !== undefined) entry.setExtracted(label, v.includes('\ufffd') ? '' : v);
      }
    : (k: string, v: string) => {
        if (v === '' && !keepEmpty) return;
        const key = sanitize(k);
        if (!key || (keys && !keys.has(key)) || k.includes('\ufffd')) return;
        if (v.includes('\ufffd')) {
          if (!keepEmpty) return;
          v = '';
        }
        entry.setExtracted(key, v);
      };
  return (e) => {
    entry = e;
    const error = scanLogfmt(e.line, strict, onPair);
    // Non-strict mode skips malformed tokens silently; only --strict reports them.
    if (error && strict) e.setError('LogfmtParserErr', error);
    return true;
  };
}

export function regexpStage(pattern: string): StageFn {
  const re = goRegex(pattern, false);
  return (e) => {
    const m = re.find(e.line);
    if (!m) return true;
    for (let i = 1; i < m.groups.length; i++) {
      const k = re.names[i];
      const v = m.groups[i];
      if (k !== undefined && v !== undefined) e.setExtracted(sanitizeKey(k), v);
    }
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
