import { type Case, LQ, QE, QR, stream } from './types.js';

const d = `${LQ}#line-filter-expression`;
const mysql = stream(
  { job: 'mysql' },
  'level=error msg="connection refused"',
  'level=error msg="timeout waiting for lock"',
  'level=info msg="query ok"',
  'level=ERROR msg="disk full"',
);
const kafka = [
  stream(
    { instance: 'kafka-1', name: 'kafka' },
    'kafka.server:type=ReplicaManager lag',
    'tsdb-ops-7.io:2003 write',
  ),
  stream({ instance: 'kafka-2', name: 'kafka' }, 'kafka.server:type=ReplicaManager lag', 'broker up'),
  stream({ instance: 'kafka-3', name: 'kafka' }, 'tsdb-ops-1.io:2003 connect'),
];
const distributor = stream(
  { service_name: 'distributor' },
  'ts=2024-04-05T08:40:13.585911094Z caller=http.go:194 level=debug traceID=23e54a271db607cc orgID=3648 msg="POST /push.v1.PusherService/Push (200) 12.684035ms"',
  'ts=2024-04-05T08:41:06.551403339Z caller=http.go:194 level=debug traceID=54325a1a15b42e2d orgID=1218 msg="POST /push.v1.PusherService/Push (200) 1.664285ms"',
  'ts=2024-04-05T08:41:07.000000000Z caller=grpc.go:12 level=info msg="ready"',
);

export const LINE_FILTER_CASES: Case[] = [
  {
    doc: d,
    name: 'keep lines containing "error"',
    streams: [mysql],
    query: '{job="mysql"} |= "error"',
    expect: { lines: ['level=error msg="connection refused"', 'level=error msg="timeout waiting for lock"'] },
  },
  {
    doc: d,
    name: 'line filters are case-sensitive',
    streams: [mysql],
    query: '{job="mysql"} |= "ERROR"',
    expect: { lines: ['level=ERROR msg="disk full"'] },
  },
  {
    doc: d,
    name: 'discard lines with a substring',
    streams: kafka,
    query: '{instance=~"kafka-[23]",name="kafka"} != "kafka.server:type=ReplicaManager"',
    expect: { lines: ['broker up', 'tsdb-ops-1.io:2003 connect'] },
  },
  {
    doc: d,
    name: 'regex line filter is not anchored',
    streams: kafka,
    query: '{name="kafka"} |~ "tsdb-ops.*io:2003"',
    expect: { lines: ['tsdb-ops-7.io:2003 write', 'tsdb-ops-1.io:2003 connect'] },
  },
  {
    doc: d,
    name: 'backticked regex with \\w',
    streams: [stream({ name: 'cassandra' }, 'error=Timeout on read', 'error= none', 'ok')],
    query: '{name="cassandra"} |~  `error=\\w+`',
    expect: { lines: ['error=Timeout on read'] },
  },
  {
    doc: `${LQ}#log-queries`,
    name: 'backticks are the same as an escaped double-quoted string',
    streams: [stream({ name: 'cassandra' }, 'error=Timeout on read', 'error= none')],
    query: '{name="cassandra"} |~ "error=\\\\w+"',
    expect: { lines: ['error=Timeout on read'] },
  },
  {
    doc: d,
    name: 'chained filters: contains error and not timeout',
    streams: [mysql],
    query: '{job="mysql"} |= "error" != "timeout"',
    expect: { lines: ['level=error msg="connection refused"'] },
  },
  {
    doc: d,
    name: '(?i) makes a regex filter case-insensitive',
    streams: [mysql],
    query: '{job="mysql"} |~ "(?i)level=error"',
    expect: {
      lines: [
        'level=error msg="connection refused"',
        'level=error msg="timeout waiting for lock"',
        'level=ERROR msg="disk full"',
      ],
    },
  },
  {
    doc: d,
    name: 'negative regex filter',
    streams: [mysql],
    query: '{job="mysql"} !~ "level=(error|ERROR)"',
    expect: { lines: ['level=info msg="query ok"'] },
  },
  {
    doc: d,
    name: 'in a line filter regex . matches newlines',
    streams: [stream({ job: 'ml' }, 'panic:\ngoroutine 1', 'fine')],
    query: '{job="ml"} |~ "panic:.goroutine"',
    expect: { lines: ['panic:\ngoroutine 1'] },
  },
  {
    doc: d,
    name: 'a filter after the parser gives the same lines as one before it',
    streams: [stream({ job: 'mysql' }, '{"err":"boom error"}', '{"err":"fine"}')],
    query: '{job="mysql"} | json | line_format "{{.err}}" |= "error"',
    expect: { lines: ['boom error'] },
  },
  {
    doc: d,
    name: 'a filter before the parser (the faster form)',
    streams: [stream({ job: 'mysql' }, '{"err":"boom error"}', '{"err":"fine"}')],
    query: '{job="mysql"} |= "error" | json | line_format "{{.err}}"',
    expect: { lines: ['boom error'] },
  },
  {
    doc: `${QR}#pattern-match-filter-operators`,
    name: 'line match pattern |>',
    streams: [distributor],
    query:
      '{service_name=`distributor`} |> `<_> caller=http.go:194 level=debug <_> msg="POST /push.v1.PusherService/Push <_>`',
    expect: { lines: [distributor.lines[0][1], distributor.lines[1][1]] },
  },
  {
    doc: `${QR}#pattern-match-filter-operators`,
    name: 'line match not pattern !>',
    streams: [distributor],
    query:
      '{service_name=`distributor`} !> `<_> caller=http.go:194 level=debug <_> msg="POST /push.v1.PusherService/Push <_>`',
    expect: { lines: [distributor.lines[2][1]] },
  },
  {
    doc: `${LQ}#removing-color-codes`,
    name: 'decolorize strips ANSI sequences',
    streams: [
      stream(
        { job: 'example' },
        '[2022-11-04 22:17:57.811] \u001b[0;32mhttp\u001b[0m: GET /_health (0 ms) 204',
      ),
    ],
    query: '{job="example"} | decolorize',
    expect: { lines: ['[2022-11-04 22:17:57.811] http: GET /_health (0 ms) 204'] },
  },
  {
    doc: `${QE}#log-line-formatting-examples`,
    name: 'decolorize makes the line easier to parse further',
    streams: [stream({ job: 'example' }, '\u001b[1;31mERROR\u001b[0m disk full')],
    query: '{job="example"} | decolorize |= "ERROR disk"',
    expect: { lines: ['ERROR disk full'] },
  },
  {
    doc: `${QR}#comments`,
    name: 'a # comment ends the query text on its line',
    streams: [mysql],
    query: '{job="mysql"} |= "refused" # anything after is ignored',
    expect: { lines: ['level=error msg="connection refused"'] },
  },
  {
    doc: `${QR}#comments`,
    name: 'comment lines inside a multi-line query',
    streams: [stream({ app: 'foo' }, '{"bar":"baz"}', '{"bar":"qux"}')],
    query:
      '{app="foo"}\n    | json\n    # this line will be ignored\n    | bar="baz" # this checks if bar = "baz"',
    expect: { lines: ['{"bar":"baz"}'] },
  },
];
