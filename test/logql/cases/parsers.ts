import { type Case, LQ, stream } from './types.js';

const json = `${LQ}#json`;
const logfmt = `${LQ}#logfmt`;
const pattern = `${LQ}#pattern`;
const regexp = `${LQ}#regular-expression`;
const unpack = `${LQ}#unpack`;
const parser = `${LQ}#parser-expression`;

const doc = JSON.stringify({
  protocol: 'HTTP/2.0',
  servers: ['129.0.1.1', '10.2.1.3'],
  request: {
    time: '6.032',
    method: 'GET',
    host: 'foo.grafana.net',
    size: '55',
    headers: { Accept: '*/*', 'User-Agent': 'curl/7.68.0' },
  },
  response: { status: 401, size: '228', latency_seconds: '6.031' },
});
const nginxJson = stream({ job: 'nginx' }, doc);
const fmtLine = 'at=info method=GET path=/ host=grafana.net fwd="124.133.124.161" service=8ms status=200';
const fmt = stream({ job: 'web' }, fmtLine);
const nginxLine =
  '0.191.12.2 - - [10/Jun/2021:09:14:29 +0000] "GET /api/plugins/versioncheck HTTP/1.1" 200 2 "-" "Go-http-client/2.0" "13.76.247.102, 34.120.177.193" "TLSv1.2" "US" ""';
const loki =
  'level=debug ts=2021-06-10T09:24:13.472094048Z caller=logging.go:66 traceID=0568b66ad2d9294c msg="POST /loki/api/v1/push (204) 16.652862ms"';

export const PARSER_CASES: Case[] = [
  {
    doc: json,
    name: 'json without parameters flattens nested properties with _ and skips arrays',
    streams: [nginxJson],
    query: '{job="nginx"} | json',
    expect: {
      streams: [
        {
          labels: {
            job: 'nginx',
            protocol: 'HTTP/2.0',
            request_time: '6.032',
            request_method: 'GET',
            request_host: 'foo.grafana.net',
            request_size: '55',
            request_headers_Accept: '*/*',
            request_headers_User_Agent: 'curl/7.68.0',
            response_status: '401',
            response_size: '228',
            response_latency_seconds: '6.031',
          },
          lines: [doc],
        },
      ],
    },
  },
  {
    doc: json,
    name: 'json with parameters extracts array elements and quoted keys',
    streams: [nginxJson],
    query: '{job="nginx"} | json first_server="servers[0]", ua="request.headers[\\"User-Agent\\"]"',
    expect: {
      streams: [{ labels: { job: 'nginx', first_server: '129.0.1.1', ua: 'curl/7.68.0' }, lines: [doc] }],
    },
  },
  {
    doc: json,
    name: 'json parameters that select an array or object keep it as JSON text',
    streams: [
      stream(
        { job: 'nginx' },
        '{"servers": ["129.0.1.1","10.2.1.3"], "request": {"headers": {"Accept": "*/*", "User-Agent": "curl/7.68.0"}}}',
      ),
    ],
    query: '{job="nginx"} | json server_list="servers", headers="request.headers"',
    expect: {
      streams: [
        {
          labels: {
            job: 'nginx',
            server_list: '["129.0.1.1","10.2.1.3"]',
            headers: '{"Accept": "*/*", "User-Agent": "curl/7.68.0"}',
          },
          lines: [
            '{"servers": ["129.0.1.1","10.2.1.3"], "request": {"headers": {"Accept": "*/*", "User-Agent": "curl/7.68.0"}}}',
          ],
        },
      ],
    },
  },
  {
    doc: json,
    name: '| json servers is the same as | json servers="servers"',
    streams: [nginxJson],
    query: '{job="nginx"} | json servers | line_format "{{.servers}}"',
    expect: { lines: ['["129.0.1.1","10.2.1.3"]'] },
  },
  {
    doc: json,
    name: 'json parameter with nested field access',
    streams: [nginxJson],
    query: '{job="nginx"} | json m="request.method", s="response.status" | line_format "{{.m}} {{.s}}"',
    expect: { lines: ['GET 401'] },
  },
  {
    doc: parser,
    name: 'extracted keys are sanitized: {"a.b": {"c": "d"}, "e": "f"} gives a_b_c and e',
    streams: [stream({ job: 'x' }, '{ "a.b": {"c": "d"}, "e": "f" }')],
    query: '{job="x"} | json',
    expect: {
      streams: [{ labels: { job: 'x', a_b_c: 'd', e: 'f' }, lines: ['{ "a.b": {"c": "d"}, "e": "f" }'] }],
    },
  },
  {
    doc: parser,
    name: 'a key that exists as a stream label gets the _extracted suffix',
    streams: [stream({ job: 'x', level: 'info' }, '{"level":"error"}')],
    query: '{job="x"} | json',
    expect: {
      streams: [
        { labels: { job: 'x', level: 'info', level_extracted: 'error' }, lines: ['{"level":"error"}'] },
      ],
    },
  },
  {
    doc: parser,
    name: 'if an extracted key appears twice only the first value is kept',
    streams: [stream({ job: 'x' }, 'level=warn level=error')],
    query: '{job="x"} | logfmt',
    expect: { streams: [{ labels: { job: 'x', level: 'warn' }, lines: ['level=warn level=error'] }] },
  },
  {
    doc: parser,
    name: 'a line in the wrong format is kept with __error__',
    streams: [stream({ job: 'x' }, 'plain text')],
    query: '{job="x"} | json | line_format "{{.__error__}}"',
    expect: { lines: ['JSONParserErr'] },
  },
  {
    doc: parser,
    name: 'several parsers in one pipeline',
    streams: [stream({ job: 'x' }, '{"msg":"user=alice action=login"}')],
    query: '{job="x"} | json | line_format "{{.msg}}" | logfmt | line_format "{{.user}}:{{.action}}"',
    expect: { lines: ['alice:login'] },
  },
  {
    doc: logfmt,
    name: 'logfmt without parameters extracts every key',
    streams: [fmt],
    query: '{job="web"} | logfmt',
    expect: {
      streams: [
        {
          labels: {
            job: 'web',
            at: 'info',
            method: 'GET',
            path: '/',
            host: 'grafana.net',
            fwd: '124.133.124.161',
            service: '8ms',
            status: '200',
          },
          lines: [fmtLine],
        },
      ],
    },
  },
  {
    doc: logfmt,
    name: 'logfmt with parameters extracts and renames only the named keys',
    streams: [fmt],
    query: '{job="web"} | logfmt host, fwd_ip="fwd"',
    expect: {
      streams: [{ labels: { job: 'web', host: 'grafana.net', fwd_ip: '124.133.124.161' }, lines: [fmtLine] }],
    },
  },
  {
    doc: logfmt,
    name: 'non-strict mode skips a pair with no key and goes on',
    streams: [stream({ job: 'w' }, 'a=1 =value b=2')],
    query: '{job="w"} | logfmt',
    expect: { streams: [{ labels: { job: 'w', a: '1', b: '2' }, lines: ['a=1 =value b=2'] }] },
  },
  {
    doc: logfmt,
    name: '--strict stops at a pair with no key and reports an error',
    streams: [stream({ job: 'w' }, 'a=1 =value b=2')],
    query: '{job="w"} | logfmt --strict | line_format "{{.__error__}} a={{.a}} b={{.b}}"',
    expect: { lines: ['LogfmtParserErr a=1 b='] },
  },
  {
    doc: logfmt,
    name: '--strict rejects foo=bar=buzz',
    streams: [stream({ job: 'w' }, 'foo=bar=buzz')],
    query: '{job="w"} | logfmt --strict | __error__="LogfmtParserErr"',
    expect: { lines: ['foo=bar=buzz'] },
  },
  {
    doc: logfmt,
    name: '--strict rejects a quote inside a key',
    streams: [stream({ job: 'w' }, 'fo"o=bar')],
    query: '{job="w"} | logfmt --strict | __error__="LogfmtParserErr"',
    expect: { lines: ['fo"o=bar'] },
  },
  {
    doc: logfmt,
    name: '--strict accepts quoted values',
    streams: [stream({ job: 'w' }, 'key=value key2="value in double quotes"')],
    query: '{job="w"} | logfmt --strict | __error__="" | line_format "{{.key2}}"',
    expect: { lines: ['value in double quotes'] },
  },
  {
    doc: logfmt,
    name: 'flags come before the extraction parameters',
    streams: [fmt],
    query: '{job="web"} | logfmt --keep-empty --strict host',
    expect: { streams: [{ labels: { job: 'web', host: 'grafana.net' }, lines: [fmtLine] }] },
  },
  {
    doc: logfmt,
    name: 'a standalone key requested explicitly needs no --keep-empty',
    streams: [stream({ job: 'w' }, 'debug a=1')],
    query: '{job="w"} | logfmt debug, a | line_format "[{{.debug}}] {{.a}}"',
    expect: { lines: ['[] 1'] },
  },
  {
    doc: pattern,
    name: 'the NGINX example',
    streams: [stream({ job: 'nginx' }, nginxLine)],
    query: '{job="nginx"} | pattern `<ip> - - <_> "<method> <uri> <_>" <status> <size> <_> "<agent>" <_>`',
    expect: {
      streams: [
        {
          labels: {
            job: 'nginx',
            ip: '0.191.12.2',
            method: 'GET',
            uri: '/api/plugins/versioncheck',
            status: '200',
            size: '2',
            agent: 'Go-http-client/2.0',
          },
          lines: [nginxLine],
        },
      ],
    },
  },
  {
    doc: pattern,
    name: 'a leading <_> unanchors the expression',
    streams: [stream({ job: 'loki' }, loki)],
    query: '{job="loki"} | pattern `<_> msg="<method> <path> (<status>) <latency>"`',
    expect: {
      streams: [
        {
          labels: {
            job: 'loki',
            method: 'POST',
            path: '/loki/api/v1/push',
            status: '204',
            latency: '16.652862ms',
          },
          lines: [loki],
        },
      ],
    },
  },
  {
    doc: pattern,
    name: 'an expression starting with literals is anchored at the line start',
    streams: [stream({ job: 'loki' }, loki)],
    query: '{job="loki"} | pattern `msg="<method> <path> (<status>) <latency>"`',
    expect: { streams: [{ labels: { job: 'loki' }, lines: [loki] }] },
  },
  {
    doc: pattern,
    name: 'the last capture runs to the end of the line',
    streams: [stream({ job: 'p' }, 'GET /index.html took 5ms')],
    query: '{job="p"} | pattern `<method> <rest>` | line_format "{{.rest}}"',
    expect: { lines: ['/index.html took 5ms'] },
  },
  {
    // The docs say the parser stops; pattern.Matcher.Matches also gives the capture before the
    // missing literal the rest of the line ("if a capture is missed we return up to the end").
    doc: 'loki:pkg/logql/log/pattern/pattern.go#Matcher.Matches',
    name: 'when a literal is not found the parser stops; the capture before it takes the rest',
    streams: [stream({ job: 'p' }, 'GET /x')],
    query: '{job="p"} | pattern `<method> <path> (<status>)`',
    expect: { streams: [{ labels: { job: 'p', method: 'GET', path: '/x' }, lines: ['GET /x'] }] },
  },
  {
    doc: pattern,
    name: 'a pattern needs at least one named capture',
    streams: [stream({ job: 'p' }, 'a b')],
    query: '{job="p"} | pattern `<_> <_>`',
    expect: { error: 'at least one capture is required' },
  },
  {
    doc: pattern,
    name: 'two consecutive captures are invalid',
    streams: [stream({ job: 'p' }, 'ab')],
    query: '{job="p"} | pattern `<a><b>`',
    expect: { error: 'consecutive capture' },
  },
  {
    doc: regexp,
    name: 'named sub-matches become labels',
    streams: [stream({ job: 'q' }, 'POST /api/prom/api/v1/query_range (200) 1.5s')],
    query:
      '{job="q"} | regexp "(?P<method>\\\\w+) (?P<path>[\\\\w|/]+) \\\\((?P<status>\\\\d+?)\\\\) (?P<duration>.*)"',
    expect: {
      streams: [
        {
          labels: {
            job: 'q',
            method: 'POST',
            path: '/api/prom/api/v1/query_range',
            status: '200',
            duration: '1.5s',
          },
          lines: ['POST /api/prom/api/v1/query_range (200) 1.5s'],
        },
      ],
    },
  },
  {
    doc: regexp,
    name: 'a regexp without a named sub-match is rejected',
    streams: [stream({ job: 'q' }, 'x')],
    query: '{job="q"} | regexp "(\\\\w+)"',
    expect: { error: 'named capture' },
  },
  {
    doc: regexp,
    name: 'a line that does not match extracts nothing',
    streams: [stream({ job: 'q' }, 'nothing here')],
    query: '{job="q"} | regexp "status=(?P<status>\\\\d+)"',
    expect: { streams: [{ labels: { job: 'q' }, lines: ['nothing here'] }] },
  },
  {
    doc: unpack,
    name: 'unpack extracts embedded labels and replaces the line with _entry',
    streams: [
      stream({ job: 'packed' }, '{"container":"myapp","pod":"pod-3223f","_entry":"original log message"}'),
    ],
    query: '{job="packed"} | unpack',
    expect: {
      streams: [
        { labels: { job: 'packed', container: 'myapp', pod: 'pod-3223f' }, lines: ['original log message'] },
      ],
    },
  },
  {
    doc: unpack,
    name: 'unpack combined with json on the embedded line',
    streams: [stream({ job: 'packed' }, JSON.stringify({ pod: 'p1', _entry: '{"level":"error"}' }))],
    query: '{job="packed"} | unpack | json',
    expect: {
      streams: [{ labels: { job: 'packed', pod: 'p1', level: 'error' }, lines: ['{"level":"error"}'] }],
    },
  },
  {
    doc: unpack,
    name: 'unpack on a line that is not JSON adds __error__',
    streams: [stream({ job: 'packed' }, 'not json')],
    query: '{job="packed"} | unpack | __error__!=""',
    expect: { lines: ['not json'] },
  },
];
