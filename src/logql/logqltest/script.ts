/**
 * Loki's `.logqltest` script parser (pkg/logql/internal/logqltest; the syntax is its FORMAT.md,
 * read from ../shared/logqltest): `clear`, `load` blocks of entries with optional
 * `[repeat every S for N]` and `[metadata k="v" ...]`, and `eval instant|range` with expected
 * series, a scalar, `expect empty`, `expect fail [msg:|regex:]`, `expect ordered`. Data only;
 * ./run.ts executes it. A malformed line throws naming its line number.
 */
import { parseLabels } from '../../world/notation.js';
import { parseDurationMs } from '../syntax/index.js';

export interface LoadEntry {
  line: number;
  labels: Record<string, string>;
  /** The log line, `{{.i}}` not yet replaced. */
  text: string;
  startMs: number;
  everyMs: number;
  count: number;
  metadata: Record<string, string>;
}

export interface Expectation {
  kind: 'fail' | 'ordered' | 'empty' | 'skip';
  msg?: string;
  regex?: string;
}

export interface EvalCmd {
  kind: 'eval';
  line: number;
  query: string;
  instant: boolean;
  startMs: number;
  endMs: number;
  stepMs: number;
  expects: Expectation[];
  /** Expected series lines or a bare scalar line, as written (comments stripped). */
  results: { line: number; text: string }[];
}

export type Command =
  | { kind: 'load'; line: number; entries: LoadEntry[] }
  | { kind: 'clear'; line: number }
  | EvalCmd;

export class ScriptError extends Error {}

/** A Go duration (`90s`, `1m30s`, `0`) as milliseconds from the script's epoch. */
export function parseTime(s: string, line: number): number {
  const t = s.trim();
  if (t === '0') return 0;
  const d = parseDurationMs(t);
  if (d === null) throw new ScriptError(`line ${line}: bad duration "${s}"`);
  return d;
}

/** The text before a `#` that is outside "…" and `…` quotes. */
export function stripComment(text: string): string {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === '`') quote = c;
    else if (c === '#') return text.slice(0, i);
  }
  return text;
}

/** The index just past the `}` closing the selector that starts at 0. */
function selectorEnd(text: string, line: number): number {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === '`') quote = c;
    else if (c === '}') return i + 1;
  }
  throw new ScriptError(`line ${line}: stream selector not closed`);
}

/** `key="value"` pairs separated by spaces; a key may itself be double-quoted. */
function parseMetadata(text: string, line: number): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|([^\s=]+))="((?:[^"\\]|\\.)*)"/y;
  let i = 0;
  while (i < text.length) {
    if (/^\s*$/.test(text.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) throw new ScriptError(`line ${line}: bad metadata "${text.slice(i)}"`);
    out[m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : m[2]] = JSON.parse(`"${m[3]}"`);
    i = re.lastIndex;
  }
  return out;
}

function parseLoadLine(raw: string, line: number): LoadEntry {
  const text = raw.trim();
  const end = selectorEnd(text, line);
  const labels = parseLabels(text.slice(0, end));
  let rest = text.slice(end).trim();
  const q = rest[0];
  if (q !== '"' && q !== '`') throw new ScriptError(`line ${line}: expected a quoted log line`);
  // Neither form unescapes; a double-quoted line ends at the first unescaped quote.
  let close = 1;
  while (close < rest.length && rest[close] !== q) close += q === '"' && rest[close] === '\\' ? 2 : 1;
  if (close >= rest.length) throw new ScriptError(`line ${line}: log line not terminated`);
  const body = rest.slice(1, close);
  rest = rest.slice(close + 1).trim();
  const at = /^@\s*(\S+)\s*/.exec(rest);
  if (!at) throw new ScriptError(`line ${line}: expected "@ <start>"`);
  const entry: LoadEntry = {
    line,
    labels,
    text: body,
    startMs: parseTime(at[1], line),
    everyMs: 0,
    count: 1,
    metadata: {},
  };
  rest = rest.slice(at[0].length);
  const rep = /^\[repeat\s+every\s+(\S+)\s+for\s+(\d+)\s*\]\s*/.exec(rest);
  if (rep) {
    entry.everyMs = parseTime(rep[1], line);
    entry.count = Number(rep[2]);
    rest = rest.slice(rep[0].length);
  }
  const meta = /^\[metadata((?:[^\]"]|"(?:[^"\\]|\\.)*")*)\]\s*/.exec(rest);
  if (meta) {
    entry.metadata = parseMetadata(meta[1], line);
    rest = rest.slice(meta[0].length);
  }
  if (rest.trim() !== '') throw new ScriptError(`line ${line}: unexpected "${rest.trim()}"`);
  return entry;
}

const INSTANT_RE = /^eval\s+instant\s+at\s+(\S+)\s+(.+)$/;
const RANGE_RE = /^eval\s+range\s+from\s+(\S+)\s+to\s+(\S+)\s+step\s+(\S+)\s+(.+)$/;

function parseExpect(body: string, line: number): Expectation {
  if (body === 'empty' || body === 'ordered') return { kind: body };
  const m = /^fail(?:\s+(msg|regex):\s?(.*))?$/.exec(body);
  if (!m) throw new ScriptError(`line ${line}: unknown expectation "expect ${body}"`);
  const e: Expectation = { kind: 'fail' };
  if (m[1] === 'msg') e.msg = m[2].trim();
  if (m[1] === 'regex') e.regex = m[2].trim();
  return e;
}

export function parseScript(text: string): Command[] {
  const lines = text.split('\n');
  const cmds: Command[] = [];
  let i = 0;
  /** The indented lines after a command, comments stripped, up to a blank or dedented line. */
  const block = (): { line: number; text: string }[] => {
    const out: { line: number; text: string }[] = [];
    while (i < lines.length && lines[i].trim() !== '' && /^\s/.test(lines[i])) {
      const t = stripComment(lines[i]).trim();
      if (t !== '') out.push({ line: i + 1, text: t });
      i++;
    }
    return out;
  };
  while (i < lines.length) {
    const lineNo = i + 1;
    const t = stripComment(lines[i]).trim();
    i++;
    if (t === '') continue;
    if (t === 'clear') {
      cmds.push({ kind: 'clear', line: lineNo });
      continue;
    }
    if (t === 'load') {
      cmds.push({ kind: 'load', line: lineNo, entries: block().map((b) => parseLoadLine(b.text, b.line)) });
      continue;
    }
    const inst = INSTANT_RE.exec(t);
    const rng = inst ? null : RANGE_RE.exec(t);
    if (!inst && !rng) throw new ScriptError(`line ${lineNo}: unknown command "${t}"`);
    const cmd: EvalCmd = inst
      ? {
          kind: 'eval',
          line: lineNo,
          query: inst[2].trim(),
          instant: true,
          startMs: parseTime(inst[1], lineNo),
          endMs: parseTime(inst[1], lineNo),
          stepMs: 0,
          expects: [],
          results: [],
        }
      : {
          kind: 'eval',
          line: lineNo,
          query: rng![4].trim(),
          instant: false,
          startMs: parseTime(rng![1], lineNo),
          endMs: parseTime(rng![2], lineNo),
          stepMs: parseTime(rng![3], lineNo),
          expects: [],
          results: [],
        };
    for (const b of block()) {
      if (b.text.startsWith('expect ')) cmd.expects.push(parseExpect(b.text.slice(7).trim(), b.line));
      else if (b.text.startsWith('skip ')) cmd.expects.push({ kind: 'skip', msg: b.text.slice(5).trim() });
      else cmd.results.push(b);
    }
    const kinds = [
      cmd.results.length > 0,
      cmd.expects.some((e) => e.kind === 'empty'),
      cmd.expects.some((e) => e.kind === 'fail'),
    ].filter(Boolean).length;
    if (kinds !== 1) throw new ScriptError(`line ${lineNo}: an eval must assert exactly one kind of result`);
    cmds.push(cmd);
  }
  return cmds;
}
