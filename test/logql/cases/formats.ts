import { type Case, LQ, QE, stream } from './types.js';

const lf = `${LQ}#line-format-expression`;
const lbf = `${LQ}#labels-format-expression`;
const drop = `${LQ}#drop-labels-expression`;
const keep = `${LQ}#keep-labels-expression`;

const varlogs1 = '{"level": "info", "method": "GET", "path": "/", "host": "grafana.net", "status": "200"}';
const varlogs2 = '{"level": "info", "method": "POST", "path": "/", "host": "grafana.net", "status": "200"}';
const api1 =
  '{"app": "some-api-service", "level": "info", "method": "GET", "path": "/", "host": "grafana.net", "status": "200"}';
const api2 =
  '{"app": "other-service", "level": "info", "method": "GET", "path": "/", "host": "grafana.net", "status": "200"}';

export const FORMAT_CASES: Case[] = [
  {
    doc: lf,
    name: 'rewrite the line from extracted labels',
    streams: [stream({ container: 'frontend' }, 'query="sum(rate(x[1m]))" duration=1.2s status=200')],
    query: '{container="frontend"} | logfmt | line_format "{{.query}} {{.duration}}"',
    expect: { lines: ['sum(rate(x[1m])) 1.2s'] },
  },
  {
    doc: lf,
    name: 'math functions: div .duration 1000',
    streams: [stream({ container: 'frontend' }, 'ip=1.1.1.1 status=200 duration=3000')],
    query: '{container="frontend"} | logfmt | line_format "{{.ip}} {{.status}} {{div .duration 1000}}"',
    expect: { lines: ['1.1.1.1 200 3'] },
  },
  {
    doc: lf,
    name: 'backticks avoid escaping',
    streams: [stream({ container: 'frontend' }, 'a=1')],
    query: '{container="frontend"} | logfmt | line_format `"{{.a}}"`',
    expect: { lines: ['"1"'] },
  },
  {
    doc: lf,
    name: 'line_format does not change labels',
    streams: [stream({ container: 'frontend' }, 'a=1')],
    query: '{container="frontend"} | logfmt | line_format "x"',
    expect: { streams: [{ labels: { container: 'frontend', a: '1' }, lines: ['x'] }] },
  },
  {
    doc: `${QE}#examples-that-use-multiple-parsers`,
    name: 'logfmt, line_format, then regexp on the new line',
    streams: [
      stream(
        { job: 'loki-ops/query-frontend' },
        'level=debug ts=2020-10-02T10:10:42.092268913Z caller=logging.go:66 traceID=a9d4d8a928d8db1 msg="POST /api/prom/api/v1/query_range (200) 1.5s"',
      ),
    ],
    query:
      '{job="loki-ops/query-frontend"} | logfmt | line_format "{{.msg}}" | regexp "(?P<method>\\\\w+) (?P<path>[\\\\w|/]+) \\\\((?P<status>\\\\d+?)\\\\) (?P<duration>.*)" | line_format "{{.method}} {{.path}} {{.status}} {{.duration}}"',
    expect: { lines: ['POST /api/prom/api/v1/query_range 200 1.5s'] },
  },
  {
    doc: `${QE}#log-line-formatting-examples`,
    name: 'label_format with Replace, then a tabular line_format with printf',
    streams: [
      stream(
        { cluster: 'ops-tools1', name: 'querier', namespace: 'loki-dev' },
        'level=info ts=2020-10-23T20:32:18.094668233Z caller=metrics.go:81 traceID=1980d41501b57b68 query="{cluster=\\"ops-tools1\\"}\\n|= \\"x\\"" duration=650.22401ms',
        'level=info ts=2020-10-23T20:32:19Z caller=metrics.go:81 traceID=1 query="" duration=1ms loki-canary',
      ),
    ],
    query:
      '{cluster="ops-tools1", name="querier", namespace="loki-dev"} |= "metrics.go" != "loki-canary" | logfmt | query != "" | label_format query="{{ Replace .query \\"\\\\n\\" \\"\\" -1 }}" | line_format "{{ .ts}}\\t{{.duration}}\\ttraceID = {{.traceID}}\\t{{ printf \\"%-20.20s\\" .query }}|"',
    expect: {
      lines: [
        '2020-10-23T20:32:18.094668233Z\t650.22401ms\ttraceID = 1980d41501b57b68\t{cluster="ops-tools1|',
      ],
    },
  },
  {
    doc: lbf,
    name: 'dst=src renames and drops src',
    streams: [stream({ job: 'x' }, 'status=500')],
    query: '{job="x"} | logfmt | label_format code=status',
    expect: { streams: [{ labels: { job: 'x', code: '500' }, lines: ['status=500'] }] },
  },
  {
    doc: lbf,
    name: 'a template keeps the referenced labels',
    streams: [stream({ job: 'x' }, 'status=500 query=up')],
    query: '{job="x"} | logfmt | label_format dst="{{.status}} {{.query}}"',
    expect: {
      streams: [
        { labels: { job: 'x', status: '500', query: 'up', dst: '500 up' }, lines: ['status=500 query=up'] },
      ],
    },
  },
  {
    doc: lbf,
    name: 'a missing destination label is created; several operations at once',
    streams: [stream({ job: 'x' }, 'a=1 b=2')],
    query: '{job="x"} | logfmt | label_format c="{{.a}}{{.b}}", d=a',
    expect: { streams: [{ labels: { job: 'x', b: '2', c: '12', d: '1' }, lines: ['a=1 b=2'] }] },
  },
  {
    doc: lbf,
    name: 'a label name may appear only once per expression',
    streams: [stream({ job: 'x' }, 'a=1')],
    query: '{job="x"} | logfmt | label_format foo=bar,foo="new"',
    expect: { error: "multiple label name 'foo'" },
  },
  {
    doc: lbf,
    name: 'two expressions give the intended effect',
    streams: [stream({ job: 'x' }, 'bar=1')],
    query: '{job="x"} | logfmt | label_format foo=bar | label_format foo="new"',
    expect: { streams: [{ labels: { job: 'x', foo: 'new' }, lines: ['bar=1'] }] },
  },
  {
    doc: lbf,
    name: 'label_format can override a stream label',
    streams: [stream({ job: 'x', level: 'info' }, 'level=error')],
    query: '{job="x"} | logfmt | label_format level=level_extracted',
    expect: { streams: [{ labels: { job: 'x', level: 'error' }, lines: ['level=error'] }] },
  },
  {
    doc: drop,
    name: 'drop names and a name with a value',
    streams: [stream({ job: 'varlogs' }, varlogs1)],
    query: '{job="varlogs"}|json|drop level, method="GET"',
    expect: {
      streams: [
        { labels: { job: 'varlogs', host: 'grafana.net', path: '/', status: '200' }, lines: [varlogs1] },
      ],
    },
  },
  {
    doc: drop,
    name: 'drop __error__',
    streams: [stream({ job: 'varlogs' }, 'INFO GET / loki.net 200')],
    query: '{job="varlogs"}|json|drop __error__, __error_details__',
    expect: { streams: [{ labels: { job: 'varlogs' }, lines: ['INFO GET / loki.net 200'] }] },
  },
  {
    doc: drop,
    name: 'drop with a regex matcher and several names',
    streams: [stream({ job: 'varlogs' }, api1, api2)],
    query: '{job="varlogs"}|json|drop level, path, app=~"some-api.*"',
    expect: {
      streams: [
        { labels: { host: 'grafana.net', job: 'varlogs', method: 'GET', status: '200' }, lines: [api1] },
        {
          labels: { app: 'other-service', host: 'grafana.net', job: 'varlogs', method: 'GET', status: '200' },
          lines: [api2],
        },
      ],
    },
  },
  {
    doc: keep,
    name: 'keep names, and a name only with a matching value',
    streams: [stream({ job: 'varlogs' }, varlogs1, varlogs2)],
    query: '{job="varlogs"}|json|keep level, method="GET"',
    expect: {
      streams: [
        { labels: { level: 'info', method: 'GET' }, lines: [varlogs1] },
        { labels: { level: 'info' }, lines: [varlogs2] },
      ],
    },
  },
  {
    doc: keep,
    name: 'keep with a regex matcher',
    streams: [stream({ job: 'varlogs' }, api1, api2)],
    query: '{job="varlogs"}|json|keep level, tenant, app=~"some-api.*"',
    expect: {
      streams: [
        { labels: { app: 'some-api-service', level: 'info' }, lines: [api1] },
        { labels: { level: 'info' }, lines: [api2] },
      ],
    },
  },
  {
    doc: keep,
    name: 'keep does not drop __error__',
    streams: [stream({ job: 'varlogs' }, 'not json')],
    query: '{job="varlogs"}|json|keep job|drop __error_details__',
    expect: { streams: [{ labels: { job: 'varlogs', __error__: 'JSONParserErr' }, lines: ['not json'] }] },
  },
];
