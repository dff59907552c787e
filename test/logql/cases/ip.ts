/**
 * `ip("...")` in line and label filters (docs: log_queries#matching-ip-addresses; source:
 * pkg/logql/log/ip.go, IPLineFilter and IPLabelFilter, which read addresses as Go's netip does).
 */
import { type Case, LQ, stream } from './types.js';

const d = `${LQ}#matching-ip-addresses`;
const IP_GO = 'loki:pkg/logql/log/ip.go#IPLineFilter';
const IP_LABEL = 'loki:pkg/logql/log/ip.go#IPLabelFilter';

/** [pattern, line, kept by `|= ip(pattern)`]. */
const LINE_ROWS: [string, string, boolean][] = [
  ['192.168.4.5', 'client 192.168.4.5 connected', true],
  ['192.168.4.5', 'client 192.168.4.50 connected', false],
  ['192.168.4.5', 'client 192.168.4.4 connected', false],
  ['192.168.4.5', 'no address here', false],
  ['192.168.4.5', 'addr=192.168.4.5,port=80', true],
  ['192.168.4.5', 'host:192.168.4.5', true],
  ['192.168.4.5', '[192.168.4.5]', true],
  ['192.168.4.5', '192.168.4.5', true],
  ['192.168.4.5', 'v=192.168.004.005', false],
  ['192.168.4.0/24', 'from 192.168.4.200', true],
  ['192.168.4.0/24', 'from 192.168.5.1', false],
  ['192.168.4.0/24', 'from 192.168.4.0', true],
  ['10.0.0.0/8', 'a=10.255.255.255 b', true],
  ['10.0.0.0/8', 'a=11.0.0.1 b', false],
  ['0.0.0.0/0', 'any 8.8.8.8 address', true],
  ['192.168.4.5/32', 'exactly 192.168.4.5', true],
  ['192.168.4.5/32', 'exactly 192.168.4.6', false],
  ['192.168.4.5-192.168.4.20', 'ip 192.168.4.5', true],
  ['192.168.4.5-192.168.4.20', 'ip 192.168.4.20', true],
  ['192.168.4.5-192.168.4.20', 'ip 192.168.4.12', true],
  ['192.168.4.5-192.168.4.20', 'ip 192.168.4.21', false],
  ['192.168.4.5-192.168.4.20', 'ip 192.168.4.4', false],
  ['::1', 'peer ::1 closed', true],
  ['::1', 'peer ::1', false],
  ['192.168.4.5', 'abc192.168.4.5', true],
  ['192.168.4.5', 'x=192.168.4.5.6', false],
  ['::1', 'peer ::2 closed', false],
  ['2001:db8::/32', 'src=2001:db8:85a3::8a2e:370:7334 ok', true],
  ['2001:db8::/32', 'src=2001:db9::1 ok', false],
  ['2001:db8::1', 'src=2001:0db8:0000:0000:0000:0000:0000:0001 ok', true],
  ['2001:db8::1-2001:db8::ff', 'v6 2001:db8::80 in range', true],
  ['2001:db8::1-2001:db8::ff', 'v6 2001:db8::100 out of range', false],
  ['192.168.4.5', 'v6 ::ffff:c0a8:405 mapped', false],
  ['192.168.4.0/24', 'two 10.0.0.1 and 192.168.4.9', true],
  ['192.168.4.0/24', 'version 1.2.3 only', false],
];

function lineCase([pattern, line, kept]: [string, string, boolean], i: number): Case[] {
  const streams = [stream({ app: 'net' }, line)];
  return [
    {
      doc: i % 2 ? IP_GO : d,
      name: `|= ip("${pattern}") ${kept ? 'keeps' : 'drops'} ${JSON.stringify(line)}`,
      streams,
      query: `{app="net"} |= ip("${pattern}")`,
      expect: { lines: kept ? [line] : [] },
    },
    {
      doc: IP_GO,
      name: `!= ip("${pattern}") ${kept ? 'drops' : 'keeps'} ${JSON.stringify(line)}`,
      streams,
      query: `{app="net"} != ip("${pattern}")`,
      expect: { lines: kept ? [] : [line] },
    },
  ];
}

/** [pattern, label value (undefined: absent), matched by `addr = ip(pattern)`]. */
const LABEL_ROWS: [string, string, boolean][] = [
  ['192.168.4.5', '192.168.4.5', true],
  ['192.168.4.5', '192.168.4.6', false],
  ['192.168.0.0/16', '192.168.77.1', true],
  ['192.168.0.0/16', '192.169.0.1', false],
  ['10.0.0.1-10.0.0.9', '10.0.0.9', true],
  ['10.0.0.1-10.0.0.9', '10.0.0.10', false],
  // ip.go needs five characters from an IPv6 candidate's start to the end: a bare `::1` is missed.
  ['::1', '::1', false],
  ['::1', '::1 up', true],
  ['192.168.4.5', 'not-an-ip', false],
  // The value is searched as a line is, so an address inside it matches.
  ['192.168.4.5', 'x 192.168.4.5', true],
];

function labelCase([pattern, value, hit]: [string, string, boolean]): Case[] {
  const line = `addr="${value}"`;
  const streams = [stream({ app: 'net' }, line)];
  return [
    {
      doc: d,
      name: `addr = ip("${pattern}") on ${JSON.stringify(value)}`,
      streams,
      query: `{app="net"} | logfmt | addr = ip("${pattern}")`,
      expect: { lines: hit ? [line] : [] },
    },
    {
      doc: IP_LABEL,
      name: `addr != ip("${pattern}") on ${JSON.stringify(value)}`,
      streams,
      query: `{app="net"} | logfmt | addr != ip("${pattern}")`,
      expect: { lines: hit ? [] : [line] },
    },
  ];
}

const nginx = stream(
  { job: 'nginx' },
  '192.168.4.5 - - "GET /a HTTP/1.1" 200',
  '10.1.1.1 - - "GET /b HTTP/1.1" 500',
  '172.16.0.3 - - "GET /c HTTP/1.1" 404',
);

export const IP_CASES: Case[] = [
  ...LINE_ROWS.flatMap(lineCase),
  ...LABEL_ROWS.flatMap(labelCase),
  {
    doc: d,
    name: 'ip() as the first term of an or chain, a plain string after it',
    streams: [nginx],
    query: '{job="nginx"} |= ip("192.168.4.0/24") or "500"',
    expect: { lines: ['192.168.4.5 - - "GET /a HTTP/1.1" 200', '10.1.1.1 - - "GET /b HTTP/1.1" 500'] },
  },
  {
    doc: d,
    name: 'ip() as the last term of an or chain',
    streams: [nginx],
    query: '{job="nginx"} |= "404" or ip("10.0.0.0/8")',
    expect: { lines: ['10.1.1.1 - - "GET /b HTTP/1.1" 500', '172.16.0.3 - - "GET /c HTTP/1.1" 404'] },
  },
  {
    doc: IP_GO,
    name: 'two ip() terms in one or chain, then another filter',
    streams: [nginx],
    query: '{job="nginx"} |= ip("192.168.4.5") or ip("172.16.0.0/12") != "404"',
    expect: { lines: ['192.168.4.5 - - "GET /a HTTP/1.1" 200'] },
  },
  {
    doc: IP_GO,
    name: 'a negated or chain with ip() drops lines matching any term',
    streams: [nginx],
    query: '{job="nginx"} != ip("192.168.4.5") or "500"',
    expect: { lines: ['172.16.0.3 - - "GET /c HTTP/1.1" 404'] },
  },
  {
    doc: d,
    name: 'ip() label filter after a pattern parser, as in the documentation',
    streams: [nginx],
    query: '{job="nginx"} | pattern "<ip> - - <_>" | ip = ip("192.168.4.5-192.168.4.20")',
    expect: { lines: ['192.168.4.5 - - "GET /a HTTP/1.1" 200'] },
  },
  {
    doc: d,
    name: 'ip() label filter combined with or',
    streams: [nginx],
    query: '{job="nginx"} | pattern "<ip> - - <_>" | ip = ip("10.0.0.0/8") or ip = ip("172.16.0.3")',
    expect: { lines: ['10.1.1.1 - - "GET /b HTTP/1.1" 500', '172.16.0.3 - - "GET /c HTTP/1.1" 404'] },
  },
  {
    doc: d,
    name: 'count of lines from one subnet',
    streams: [nginx],
    query: 'count_over_time({job="nginx"} |= ip("10.0.0.0/8") [5m])',
    expect: { vector: [[{ job: 'nginx' }, 1]] },
  },
  {
    doc: IP_LABEL,
    name: 'a missing label fails addr = ip()',
    streams: [stream({ app: 'net' }, 'msg=none')],
    query: '{app="net"} | logfmt | addr = ip("10.0.0.1")',
    expect: { lines: [] },
  },
  {
    doc: IP_LABEL,
    name: 'a missing label fails addr != ip() too',
    streams: [stream({ app: 'net' }, 'msg=none')],
    query: '{app="net"} | logfmt | addr != ip("10.0.0.1")',
    expect: { lines: [] },
  },
  {
    doc: IP_LABEL,
    name: 'an entry with an error passes an ip() label filter',
    streams: [stream({ app: 'net' }, 'not json')],
    query: '{app="net"} | json | addr = ip("10.0.0.1")',
    expect: { lines: ['not json'] },
  },
  {
    doc: IP_GO,
    name: 'a range written with spaces is not a pattern',
    streams: [nginx],
    query: '{job="nginx"} |= ip("10.0.0.1 - 10.0.0.9")',
    expect: { error: 'ip: invalid pattern: "10.0.0.1 - 10.0.0.9"' },
  },
  {
    doc: IP_GO,
    name: 'a prefix with a leading zero in its bits is not a pattern',
    streams: [nginx],
    query: '{job="nginx"} |= ip("10.0.0.0/08")',
    expect: { error: 'ip: invalid pattern' },
  },
  {
    doc: IP_GO,
    name: 'an address that does not parse fails the query',
    streams: [nginx],
    query: '{job="nginx"} |= ip("192.168.4")',
    expect: { error: 'ip: invalid pattern' },
  },
  {
    doc: IP_GO,
    name: 'a CIDR with too many bits fails the query',
    streams: [nginx],
    query: '{job="nginx"} |= ip("10.0.0.0/33")',
    expect: { error: 'ip: invalid pattern' },
  },
  {
    doc: IP_GO,
    name: 'a range from IPv4 to IPv6 fails the query',
    streams: [nginx],
    query: '{job="nginx"} |= ip("10.0.0.1-::1")',
    expect: { error: 'ip: invalid pattern' },
  },
  {
    doc: IP_LABEL,
    name: 'a bad pattern in a label filter fails the query',
    streams: [nginx],
    query: '{job="nginx"} | pattern "<ip> <_>" | ip = ip("300.1.1.1")',
    expect: { error: 'ip: invalid pattern' },
  },
  {
    doc: IP_GO,
    name: 'ip() only follows |= and !=',
    streams: [nginx],
    query: '{job="nginx"} |~ ip("10.0.0.1")',
    expect: { error: 'ip: invalid operation' },
  },
];
