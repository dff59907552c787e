/**
 * Behaviour pinned by Loki's source where the documentation is silent: sample extraction
 * (pkg/logql/log/metrics_extraction.go), the grammar (pkg/logql/syntax/expr.y), the json, logfmt
 * and unpack parsers (pkg/logql/log/parser.go), label_format validation (fmt.go).
 */
import { type Case, LQ, MQ, QR, stream } from './types.js';

const EXTRACT = 'loki:pkg/logql/log/metrics_extraction.go#streamLabelSampleExtractor.Process';
const EXPR_Y = 'loki:pkg/logql/syntax/expr.y#logRangeExpr';
const JSONP = 'loki:pkg/logql/log/parser.go#JSONParser.Process';
const JSONX = 'loki:pkg/logql/log/parser.go#JSONExpressionParser.Process';
const UNPACK = 'loki:pkg/logql/log/parser.go#UnpackParser.Process';
const LOGFMT = 'loki:pkg/logql/log/parser.go#LogfmtParser.Process';
const FMT = 'loki:pkg/logql/log/fmt.go#validate';
const VAGG = 'loki:pkg/logql/syntax/parser.go#validateSortGrouping';
const LEX = 'loki:pkg/logql/syntax/lex.go#lexer.Lex';

const mixed = stream(
  { app: 'api' },
  'latency=10 route=/a',
  'route=/b',
  'latency=30 route=/a',
  'latency= route=/c',
);
const badValue = stream({ app: 'api' }, 'latency=10', 'latency=fast', 'latency=20');

const UNWRAP: Case[] = [
  {
    doc: EXTRACT,
    name: 'a line without the unwrapped label gives no sample, not an error',
    streams: [mixed],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency [5m])',
    expect: { vector: [[{ app: 'api', route: '/a' }, 40]] },
  },
  {
    doc: EXTRACT,
    name: 'an empty value of the unwrapped label is skipped too',
    streams: [mixed],
    query: 'count_over_time({app="api"} | logfmt --keep-empty | route="/c" [5m])',
    // --keep-empty keeps `latency=""` as a label with an empty value (Loki keeps it).
    expect: { vector: [[{ app: 'api', route: '/c', latency: '' }, 1]] },
  },
  {
    doc: EXTRACT,
    name: 'only the lines carrying the label count toward avg_over_time',
    streams: [mixed],
    query: 'avg_over_time({app="api"} | logfmt | unwrap latency [5m]) by (app)',
    expect: { vector: [[{ app: 'api' }, 20]] },
  },
  {
    doc: EXTRACT,
    name: 'max_over_time ignores lines without the label',
    streams: [mixed],
    query: 'max_over_time({app="api"} | logfmt | unwrap latency [5m]) by (app)',
    expect: { vector: [[{ app: 'api' }, 30]] },
  },
  {
    doc: EXTRACT,
    name: 'a stream where no line has the label yields no series',
    streams: [stream({ app: 'api' }, 'route=/a', 'route=/b')],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency [5m])',
    expect: { vector: [] },
  },
  {
    doc: EXTRACT,
    name: 'a value that does not convert still fails the query',
    streams: [badValue],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency [5m])',
    expect: { error: "pipeline error: 'SampleExtractionErr'" },
  },
  {
    doc: `${MQ}#unwrapped-range-aggregations`,
    name: 'the conversion error is skipped with __error__="" after unwrap',
    streams: [badValue],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency | __error__="" [5m])',
    expect: { vector: [[{ app: 'api' }, 30]] },
  },
  {
    doc: EXTRACT,
    name: 'a post-unwrap __error__!= filter drops only the unconverted sample',
    streams: [badValue],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency | __error__!="SampleExtractionErr" [5m])',
    expect: { vector: [[{ app: 'api' }, 30]] },
  },
  {
    doc: EXTRACT,
    name: 'a duration that does not parse is a SampleExtractionErr',
    streams: [stream({ app: 'api' }, 'took=5s', 'took=soon')],
    query: 'sum_over_time({app="api"} | logfmt | unwrap duration(took) [5m])',
    expect: { error: "pipeline error: 'SampleExtractionErr'" },
  },
  {
    doc: EXTRACT,
    name: 'a duration unwrap over lines some of which lack it',
    streams: [stream({ app: 'api' }, 'took=1.5s', 'msg=hi', 'took=500ms')],
    query: 'sum_over_time({app="api"} | logfmt | unwrap duration(took) [5m])',
    expect: { vector: [[{ app: 'api' }, 2]] },
  },
  {
    doc: EXTRACT,
    name: 'a bytes unwrap over lines some of which lack it',
    streams: [stream({ app: 'api' }, 'size=1KB', 'msg=hi', 'size=24')],
    query: 'sum_over_time({app="api"} | logfmt | unwrap bytes(size) [5m])',
    expect: { vector: [[{ app: 'api' }, 1024]] },
  },
  {
    doc: EXTRACT,
    name: 'json unwrap where half the lines have no such field',
    streams: [stream({ app: 'api' }, '{"ms":4}', '{"msg":"x"}', '{"ms":6}', '{}')],
    query: 'sum(sum_over_time({app="api"} | json | unwrap ms [5m]))',
    expect: { vector: [[{}, 10]] },
  },
  {
    doc: EXTRACT,
    name: 'rate over an unwrapped label skips lines without it',
    streams: [mixed],
    query: 'sum(rate({app="api"} | logfmt | unwrap latency [5m]))',
    expect: { vector: [[{}, 40 / 300]] },
  },
  {
    doc: EXTRACT,
    name: 'quantile_over_time over the lines that carry the label',
    streams: [mixed],
    query: 'quantile_over_time(0.5, {app="api"} | logfmt | unwrap latency [5m]) by (app)',
    expect: { vector: [[{ app: 'api' }, 20]] },
  },
  {
    doc: EXPR_Y,
    name: 'offset after the range of an unwrapped range aggregation',
    streams: [mixed],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency [5m] offset 1s)',
    end: 303,
    step: 3,
    start: 300,
    expect: {
      matrix: [
        [
          { app: 'api', route: '/a' },
          [
            [300, 40],
            [303, 30],
          ],
        ],
      ],
    },
  },
  {
    doc: EXPR_Y,
    name: 'offset moves the window of an unwrapped range back',
    streams: [mixed],
    query: 'sum by (app) (sum_over_time({app="api"} | logfmt | unwrap latency [2s] offset 1s))',
    end: 3,
    expect: { vector: [[{ app: 'api' }, 10]] },
  },
  {
    doc: EXPR_Y,
    name: 'offset after the range with a post-unwrap filter',
    streams: [badValue],
    query: 'sum_over_time({app="api"} | logfmt | unwrap latency | __error__="" [5m] offset 0s)',
    expect: { vector: [[{ app: 'api' }, 30]] },
  },
  {
    doc: EXPR_Y,
    name: 'unwrap inside a parenthesised log range',
    streams: [mixed],
    query: 'max_over_time(({app="api"} | logfmt | unwrap latency)[5m])',
    expect: { vector: [[{ app: 'api', route: '/a' }, 30]] },
  },
  {
    doc: EXPR_Y,
    name: 'a parenthesised unwrapped range with grouping',
    streams: [mixed],
    query: 'max_over_time(({app="api"} | logfmt | unwrap latency)[5m]) by (app)',
    expect: { vector: [[{ app: 'api' }, 30]] },
  },
  {
    doc: EXPR_Y,
    name: 'a parenthesised json unwrap',
    streams: [stream({ app: 'api' }, '{"foo":3}', '{"foo":9}')],
    query: 'max_over_time(({app="api"} | json | unwrap foo)[5m])',
    expect: { vector: [[{ app: 'api' }, 9]] },
  },
  {
    doc: EXPR_Y,
    name: 'a parenthesised unwrapped range with offset',
    streams: [mixed],
    query: 'sum_over_time(({app="api"} | logfmt | unwrap latency)[2s] offset 1s)',
    end: 3,
    expect: { vector: [[{ app: 'api', route: '/a' }, 10]] },
  },
  {
    doc: EXPR_Y,
    name: 'a string holding "[5m] offset" is never rewritten',
    streams: [stream({ app: 'api' }, 'x=1 m="[5m] offset 1m"')],
    query: 'sum_over_time({app="api"} | logfmt | m="[5m] offset 1m" | unwrap x [5m])',
    expect: { vector: [[{ app: 'api', m: '[5m] offset 1m' }, 1]] },
  },
];

const json = (...lines: string[]) => [stream({ app: 'j' }, ...lines)];

const JSON_CASES: Case[] = [
  {
    doc: JSONP,
    name: 'an empty line is a JSONParserErr with jsonparser text',
    streams: json(''),
    query: '{app="j"} | json',
    expect: {
      streams: [
        {
          labels: {
            app: 'j',
            __error__: 'JSONParserErr',
            __error_details__: "Value looks like object, but can't find closing '}' symbol",
          },
          lines: [''],
        },
      ],
    },
  },
  {
    doc: JSONX,
    name: 'json with parameters leaves an empty line alone',
    streams: json(''),
    query: '{app="j"} | json a="a"',
    expect: { streams: [{ labels: { app: 'j' }, lines: [''] }] },
  },
  {
    doc: JSONX,
    name: 'json with parameters on a line that is not JSON sets __error__ only',
    streams: json('plain text'),
    query: '{app="j"} | json a="a"',
    expect: { streams: [{ labels: { app: 'j', __error__: 'JSONParserErr' }, lines: ['plain text'] }] },
  },
  {
    doc: JSONX,
    name: 'json with parameters over an array sets no error',
    streams: json('[1,2,3]'),
    query: '{app="j"} | json a="a"',
    expect: { streams: [{ labels: { app: 'j', a: '' }, lines: ['[1,2,3]'] }] },
  },
  {
    doc: JSONP,
    name: 'a line that is not an object: JSONParserErr with details',
    streams: json('[1,2,3]'),
    query: '{app="j"} | json',
    expect: {
      streams: [
        {
          labels: {
            app: 'j',
            __error__: 'JSONParserErr',
            __error_details__: "Value looks like object, but can't find closing '}' symbol",
          },
          lines: ['[1,2,3]'],
        },
      ],
    },
  },
  {
    doc: JSONP,
    name: 'a duplicate key keeps its first value',
    streams: json('{"a":"first","a":"second"}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', a: 'first' }, lines: ['{"a":"first","a":"second"}'] }] },
  },
  {
    doc: JSONX,
    name: 'a duplicate key read by a parameter keeps its first value',
    streams: json('{"a":"first","a":"second"}'),
    query: '{app="j"} | json x="a"',
    expect: { streams: [{ labels: { app: 'j', x: 'first' }, lines: ['{"a":"first","a":"second"}'] }] },
  },
  {
    doc: JSONP,
    name: 'text after the closing brace is ignored',
    streams: json('{"a":"1"} trailing words'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', a: '1' }, lines: ['{"a":"1"} trailing words'] }] },
  },
  {
    doc: JSONP,
    name: 'a malformed number is kept as written',
    streams: json('{"v":1.2.3}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', v: '1.2.3' }, lines: ['{"v":1.2.3}'] }] },
  },
  {
    doc: JSONP,
    name: 'a leading zero number is kept as written',
    streams: json('{"v":007}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', v: '007' }, lines: ['{"v":007}'] }] },
  },
  {
    doc: JSONP,
    name: 'a misspelt literal is an error',
    streams: json('{"v":tru}'),
    query: '{app="j"} | json',
    expect: {
      streams: [
        {
          labels: { app: 'j', __error__: 'JSONParserErr', __error_details__: 'Unknown value type' },
          lines: ['{"v":tru}'],
        },
      ],
    },
  },
  {
    doc: JSONP,
    name: 'an unclosed object is an error',
    streams: json('{"a":"1"'),
    query: '{app="j"} | json | __error__="JSONParserErr"',
    expect: { lines: ['{"a":"1"'] },
  },
  {
    doc: JSONP,
    name: 'a string with U+FFFD reads as empty (kept as an empty label: lbs.Set with readValue\'s "")',
    streams: json('{"a":"x\ufffdy","b":"ok"}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', a: '', b: 'ok' }, lines: ['{"a":"x\ufffdy","b":"ok"}'] }] },
  },
  {
    doc: JSONP,
    name: 'an escaped U+FFFD reads as empty too',
    streams: json('{"a":"x\\ufffdy","b":"ok"}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', a: '', b: 'ok' }, lines: ['{"a":"x\\ufffdy","b":"ok"}'] }] },
  },
  {
    doc: JSONP,
    name: 'an invalid escape reads as empty, the rest of the line still parses',
    streams: json('{"a":"bad\\q","b":"ok"}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', a: '', b: 'ok' }, lines: ['{"a":"bad\\q","b":"ok"}'] }] },
  },
  {
    doc: JSONP,
    name: 'null values are skipped',
    streams: json('{"a":null,"b":"1"}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', b: '1' }, lines: ['{"a":null,"b":"1"}'] }] },
  },
  {
    doc: JSONP,
    name: 'booleans are extracted as true and false',
    streams: json('{"ok":true,"bad":false}'),
    query: '{app="j"} | json',
    expect: {
      streams: [{ labels: { app: 'j', ok: 'true', bad: 'false' }, lines: ['{"ok":true,"bad":false}'] }],
    },
  },
  {
    doc: JSONP,
    name: 'whitespace before the object is allowed',
    streams: json('  {"a":"1"}'),
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', a: '1' }, lines: ['  {"a":"1"}'] }] },
  },
  {
    doc: UNPACK,
    name: 'unpack of JSON without _entry leaves labels and line unchanged',
    streams: json('{"a":"1","b":"2"}'),
    query: '{app="j"} | unpack',
    expect: { streams: [{ labels: { app: 'j' }, lines: ['{"a":"1","b":"2"}'] }] },
  },
  {
    doc: UNPACK,
    name: 'unpack of a packed entry sets its labels and replaces the line',
    streams: json('{"_entry":"the line","a":"1"}'),
    query: '{app="j"} | unpack',
    expect: { streams: [{ labels: { app: 'j', a: '1' }, lines: ['the line'] }] },
  },
  {
    doc: UNPACK,
    name: 'unpack leaves an empty line alone',
    streams: json(''),
    query: '{app="j"} | unpack',
    expect: { streams: [{ labels: { app: 'j' }, lines: [''] }] },
  },
  {
    doc: UNPACK,
    name: 'unpack of a line that is not an object',
    streams: json('plain'),
    query: '{app="j"} | unpack',
    expect: {
      streams: [
        {
          labels: {
            app: 'j',
            __error__: 'JSONParserErr',
            __error_details__: 'expecting json object(6), but it is not',
          },
          lines: ['plain'],
        },
      ],
    },
  },
  {
    doc: UNPACK,
    name: 'unpack skips non-string fields of a packed entry',
    streams: json('{"_entry":"l","n":3,"s":"x"}'),
    query: '{app="j"} | unpack',
    expect: { streams: [{ labels: { app: 'j', s: 'x' }, lines: ['l'] }] },
  },
  {
    doc: UNPACK,
    name: 'unpack names a packed label that collides with a stream label _extracted',
    streams: json('{"_entry":"l","app":"other"}'),
    query: '{app="j"} | unpack',
    expect: { streams: [{ labels: { app: 'j', app_extracted: 'other' }, lines: ['l'] }] },
  },
  {
    doc: LOGFMT,
    name: 'logfmt quoted value with an escaped newline',
    streams: [stream({ app: 'l' }, 'msg="line one\\nline two" k=v')],
    query: '{app="l"} | logfmt',
    expect: {
      streams: [
        { labels: { app: 'l', msg: 'line one\nline two', k: 'v' }, lines: ['msg="line one\\nline two" k=v'] },
      ],
    },
  },
  {
    doc: LOGFMT,
    name: 'logfmt quoted value with escaped quotes and tabs',
    streams: [stream({ app: 'l' }, 'msg="say \\"hi\\"\\tnow"')],
    query: '{app="l"} | logfmt',
    expect: {
      streams: [{ labels: { app: 'l', msg: 'say "hi"\tnow' }, lines: ['msg="say \\"hi\\"\\tnow"'] }],
    },
  },
  {
    doc: LOGFMT,
    name: 'a logfmt key with invalid UTF-8 (U+FFFD) is refused and its pair skipped',
    streams: [stream({ app: 'l' }, 'k\ufffdy=v ok=1')],
    query: '{app="l"} | logfmt',
    expect: { streams: [{ labels: { app: 'l', ok: '1' }, lines: ['k\ufffdy=v ok=1'] }] },
  },
  {
    doc: 'loki:pkg/logql/log/logfmt/decode.go#Decoder.ScanKeyval',
    name: 'with --strict, a key with U+FFFD is an invalid key',
    streams: [stream({ app: 'l' }, 'k\ufffdy=v ok=1')],
    query: '{app="l"} | logfmt --strict',
    expect: {
      streams: [
        {
          labels: {
            app: 'l',
            __error__: 'LogfmtParserErr',
            __error_details__: 'logfmt syntax error at pos 6 : invalid key',
          },
          lines: ['k\ufffdy=v ok=1'],
        },
      ],
    },
  },
  {
    doc: 'loki:pkg/logql/log/logfmt/decode.go#Decoder.ScanKeyval',
    name: 'a standalone key with U+FFFD is refused too',
    streams: [stream({ app: 'l' }, 'k\ufffd ok=1')],
    query: '{app="l"} | logfmt --keep-empty',
    expect: { streams: [{ labels: { app: 'l', ok: '1' }, lines: ['k\ufffd ok=1'] }] },
  },
  {
    doc: 'loki:pkg/logql/log/logfmt/decode.go#Decoder.ScanKeyval',
    name: 'a quoted value with a raw newline and no escape is kept as is',
    streams: [stream({ app: 'l' }, 'msg="a\nb" k=v')],
    query: '{app="l"} | logfmt',
    expect: { streams: [{ labels: { app: 'l', msg: 'a\nb', k: 'v' }, lines: ['msg="a\nb" k=v'] }] },
  },
  {
    doc: 'loki:pkg/logql/log/logfmt/decode.go#Decoder.ScanKeyval',
    name: 'an invalid escape in a quoted value skips the pair',
    streams: [stream({ app: 'l' }, 'msg="a\\qb" k=v')],
    query: '{app="l"} | logfmt',
    expect: { streams: [{ labels: { app: 'l', k: 'v' }, lines: ['msg="a\\qb" k=v'] }] },
  },
  {
    doc: LOGFMT,
    name: 'logfmt value with U+FFFD reads as empty',
    streams: [stream({ app: 'l' }, 'a=x\ufffd b=ok')],
    query: '{app="l"} | logfmt',
    expect: { streams: [{ labels: { app: 'l', b: 'ok' }, lines: ['a=x\ufffd b=ok'] }] },
  },
];

const REJECT: Case[] = [
  {
    doc: VAGG,
    name: 'sort takes no by clause',
    streams: [mixed],
    query: 'sort by (app) (count_over_time({app="api"}[5m]))',
    expect: { error: "parse error : sort and sort_desc doesn't allow grouping by " },
  },
  {
    doc: VAGG,
    name: 'sort_desc takes no by clause',
    streams: [mixed],
    query: 'sort_desc by (app) (count_over_time({app="api"}[5m]))',
    expect: { error: "parse error : sort and sort_desc doesn't allow grouping by " },
  },
  {
    doc: VAGG,
    name: 'sort takes no without clause',
    streams: [mixed],
    query: 'sort without (app) (count_over_time({app="api"}[5m]))',
    expect: { error: "parse error : sort and sort_desc doesn't allow grouping by " },
  },
  {
    doc: VAGG,
    name: 'sort_desc with a trailing by clause',
    streams: [mixed],
    query: 'sort_desc(count_over_time({app="api"}[5m])) by (app)',
    expect: { error: "parse error : sort and sort_desc doesn't allow grouping by " },
  },
  {
    doc: VAGG,
    name: 'sort with an empty by () is allowed',
    streams: [mixed],
    query: 'sort by () (count_over_time({app="api"}[5m]))',
    expect: { vector: [[{ app: 'api' }, 4]], ordered: true },
  },
  {
    doc: `${QR}#vector-aggregation-operators`,
    name: 'sort without grouping still works',
    streams: [mixed],
    query: 'sort(count_over_time({app="api"}[5m]))',
    expect: { vector: [[{ app: 'api' }, 4]], ordered: true },
  },
  {
    doc: LEX,
    name: 'a hexadecimal number in a label filter does not parse',
    streams: [mixed],
    query: '{app="api"} | logfmt | latency > 0x10',
    expect: { error: 'parse error : unable to parse literal as a float: strconv.ParseFloat: parsing "0x10"' },
  },
  {
    doc: LEX,
    name: 'a hexadecimal number with == in a label filter',
    streams: [mixed],
    query: '{app="api"} | logfmt | latency == 0X1F',
    expect: { error: 'unable to parse literal as a float' },
  },
  {
    doc: `${LQ}#label-filter-expression`,
    name: 'a decimal number in a label filter is fine',
    streams: [mixed],
    query: '{app="api"} | logfmt | latency > 16',
    expect: { lines: ['latency=30 route=/a'] },
  },
  {
    doc: FMT,
    name: 'label_format may not write __error__',
    streams: [mixed],
    query: '{app="api"} | label_format __error__="x"',
    expect: { error: '__error__ cannot be formatted' },
  },
  {
    doc: FMT,
    name: 'label_format may not rename into __error__',
    streams: [mixed],
    query: '{app="api"} | label_format __error__=app',
    expect: { error: '__error__ cannot be formatted' },
  },
  {
    doc: FMT,
    name: 'label_format __error__ among other labels',
    streams: [mixed],
    query: '{app="api"} | label_format a="1", __error__="x"',
    expect: { error: '__error__ cannot be formatted' },
  },
  {
    doc: `${LQ}#json`,
    name: 'json parameters are separated by commas, not spaces',
    streams: [mixed],
    query: '{app="api"} | json a b="x"',
    expect: { error: 'syntax error' },
  },
  {
    doc: `${LQ}#logfmt`,
    name: 'logfmt parameters are separated by commas, not spaces',
    streams: [mixed],
    query: '{app="api"} | logfmt a b',
    expect: { error: 'syntax error' },
  },
  {
    doc: `${LQ}#json`,
    name: 'a json parameter label with a space does not parse',
    streams: [mixed],
    query: '{app="api"} | json "a b"="x"',
    expect: { error: 'syntax error' },
  },
];

const PAT = 'loki:pkg/logql/log/pattern/pattern.go#Matcher.Test';
const patLines = [stream({ app: 'p' }, 'foo bar baz', '', 'GET /a 200', 'x GET /b', ' bar ')];
const pf = (name: string, query: string, lines: string[]): Case => ({
  doc: PAT,
  name,
  streams: patLines,
  query,
  expect: { lines },
});

export const PATTERN_FILTER_CASES: Case[] = [
  pf('an empty |> pattern matches only empty lines', '{app="p"} |> ""', ['']),
  pf('an empty !> pattern keeps every non-empty line', '{app="p"} !> ""', [
    'foo bar baz',
    'GET /a 200',
    'x GET /b',
    ' bar ',
  ]),
  pf('a pattern ending on a literal must end the line', '{app="p"} |> "<_> bar"', []),
  pf('a pattern ending on a capture needs text for it', '{app="p"} |> "foo <_>"', ['foo bar baz']),
  pf('a capture between literals may not be empty', '{app="p"} |> "<_> bar <_>"', ['foo bar baz']),
  pf('captures next to literals without spaces', '{app="p"} |> "<_>bar<_>"', ['foo bar baz', ' bar ']),
  pf('the first literal is searched anywhere in the line', '{app="p"} |> "GET <_>"', [
    'GET /a 200',
    'x GET /b',
  ]),
  pf('a literal then a capture then a literal', '{app="p"} |> "GET <_> 200"', ['GET /a 200']),
  pf('an or chain of pattern filters', '{app="p"} |> "<_> baz" or "<_> 200"', ['foo bar baz', 'GET /a 200']),
  {
    doc: 'loki:pkg/logql/log/pattern/pattern.go#Matcher.Matches',
    name: 'the pattern parser captures nothing from an empty line',
    streams: [stream({ app: 'p' }, '')],
    query: '{app="p"} | pattern "<a> <b>"',
    expect: { streams: [{ labels: { app: 'p' }, lines: [''] }] },
  },
  {
    doc: 'loki:pkg/logql/log/pattern/pattern.go#Matcher.Matches',
    name: 'a leading literal not at the line start captures nothing',
    streams: [stream({ app: 'p' }, 'x GET /b')],
    query: '{app="p"} | pattern "GET <path>"',
    expect: { streams: [{ labels: { app: 'p' }, lines: ['x GET /b'] }] },
  },
  {
    doc: 'loki:pkg/logql/log/parser.go#JSONParser.Process',
    name: 'a json key with U+FFFD is sanitized to _',
    streams: [stream({ app: 'j' }, '{"k\ufffdy":"v"}')],
    query: '{app="j"} | json',
    expect: { streams: [{ labels: { app: 'j', k_y: 'v' }, lines: ['{"k\ufffdy":"v"}'] }] },
  },
];

const JEXPR = 'loki:pkg/logql/log/jsonexpr/lexer.go#Scanner.lex';
const LEXPR = 'loki:pkg/logql/log/logfmt/lexer.go#Scanner.lex';
const doc1 = [stream({ app: 'j' }, '{"a":{"b c":"1","d":[5,6]},"x-y":"2","k":"v"}')];
const jx = (name: string, param: string, expect: Case['expect']): Case => ({
  doc: JEXPR,
  name,
  streams: doc1,
  query: `{app="j"} | json out=${JSON.stringify(param)} | keep out`,
  expect,
});
const only = (v: string): Case['expect'] => ({
  streams: [{ labels: { out: v }, lines: ['{"a":{"b c":"1","d":[5,6]},"x-y":"2","k":"v"}'] }],
});

export const PARAM_EXPR_CASES: Case[] = [
  jx('a json parameter with a space between two names does not parse', 'a b', {
    error: 'cannot parse expression [a b]',
  }),
  jx('a json parameter with a dash does not parse', 'x-y', { error: 'cannot parse expression [x-y]' }),
  jx('a dashed key is read through brackets', '["x-y"]', only('2')),
  jx('a key with a space is read through brackets', 'a["b c"]', only('1')),
  jx('blanks around the dot are skipped', 'a . d[1]', only('6')),
  jx('a float index does not parse', 'a.d[1.5]', { error: 'cannot use float as array index' }),
  jx('a doubled dot does not parse', 'a..d', { error: 'cannot parse expression [a..d]' }),
  jx('a leading dot does not parse', '.k', { error: 'cannot parse expression [.k]' }),
  jx('a trailing dot does not parse', 'k.', { error: 'cannot parse expression [k.]' }),
  jx('an index after a field', 'a.d[0]', only('5')),
  {
    doc: LEXPR,
    name: 'a logfmt parameter with a space does not parse',
    streams: [stream({ app: 'l' }, 'a=1 b=2')],
    query: '{app="l"} | logfmt x="a b"',
    expect: { error: 'cannot parse expression [a b]' },
  },
  {
    doc: LEXPR,
    name: 'a logfmt parameter with a dash does not parse',
    streams: [stream({ app: 'l' }, 'a-b=1')],
    query: '{app="l"} | logfmt x="a-b"',
    expect: { error: 'cannot parse expression [a-b]' },
  },
  {
    doc: LEXPR,
    name: 'blanks around a logfmt parameter key are skipped',
    streams: [stream({ app: 'l' }, 'a=1 b=2')],
    query: '{app="l"} | logfmt x=" b "',
    expect: { streams: [{ labels: { app: 'l', x: '2' }, lines: ['a=1 b=2'] }] },
  },
];

export const LOKI_SOURCE_CASES: Case[] = [
  ...UNWRAP,
  ...JSON_CASES,
  ...REJECT,
  ...PATTERN_FILTER_CASES,
  ...PARAM_EXPR_CASES,
];
