import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateError } from '../../src/logql/pipeline/template.js';

const ctx = {
  labels: { a: 'Hello', n: '12', status: '500' },
  line: 'raw line',
  t: Date.UTC(2024, 0, 2, 3, 4, 5, 600),
};
const render = (src: string) => compileTemplate(src)(ctx);

describe('line_format templates', () => {
  it('renders fields, pipes and parentheses', () => {
    expect(render('{{.a}} {{ .a | upper }} {{ (printf "%s!" .a) | len }}')).toBe('Hello HELLO 6');
  });
  it('renders a missing label as empty', () => {
    expect(render('[{{.missing}}]')).toBe('[]');
  });
  it('trims whitespace with {{- and -}}', () => {
    expect(render('a  {{- .a -}}  b')).toBe('aHellob');
  });
  it('evaluates if / else if / else with comparisons', () => {
    const t = '{{ if eq .status "200" }}ok{{ else if eq .status "500" }}fail{{ else }}?{{ end }}';
    expect(render(t)).toBe('fail');
    expect(render('{{ if gt (int .n) 10 }}big{{ end }}')).toBe('big');
  });
  it('formats times with Go layouts', () => {
    expect(render('{{ __timestamp__ | date "2006-01-02 15:04:05.000 MST" }}')).toBe(
      '2024-01-02 03:04:05.600 UTC',
    );
    expect(render('{{ __timestamp__ }}')).toBe('2024-01-02 03:04:05.6 +0000 UTC');
  });
  it('printf pads and formats numbers', () => {
    expect(render('{{ printf "%05d|%-4s|%.1f|%q" 42 "ab" 3.14159 .a }}')).toBe('00042|ab  |3.1|"Hello"');
  });
  it('rejects unknown functions and unsupported actions at compile time', () => {
    expect(() => compileTemplate('{{ nosuch .a }}')).toThrow(TemplateError);
    expect(() => compileTemplate('{{ range .a }}x{{ end }}')).toThrow(/unsupported action/);
    expect(() => compileTemplate('{{ if .a }}x')).toThrow(TemplateError);
    expect(() => compileTemplate('{{ .a ')).toThrow(/unclosed action/);
  });
  it('reports incompatible comparisons as template errors', () => {
    expect(() => render('{{ lt .n 5 }}')).toThrow(/incompatible types/);
  });
  it('bounds output size', () => {
    expect(() => render('{{ repeat 1000000 "abc" }}')).toThrow(TemplateError);
  });
});

describe('template work bounds', () => {
  it('Replace with n replaces the first n matches only, even when the replacement contains the match', () => {
    expect(render('{{ Replace "aaa" "a" "aa" 2 }}')).toBe('aaaaa');
    expect(render('{{ Replace "a-b-c" "-" "+" -1 }}')).toBe('a+b+c');
  });
  it('caps printf widths and precisions', () => {
    expect(render('{{ printf "%999999999s" "x" }}').length).toBe(10_000);
    expect(render('{{ printf "%.2f" 1.005 }}')).toBe('1.00');
  });
});

describe('Go values as text/template prints them', () => {
  it.each([
    // float64 results print with %v: the exponent form from 1e+06 and below 1e-04
    ['{{ mulf 1000 1000 }}', '1e+06'],
    ['{{ mulf 1234567 1 }}', '1.234567e+06'],
    ['{{ divf 1 100000 }}', '1e-05'],
    ['{{ divf 1 3 }}', '0.3333333333333333'],
    ['{{ addf 123456 0.5 }}', '123456.5'],
    ['{{ bytes "2 MiB" }}', '2.097152e+06'],
    ['{{ float64 "1e7" }}', '1e+07'],
    ['{{ divf 0 -1 }}', '-0'],
    ['{{ divf 1 0 }}', '+Inf'],
    // ints stay positional
    ['{{ mul 1000 1000 }}', '1000000'],
    ['{{ add 1 2 }}', '3'],
    // a literal with `.` or `e` is a float64 constant
    ['{{ 1.5 }} {{ 1e3 }} {{ 1e7 }} {{ 7 }} {{ 0x10 }}', '1.5 1000 1e+07 7 16'],
    // float verbs want a float64, %d an int
    ['{{ printf "%d" (mulf 2 3) }}', '%!d(float64=6)'],
    ['{{ printf "%f" 3 }}', '%!f(int=3)'],
    ['{{ printf "%.2f" (float64 .n) }}', '12.00'],
    ['{{ printf "%v" (divf 3 2) }}', '1.5'],
  ])('%s prints %s', (src, want) => {
    expect(render(src)).toBe(want);
  });

  it('keeps nanoseconds through unixToTime, toDate, date and unixEpochNanos', () => {
    expect(render('{{ unixEpochNanos (unixToTime "1700000000123456789") }}')).toBe('1700000000123456789');
    expect(render('{{ unixEpochNanos (unixToTime "1700000000123456") }}')).toBe('1700000000123456000');
    expect(render('{{ date "15:04:05.000000000" (unixToTime "1700000000123456789") }}')).toBe(
      '22:13:20.123456789',
    );
    expect(
      render('{{ unixEpochNanos (toDate "2006-01-02T15:04:05Z07:00" "2023-11-14T22:13:20.123456789Z") }}'),
    ).toBe('1700000000123456789');
  });

  it('refuses an argument piped into now', () => {
    expect(() => render('{{ .a | now }}')).toThrow('wrong number of args for now: want 0 got 1');
  });
});
