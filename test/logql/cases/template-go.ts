/**
 * Template functions as Loki's fmt.go and Go's libraries compute them (docs:
 * template_functions; source: pkg/logql/log/fmt.go, the function map).
 */
import { type Case, stream, TF } from './types.js';

const FMT = 'loki:pkg/logql/log/fmt.go#functionMap';
const one = [stream({ app: 't' }, 'x')];

/** A line_format over the one line `x` at T0+1s, expecting `out` (or a TemplateFormatErr). */
function tpl(doc: string, name: string, template: string, out: string | null): Case {
  return {
    doc,
    name,
    streams: one,
    query: `{app="t"} | line_format ${JSON.stringify(template)}${out === null ? ' | __error__="TemplateFormatErr"' : ''}`,
    expect: { lines: [out ?? 'x'] },
  };
}

/** T0 = 2026-03-14T13:00:00Z; the line is at +1 s. */
export const TEMPLATE_GO_CASES: Case[] = [
  tpl(
    `${TF}#unixtotime`,
    'unixToTime reads 10 digits as seconds',
    '{{ "1673798889" | unixToTime | unixEpoch }}',
    '1673798889',
  ),
  tpl(
    `${TF}#unixtotime`,
    'unixToTime reads 13 digits as milliseconds',
    '{{ "1673798889902" | unixToTime | unixEpochMillis }}',
    '1673798889902',
  ),
  tpl(
    FMT,
    'unixToTime reads 16 digits as microseconds',
    '{{ "1673798889902000" | unixToTime | unixEpochMillis }}',
    '1673798889902',
  ),
  tpl(
    FMT,
    'unixToTime reads 19 digits as nanoseconds',
    '{{ "1673798889902000000" | unixToTime | unixEpochMillis }}',
    '1673798889902',
  ),
  tpl(
    FMT,
    'unixToTime reads 5 digits as days',
    '{{ "19373" | unixToTime | date "2006-01-02" }}',
    '2023-01-16',
  ),
  tpl(
    FMT,
    'unixToTime of days formats as a date at midnight',
    '{{ "19000" | unixToTime | date "2006-01-02 15:04" }}',
    '2022-01-08 00:00',
  ),
  tpl(
    FMT,
    'unixToTime seconds formatted as RFC 3339',
    '{{ "1700000000" | unixToTime | date "2006-01-02T15:04:05Z07:00" }}',
    '2023-11-14T22:13:20Z',
  ),
  tpl(FMT, 'unixToTime rejects 3 digits', '{{ "123" | unixToTime }}', null),
  tpl(FMT, 'unixToTime rejects 11 digits', '{{ "16737988890" | unixToTime }}', null),
  tpl(FMT, 'unixToTime rejects text', '{{ "soon" | unixToTime }}', null),
  tpl(FMT, 'unixToTime of a label value', '{{ "1000000000" | unixToTime | date "2006" }}', '2001'),
  tpl(`${TF}#urlencode`, 'urlencode escapes a space as +', '{{ "a b" | urlencode }}', 'a+b'),
  tpl(FMT, 'urlencode escapes parentheses (Go url.QueryEscape)', '{{ "f(x)" | urlencode }}', 'f%28x%29'),
  tpl(FMT, 'urlencode escapes *', '{{ "a*b" | urlencode }}', 'a%2Ab'),
  tpl(FMT, "urlencode escapes ! and '", `{{ "hi!'" | urlencode }}`, 'hi%21%27'),
  tpl(FMT, 'urlencode keeps - _ . ~', '{{ "a-b_c.d~e" | urlencode }}', 'a-b_c.d~e'),
  tpl(FMT, 'urlencode escapes / ? & =', '{{ "/p?a=1&b" | urlencode }}', '%2Fp%3Fa%3D1%26b'),
  tpl(FMT, 'urlencode escapes UTF-8 bytes', '{{ "é" | urlencode }}', '%C3%A9'),
  tpl(FMT, 'urldecode reads + as a space', '{{ "a+b%28c%29" | urldecode }}', 'a b(c)'),
  tpl(FMT, 'urldecode of a bad escape fails the line', '{{ "%zz" | urldecode }}', null),
  tpl(`${TF}#bytes`, 'bytes reads a humanized size', '{{ "1 KB" | bytes }}', '1000'),
  tpl(FMT, 'bytes reads KiB', '{{ "2KiB" | bytes }}', '2048'),
  tpl(FMT, 'bytes of text that is not a size fails the line', '{{ "lots" | bytes }}', null),
  tpl(`${TF}#duration`, 'duration reads Go durations in seconds', '{{ "1m30s" | duration }}', '90'),
  tpl(FMT, 'duration_seconds is the same function', '{{ "250ms" | duration_seconds }}', '0.25'),
  tpl(FMT, 'duration of text that is not a duration fails the line', '{{ "later" | duration }}', null),
  tpl(
    `${TF}#unixepochnanos`,
    'unixEpochNanos of the entry time',
    '{{ __timestamp__ | unixEpochNanos }}',
    '1773493201000000000',
  ),
  tpl(
    `${TF}#unixepochmillis`,
    'unixEpochMillis of the entry time',
    '{{ __timestamp__ | unixEpochMillis }}',
    '1773493201000',
  ),
  tpl(`${TF}#unixepoch`, 'unixEpoch of the entry time', '{{ __timestamp__ | unixEpoch }}', '1773493201'),
  tpl(
    FMT,
    'unixEpochNanos is exact past 2^53',
    '{{ "1773493201123" | unixToTime | unixEpochNanos }}',
    '1773493201123000000',
  ),
  tpl(`${TF}#alignleft`, 'alignLeft pads to the count', '{{ alignLeft 5 "ab" }}|', 'ab   |'),
  tpl(`${TF}#alignleft`, 'alignLeft cuts to the count', '{{ alignLeft 2 "abcdef" }}', 'ab'),
  tpl(FMT, 'alignLeft with a negative count leaves the string', '{{ alignLeft -3 "abcdef" }}', 'abcdef'),
  tpl(FMT, 'alignLeft with the exact length', '{{ alignLeft 3 "abc" }}', 'abc'),
  tpl(FMT, 'alignLeft counts runes', '{{ alignLeft 2 "éàü" }}', 'éà'),
  tpl(`${TF}#alignright`, 'alignRight pads on the left', '|{{ alignRight 5 "ab" }}', '|   ab'),
  tpl(`${TF}#alignright`, 'alignRight keeps the end', '{{ alignRight 2 "abcdef" }}', 'ef'),
  tpl(FMT, 'alignRight with a negative count leaves the string', '{{ alignRight -1 "abcdef" }}', 'abcdef'),
  tpl(FMT, 'alignRight with zero gives the empty string', '[{{ alignRight 0 "abc" }}]', '[]'),
  tpl(FMT, 'alignLeft with zero gives the empty string', '[{{ alignLeft 0 "abc" }}]', '[]'),
  tpl(
    `${TF}#now`,
    'now in line_format is later than the entry',
    '{{ if gt (now | unixEpoch | int) (__timestamp__ | unixEpoch | int) }}later{{ end }}',
    'later',
  ),
  tpl(`${TF}#now`, 'now formats with date', '{{ if ge (now | date "2006" | int) 2026 }}ok{{ end }}', 'ok'),
];
