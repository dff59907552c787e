/**
 * `match[]` as Prometheus reads it: `parser.ParseMetricSelectors`, a parser that accepts a series
 * selector and nothing else, so `rate(up[5m])` is refused where its own grammar stops
 * (`1:5: parse error: unexpected "("`), not as "not a selector". Then web/api/v1/api.go's
 * `parseMatchersParam`: every set needs a matcher the empty string fails. The caller words the
 * refusal (`/series` prefixes `invalid parameter "match[]": `, the label APIs do not).
 */
import { parsePromQL } from '../../promql/index.js';
import { anchoredRegex } from '../../world/matchers.js';
import type { Matcher } from '../../world/types.js';
import { WireError } from '../wire-error.js';

const NON_EMPTY = 'match[] must contain at least one non-empty matcher';

/** Each selector as a matcher set, or a WireError with Prometheus' text (unprefixed). */
export function parseMatcherSets(selectors: readonly string[]): Matcher[][] {
  const sets = selectors.map(parseMetricSelector);
  for (const set of sets) if (set.every(matchesEmpty)) throw new WireError('bad_data', NON_EMPTY);
  return sets;
}

function parseMetricSelector(sel: string): Matcher[] {
  const end = selectorEnd(sel);
  const rest = end === undefined ? -1 : firstNonSpace(sel, end);
  if (end !== undefined && rest < sel.length) throw unexpected(sel, rest);
  let e: ReturnType<typeof parsePromQL>;
  try {
    e = parsePromQL(sel);
  } catch (err) {
    // The metric-selector parser has no non-empty rule of its own: parseMatchersParam words it.
    if (!/vector selector must contain at least one non-empty matcher/.test((err as Error).message))
      throw new WireError('bad_data', (err as Error).message);
    e = parsePromQL(`__rematch_probe__${sel.trimStart()}`);
    if (e.type === 'vectorSelector') return e.matchers.filter((m) => m.name !== '__name__');
    throw err;
  }
  if (e.type !== 'vectorSelector') throw unexpected(sel, firstNonSpace(sel, 0));
  const set = [...e.matchers];
  if (e.name !== undefined && !set.some((m) => m.name === '__name__'))
    set.unshift({ name: '__name__', op: '=', value: e.name });
  return set;
}

function firstNonSpace(s: string, from: number): number {
  let i = from;
  while (i < s.length && /\s/.test(s[i])) i++;
  return i;
}

/**
 * Where a selector's own text ends: a metric name, then an optional `{...}` (quotes respected);
 * or a `{...}` alone. Undefined when it does not start as a selector (the token there is refused).
 */
function selectorEnd(s: string): number | undefined {
  let i = firstNonSpace(s, 0);
  const name = /^[A-Za-z_:][\w:]*/.exec(s.slice(i));
  if (name) {
    i = firstNonSpace(s, i + name[0].length);
    if (s[i] !== '{') return i;
  } else if (s[i] !== '{') return undefined;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === '"' || c === "'" || c === '`') {
      j++;
      while (j < s.length && s[j] !== c) j += s[j] === '\\' && c !== '`' ? 2 : 1;
    } else if (c === '}') return j + 1;
  }
  return s.length; // unclosed: the full parser words it
}

/** Prometheus' Item.desc() of the token at `at`: `"("`, `<op:+>`, `<offset>`, `number "1"`. */
function unexpected(s: string, at: number): WireError {
  const rest = s.slice(at);
  let what: string;
  const op = /^(?:==|!=|>=|<=|=~|!~|[-+*/%^<>=])/.exec(rest);
  const word = /^[A-Za-z_:][\w:]*/.exec(rest);
  const num = /^(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(rest);
  if (at >= s.length) what = 'end of input';
  else if (op) what = `<op:${op[0]}>`;
  else if (word) {
    const w = word[0].toLowerCase();
    if (['and', 'or', 'unless', 'atan2'].includes(w)) what = `<op:${w}>`;
    else if (['offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool'].includes(w))
      what = `<${w}>`;
    else what = `identifier ${JSON.stringify(word[0])}`;
  } else if (num) what = `number ${JSON.stringify(num[0])}`;
  else if (/^["'`]/.test(rest)) what = `string ${JSON.stringify(rest)}`;
  else what = JSON.stringify(rest[0]);
  return new WireError('bad_data', `${lineColOf(s, at)}: parse error: unexpected ${what}`);
}

function lineColOf(s: string, at: number): string {
  const before = s.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

function matchesEmpty(m: Matcher): boolean {
  if (m.op === '=') return m.value === '';
  if (m.op === '!=') return m.value !== '';
  // The selector parsed already, so its regex is valid RE2.
  const re = anchoredRegex(m.value);
  return m.op === '=~' ? re.test('') : !re.test('');
}
