import { describe, expect, it } from 'vitest';
import { instantQuery, PromQLError } from '../../src/promql/index.js';
import { quickestMs } from '../timing.js';
import { at, load, m } from './helpers.js';

const LONG = `${'a'.repeat(40)}${'x'.repeat(20_000)}`;
const s = load(
  m,
  `
  up{service="cart",pod="${LONG}"} 1x5
  up{service="checkout",pod="p-1"} 1x5
  up{service="Grüße",pod="p-2"} 1x5
  `,
);

describe('PromQL regex matchers are RE2, anchored ^(?s:re)$', () => {
  it.each(['(.*a){20}.*', '(a+)+$', '(a|aa)*b'])('%s over a 20k-char label answers fast, as RE2', (p) => {
    let got: ReturnType<typeof at> = [];
    // backtracking over the 20k-char label takes minutes or more; RE2, milliseconds
    expect(quickestMs(() => (got = at(s, `up{pod=~"${p}"}`, 2 * m)), 1000)).toBeLessThan(1000);
    expect(got).toHaveLength(p === '(.*a){20}.*' ? 1 : 0);
  });

  it.each([
    [
      'up{service=~"c(?=a)art"}',
      '1:4: parse error: error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    ],
    [
      'up{service!~"(?<!x)cart"}',
      '1:4: parse error: error parsing regexp: invalid named capture: `(?<!x)cart`',
    ],
    ['up{service=~"(c)\\\\1"}', '1:4: parse error: error parsing regexp: invalid escape sequence: `\\1`'],
  ])('rejects %s with Go text at the matcher', (q, msg) => {
    expect(() => instantQuery(s, q, 0)).toThrow(PromQLError);
    expect(() => instantQuery(s, q, 0)).toThrow(msg);
  });

  it('speaks RE2 syntax and anchors every alternative', () => {
    expect(at(s, 'up{service=~"cart|checkout"}', 0)).toHaveLength(2);
    expect(at(s, 'up{service=~"car|check"}', 0)).toHaveLength(0);
    expect(at(s, 'up{service=~"(?i)CART"}', 0)).toHaveLength(1);
    expect(at(s, 'up{service=~"\\\\pL+"}', 0)).toHaveLength(3);
    expect(at(s, 'up{service=~"[[:lower:]]+"}', 0)).toHaveLength(2);
    expect(at(s, 'up{pod=~"p-[[:digit:]]"}', 0)).toHaveLength(2);
    expect(at(s, 'up{pod=~"\\\\Qp-\\\\E.*"}', 0)).toHaveLength(2);
  });

  it('refuses \\Z and bad repeats; `.` takes a newline, as Prometheus 3 anchors ^(?s:re)$', () => {
    const n = load(m, 'up{service="a\\nb"} 1x5');
    expect(at(n, 'up{service=~"a.b"}', 0)).toHaveLength(1);
    expect(at(n, 'up{service=~"(?-s)a.b"}', 0)).toHaveLength(0);
    expect(() => instantQuery(s, 'up{service=~"cart\\\\Z"}', 0)).toThrow(
      '1:4: parse error: error parsing regexp: invalid escape sequence: `\\Z`',
    );
    expect(() => instantQuery(s, 'up{service=~"a{1001}"}', 0)).toThrow(
      '1:4: parse error: error parsing regexp: invalid repeat count: `{1001}`',
    );
  });

  it('label_replace expands Go templates: $1x names group 1x, missing groups are empty', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: `${1}` is Go's template syntax under test
    const r = at(s, 'label_replace(up{service="checkout"}, "d", "$1x-${1}x-$2", "pod", "(p)-(\\\\d)")', 0);
    expect(r[0]).toContain('d="-px-1"');
    const bad = () => instantQuery(s, 'label_replace(up, "d", "$1", "pod", "(?=p)")', 0);
    expect(bad).toThrow('invalid regular expression in label_replace(): (?=p)');
    // Prometheus compiles it while evaluating: an execution error (422), not bad_data.
    expect(bad).toThrow(expect.objectContaining({ errorType: 'execution' }));
  });
});
