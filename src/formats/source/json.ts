/**
 * JSON with positions. `JSON.parse` decides validity; the text is then read again by the YAML
 * parser (JSON is YAML) only to locate issue paths. Node's JSON errors do not always carry a
 * position, so a syntax error's offset is found by bisecting for the shortest prefix that fails
 * before its end (a valid prefix of JSON only ever fails at its end).
 */
import type { InputIssue } from '../../errors.js';
import { type Locator, parseYamlSource } from './yaml.js';

export interface JsonSource extends Locator {
  data: unknown;
  syntax: InputIssue[];
}

/** `lineOffset` places a JSONL line in its file: positions report that line number. */
export function parseJsonSource(file: string, text: string, lineOffset = 0): JsonSource {
  try {
    const data: unknown = JSON.parse(text);
    let located: Locator | undefined;
    return {
      file,
      data,
      syntax: [],
      locate(path, opts) {
        located ??= parseYamlSource(file, text, Number.POSITIVE_INFINITY);
        const at = located.locate(path, opts);
        return at && { line: at.line + lineOffset, col: at.col };
      },
    };
  } catch (e) {
    const off = jsonErrorOffset(text);
    const at = off === undefined ? undefined : linePos(text, off);
    const issue: InputIssue = {
      file,
      message: `JSON syntax error: ${(e as Error).message}`,
      severity: 'error',
    };
    if (at) {
      issue.line = at.line + lineOffset;
      issue.col = at.col;
    }
    return { file, data: undefined, syntax: [issue], locate: () => undefined };
  }
}

/** True when `text` fails before its end, i.e. it is not a prefix of some valid JSON text. */
function failsEarly(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch (e) {
    const msg = (e as Error).message;
    if (/end of JSON input/.test(msg)) return false;
    const pos = /at position (\d+)/.exec(msg);
    return !pos || Number(pos[1]) < text.length;
  }
}

export function jsonErrorOffset(text: string): number | undefined {
  if (!failsEarly(text)) return text.trim() === '' ? 0 : text.length;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsEarly(text.slice(0, mid + 1))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function linePos(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, col: offset - before.lastIndexOf('\n') };
}
