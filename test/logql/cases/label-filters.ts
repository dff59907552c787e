import { type Case, LQ, QE, QR, stream } from './types.js';

const d = `${LQ}#label-filter-expression`;
const fe = stream(
  { container: 'query-frontend', namespace: 'loki-dev' },
  'caller=metrics.go:81 duration=12s throughput_mb=100 status=200',
  'caller=metrics.go:81 duration=3s throughput_mb=100 status=200',
  'caller=metrics.go:81 duration=15s throughput_mb=900 status=500',
  'caller=other.go:12 duration=20s throughput_mb=1 status=200',
);
const req = stream(
  { app: 'api' },
  'duration=25ms size=30KB method=GET',
  'duration=5ms size=20KB method=POST',
  'duration=5ms size=10KB method=GET',
  'duration=30ms size=1KB method=201',
);
const lines = req.lines.map(([, l]) => l);

export const LABEL_FILTER_CASES: Case[] = [
  {
    doc: `${LQ}#log-queries`,
    name: 'the full example: line filter, logfmt, duration and number filters',
    streams: [fe],
    query:
      '{container="query-frontend",namespace="loki-dev"} |= "metrics.go" | logfmt | duration > 10s and throughput_mb < 500',
    expect: { lines: ['caller=metrics.go:81 duration=12s throughput_mb=100 status=200'] },
  },
  {
    doc: d,
    name: 'string equality on an extracted label',
    streams: [req],
    query: '{app="api"} | logfmt | method="POST"',
    expect: { lines: [lines[1]] },
  },
  {
    doc: d,
    name: 'string regex on an extracted label',
    streams: [req],
    query: '{app="api"} | logfmt | method=~"G.+"',
    expect: { lines: [lines[0], lines[2]] },
  },
  {
    doc: d,
    name: 'string negative regex',
    streams: [req],
    query: '{app="api"} | logfmt | method!~"2.."',
    expect: { lines: [lines[0], lines[1], lines[2]] },
  },
  {
    doc: d,
    name: 'duration comparison with units',
    streams: [req],
    query: '{app="api"} | logfmt | duration >= 25ms',
    expect: { lines: [lines[0], lines[3]] },
  },
  {
    doc: d,
    name: 'duration units: 1.5h is 90m',
    streams: [stream({ app: 'j' }, 'took=90m', 'took=1h29m', 'took=2h45m')],
    query: '{app="j"} | logfmt | took >= 1.5h',
    expect: { lines: ['took=90m', 'took=2h45m'] },
  },
  {
    doc: d,
    name: 'duration label values like 0.10ms',
    streams: [stream({ app: 'j' }, 'took=0.10ms', 'took=300us', 'took=1ms')],
    query: '{app="j"} | logfmt | took < 300ms and took > 0.2ms',
    expect: { lines: ['took=300us', 'took=1ms'] },
  },
  {
    doc: d,
    name: 'bytes comparison: KB is 1000 bytes',
    streams: [req],
    query: '{app="api"} | logfmt | size > 20KB',
    expect: { lines: [lines[0]] },
  },
  {
    doc: d,
    name: 'bytes units: 1.5KiB is 1536 bytes',
    streams: [stream({ app: 'b' }, 'size=1536B', 'size=1535', 'size=2kB')],
    query: '{app="b"} | logfmt | size >= 1.5KiB',
    expect: { lines: ['size=1536B', 'size=2kB'] },
  },
  {
    doc: d,
    name: 'bytes units: 42MB',
    streams: [stream({ app: 'b' }, 'size=42000000', 'size=41MB', 'size=40MiB')],
    query: '{app="b"} | logfmt | size == 42MB',
    expect: { lines: ['size=42000000'] },
  },
  {
    doc: d,
    name: 'number comparison with a float',
    streams: [stream({ app: 'n' }, 'v=89.923', 'v=250', 'v=89.9')],
    query: '{app="n"} | logfmt | v > 89.92',
    expect: { lines: ['v=89.923', 'v=250'] },
  },
  {
    doc: d,
    name: '== and = are both numeric equality',
    streams: [stream({ app: 'n' }, 'v=250', 'v=250.0', 'v=25')],
    query: '{app="n"} | logfmt | v == 250',
    expect: { lines: ['v=250', 'v=250.0'] },
  },
  {
    doc: d,
    name: '= with a number is numeric equality',
    streams: [stream({ app: 'n' }, 'v=250', 'v=250.0', 'v=25')],
    query: '{app="n"} | logfmt | v = 250',
    expect: { lines: ['v=250', 'v=250.0'] },
  },
  {
    doc: d,
    name: 'numeric inequality',
    streams: [stream({ app: 'n' }, 'v=250', 'v=25')],
    query: '{app="n"} | logfmt | v != 250',
    expect: { lines: ['v=25'] },
  },
  {
    doc: d,
    name: 'duration and bytes together',
    streams: [
      stream(
        { app: 'q' },
        'duration=2m bytes_consumed=30MB',
        'duration=2m bytes_consumed=3MB',
        'duration=30s bytes_consumed=30MB',
      ),
    ],
    query: '{app="q"} | logfmt | duration > 1m and bytes_consumed > 20MB',
    expect: { lines: ['duration=2m bytes_consumed=30MB'] },
  },
  {
    doc: d,
    name: 'a failed conversion keeps the line and adds __error__',
    streams: [stream({ app: 'n' }, 'v=abc', 'v=5', 'v=1')],
    query: '{app="n"} | logfmt | v > 2 | drop __error_details__',
    expect: {
      streams: [
        { labels: { app: 'n', v: 'abc', __error__: 'LabelFilterErr' }, lines: ['v=abc'] },
        { labels: { app: 'n', v: '5' }, lines: ['v=5'] },
      ],
    },
  },
  {
    doc: d,
    name: 'only a string filter removes lines with __error__',
    streams: [stream({ app: 'n' }, 'v=abc', 'v=5', 'v=1')],
    query: '{app="n"} | logfmt | v > 2 | __error__=""',
    expect: { lines: ['v=5'] },
  },
  // The docs call these forms equivalent and say predicates run left to right; Loki's grammar
  // (syntax.y: `%left OR` below `%left AND COMMA`) binds and, `,` and whitespace tighter than
  // `or`, while `|` starts a new stage. Loki's own scripts (label_filters.logqltest) agree.
  ...[
    ['| duration >= 20ms or size == 20KB and method!~"2.."', [0, 1, 3]],
    ['| duration >= 20ms or size == 20KB | method!~"2.."', [0, 1]],
    ['| duration >= 20ms or size == 20KB , method!~"2.."', [0, 1, 3]],
    ['| duration >= 20ms or size == 20KB  method=~"GET|POST"', [0, 1, 3]],
  ].map(
    ([f, want], i): Case => ({
      doc: 'loki:pkg/logql/syntax/syntax.y#labelFilter',
      name: `and written as "and", comma or space binds tighter than or; a pipe is a new stage (${i + 1}/4)`,
      streams: [req],
      query: `{app="api"} | logfmt ${f}`,
      expect: { lines: (want as number[]).map((k) => lines[k]) },
    }),
  ),
  {
    doc: 'loki:pkg/logql/syntax/syntax.y#labelFilter',
    name: '"and" binds tighter than "or"',
    streams: [req],
    query: '{app="api"} | logfmt | duration >= 20ms or method="GET" and size <= 20KB',
    expect: { lines: [lines[0], lines[2], lines[3]] },
  },
  {
    doc: d,
    name: 'explicit parentheses group "or" first',
    streams: [req],
    query: '{app="api"} | logfmt | ((duration >= 20ms or method="GET") and size <= 20KB)',
    expect: { lines: [lines[2], lines[3]] },
  },
  {
    doc: d,
    name: 'parentheses force "and" first',
    streams: [req],
    query: '{app="api"} | logfmt | duration >= 20ms or (method="GET" and size <= 20KB)',
    expect: { lines: [lines[0], lines[2], lines[3]] },
  },
  {
    doc: `${QE}#multiple-filtering-stages-examples`,
    name: 'line filters, logfmt and an or of label filters',
    streams: [
      stream(
        { cluster: 'ops-tools1', namespace: 'loki-dev', job: 'loki-dev/query-frontend' },
        'caller=metrics.go duration=31s status_code=200',
        'caller=metrics.go duration=1s status_code=500',
        'caller=metrics.go duration=1s status_code=200',
        'caller=metrics.go duration=40s status_code=200 out of order',
      ),
    ],
    query:
      '{cluster="ops-tools1", namespace="loki-dev", job="loki-dev/query-frontend"} |= "metrics.go" != "out of order" | logfmt | duration > 30s or status_code != "200"',
    expect: {
      lines: [
        'caller=metrics.go duration=31s status_code=200',
        'caller=metrics.go duration=1s status_code=500',
      ],
    },
  },
  {
    doc: `${QR}#pipeline-errors`,
    name: 'remove json errors with __error__ != "JSONParserErr"',
    streams: [stream({ cluster: 'ops-tools1', container: 'ingress-nginx' }, '{"a":"1"}', 'not json')],
    query: '{cluster="ops-tools1",container="ingress-nginx"} | json | __error__ != "JSONParserErr"',
    expect: { lines: ['{"a":"1"}'] },
  },
  {
    doc: `${QR}#pipeline-errors`,
    name: 'show only errors with __error__ != ""',
    streams: [stream({ cluster: 'ops-tools1', container: 'ingress-nginx' }, '{"a":"1"}', 'not json')],
    query: '{cluster="ops-tools1",container="ingress-nginx"} | json | __error__ != ""',
    expect: { lines: ['not json'] },
  },
];
