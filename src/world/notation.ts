/**
 * promqltest series notation: `metric{l="v"} 1+2x3 _ stale _x2 Inf -Inf NaN 1-1x4`.
 * Used by world `load` blocks and by the PromQL conformance runner.
 */
import { LIMITS, overCap } from '../formats/limits.js';
import { unquote } from './go-strings.js';
import { STALE_NAN } from './types.js';

/** Thrown for native-histogram notation (`{{...}}`), which the bench does not model; callers skip. */
export class NativeHistogramNotationError extends Error {
  constructor(text: string) {
    super(`native histogram notation is not supported: ${text.slice(0, 60)}`);
    this.name = 'NativeHistogramNotationError';
  }
}

export interface SeriesLine {
  labels: Record<string, string>;
  /**
   * One entry per slot; undefined = missing sample; STALE_NAN = staleness marker. Test markers with
   * isStaleNaN on the elements themselves: copying into a numeric array (map, Float64Array.from)
   * may canonicalize the NaN and lose the marker.
   */
  values: (number | undefined)[];
}

const NUM = String.raw`(?:[+-]?(?:Inf|NaN|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?))`;
const SERIES_RE = new RegExp(`^(${NUM})(?:([+-])(${NUM.replace('[+-]?', '')}))?x(\\d+)$`, 'i');
const SINGLE_RE = new RegExp(`^${NUM}$`, 'i');

function num(s: string): number {
  const t = s.replace(/^\+/, '');
  if (/^-?inf$/i.test(t)) return t.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  if (/^[+-]?nan$/i.test(t)) return Number.NaN;
  return Number(t);
}

/**
 * How many slots the values part of a series line expands to, without expanding it: `1+2x3` is 4
 * slots, `_x3` is 3. Tokens that are not values count 1 (expansion reports them).
 */
export function countValues(text: string): number {
  let n = 0;
  for (const tok of text.trim().split(/\s+/)) {
    if (tok === '') continue;
    const blank = /^_x(\d+)$/.exec(tok);
    const series = blank ? undefined : SERIES_RE.exec(tok);
    n += blank ? Number(blank[1]) : series ? Number(series[4]) + 1 : 1;
  }
  return n;
}

/**
 * Expand the values part of a series line. Throws Error on bad syntax, and before allocating
 * when the line would hold more than `maxSlots` values (`1x1e9` would exhaust the heap).
 */
export function expandValues(text: string, maxSlots: number = LIMITS.seriesSlots): (number | undefined)[] {
  if (text.includes('{{')) throw new NativeHistogramNotationError(text);
  const slots = countValues(text);
  if (slots > maxSlots) throw new Error(overCap('values in one series', slots, maxSlots));
  // V8 canonicalizes NaN payloads in all-double arrays, which would turn STALE_NAN into a plain
  // NaN. Storing `undefined` once makes this a generic array whose numbers keep their bits.
  const out: (number | undefined)[] = [];
  out.push(undefined);
  out.pop();
  for (const tok of text.trim().split(/\s+/)) {
    if (tok === '') continue;
    if (tok === '_') {
      out.push(undefined);
      continue;
    }
    const blank = /^_x(\d+)$/.exec(tok);
    if (blank) {
      for (let i = 0; i < Number(blank[1]); i++) out.push(undefined);
      continue;
    }
    if (tok === 'stale') {
      out.push(STALE_NAN);
      continue;
    }
    if (SINGLE_RE.test(tok)) {
      out.push(num(tok));
      continue;
    }
    const m = SERIES_RE.exec(tok);
    if (!m) throw new Error(`bad series value "${tok}"`);
    let v = num(m[1]);
    const step = m[2] ? (m[2] === '-' ? -1 : 1) * num(m[3]) : 0;
    const n = Number(m[4]);
    for (let i = 0; i <= n; i++) {
      out.push(v);
      v += step;
    }
  }
  return out;
}

/** Split `metric{a="b"}` from the rest of the line, honouring quotes inside the braces. */
export function splitSeries(line: string): [string, string] {
  const s = line.trim();
  let i = 0;
  while (i < s.length && /[A-Za-z0-9_:]/.test(s[i])) i++;
  if (s[i] === '{') {
    let quote = '';
    for (; i < s.length; i++) {
      const c = s[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '}') {
        i++;
        break;
      }
    }
  }
  return [s.slice(0, i), s.slice(i)];
}

const MATCHER_RE =
  /\s*([A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\]|\\.)*")\s*=\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`)\s*,?/y;

/** Parse `metric{l="v"}` into a label record (the name goes into `__name__`). */
export function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const brace = text.indexOf('{');
  const name = (brace < 0 ? text : text.slice(0, brace)).trim();
  if (name) labels.__name__ = name;
  if (brace < 0) return labels;
  const body = text.slice(brace + 1, text.lastIndexOf('}'));
  MATCHER_RE.lastIndex = 0;
  let pos = 0;
  while (pos < body.length && body.slice(pos).trim() !== '') {
    MATCHER_RE.lastIndex = pos;
    const m = MATCHER_RE.exec(body);
    if (!m) {
      // A bare quoted string is the metric name (`{"my.metric"}`).
      const bare = /\s*("(?:[^"\\]|\\.)*")\s*,?/y;
      bare.lastIndex = pos;
      const b = bare.exec(body);
      if (!b) throw new Error(`bad label set "${text}"`);
      labels.__name__ = unquote(b[1]);
      pos = bare.lastIndex;
      continue;
    }
    const key = m[1].startsWith('"') ? unquote(m[1]) : m[1];
    labels[key] = unquote(m[2]);
    pos = MATCHER_RE.lastIndex;
  }
  return labels;
}

/** One series line of a `load` block. */
export function parseSeriesLine(line: string): SeriesLine {
  if (line.includes('{{')) throw new NativeHistogramNotationError(line);
  const [series, rest] = splitSeries(line);
  if (!series) throw new Error(`bad series line "${line}"`);
  return { labels: parseLabels(series), values: expandValues(rest) };
}
