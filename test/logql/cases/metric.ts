import type { StreamSpec } from '../helpers.js';
import { type Case, MQ, QE, QR, stream } from './types.js';

const lra = `${MQ}#log-range-aggregations`;
const ura = `${MQ}#unwrapped-range-aggregations`;
const vagg = `${MQ}#built-in-aggregation-operators`;

const mysql = [
  stream({ job: 'mysql', host: 'a' }, 'error a1', 'error timeout', 'info ok'),
  stream({ job: 'mysql', host: 'b' }, 'error b1'),
];
const byLevel = [
  stream({ job: 'mysql', level: 'error', host: 'a' }, 'e1', 'e2', 'e3'),
  stream({ job: 'mysql', level: 'info', host: 'a' }, 'i1', 'i2'),
  stream({ job: 'mysql', level: 'error', host: 'b' }, 'e4'),
  stream({ job: 'mysql', level: 'warn', host: 'b' }, 'w1', 'w2', 'w3', 'w4'),
];
const L = (level: string, host: string) => ({ job: 'mysql', level, host });
const values = stream({ job: 'api' }, 'v=1', 'v=5', 'v=3');
const jsonMysql = stream(
  { job: 'mysql', host: 'h1' },
  '{"level":"error","duration":"12s"}',
  '{"level":"error","duration":"2s"}',
  '{"level":"error timeout","duration":"30s"}',
  '{"level":"error","duration":"11s"}',
);

export const METRIC_CASES: Case[] = [
  {
    doc: lra,
    name: 'count_over_time counts the entries of each stream',
    streams: mysql,
    query: 'count_over_time({job="mysql"}[5m])',
    expect: {
      vector: [
        [{ job: 'mysql', host: 'a' }, 3],
        [{ job: 'mysql', host: 'b' }, 1],
      ],
    },
  },
  {
    doc: lra,
    name: 'rate is entries per second',
    streams: mysql,
    query: 'rate({job="mysql"}[5m])',
    expect: {
      vector: [
        [{ job: 'mysql', host: 'a' }, 3 / 300],
        [{ job: 'mysql', host: 'b' }, 1 / 300],
      ],
    },
  },
  {
    doc: lra,
    name: 'bytes_over_time sums line bytes',
    streams: mysql,
    query: 'bytes_over_time({job="mysql"}[5m])',
    expect: {
      vector: [
        [{ job: 'mysql', host: 'a' }, 8 + 13 + 7],
        [{ job: 'mysql', host: 'b' }, 8],
      ],
    },
  },
  {
    doc: lra,
    name: 'bytes_rate is bytes per second',
    streams: mysql,
    query: 'bytes_rate({job="mysql", host="b"}[5m])',
    expect: { vector: [[{ job: 'mysql', host: 'b' }, 8 / 300]] },
  },
  {
    doc: lra,
    name: 'the range may follow the whole pipeline',
    streams: mysql,
    query: 'sum(count_over_time({job="mysql"} |= "error" != "timeout" [5m]))',
    expect: { vector: [[{}, 2]] },
  },
  {
    doc: lra,
    name: 'the range may follow the selector of a parenthesized log query',
    streams: mysql,
    query: 'sum(count_over_time(({job="mysql"} |= "error")[5m]))',
    expect: { vector: [[{}, 3]] },
  },
  {
    doc: lra,
    name: 'sum by host of the rate of slow non-timeout errors',
    streams: [jsonMysql],
    end: 60,
    query: 'sum by (host) (rate({job="mysql"} |= "error" != "timeout" | json | duration > 10s [1m]))',
    expect: { vector: [[{ host: 'h1' }, 2 / 60]] },
  },
  {
    doc: lra,
    name: 'absent_over_time returns 1 when nothing matched',
    streams: mysql,
    query: 'absent_over_time({job="nope"}[5m])',
    expect: { vector: [[{ job: 'nope' }, 1]] },
  },
  {
    doc: lra,
    name: 'absent_over_time returns nothing when there are entries',
    streams: mysql,
    query: 'absent_over_time({job="mysql"}[5m])',
    expect: { vector: [] },
  },
  {
    doc: `${MQ}#offset-modifier`,
    name: 'offset moves the window back',
    streams: mysql,
    end: 600,
    query: 'sum(count_over_time({job="mysql"}[5m] offset 5m))',
    expect: { vector: [[{}, 4]] },
  },
  {
    doc: `${MQ}#offset-modifier`,
    name: 'without the offset the same window is empty',
    streams: mysql,
    end: 600,
    query: 'sum(count_over_time({job="mysql"}[5m]))',
    expect: { vector: [] },
  },
  {
    doc: `${MQ}#offset-modifier`,
    name: 'offset after the function is invalid',
    streams: mysql,
    query: 'count_over_time({job="mysql"}[5m]) offset 5m',
    expect: { error: 'parse error at line 1' },
  },
  {
    doc: ura,
    name: 'sum_over_time',
    streams: [values],
    query: 'sum_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 9]] },
  },
  {
    doc: ura,
    name: 'avg_over_time',
    streams: [values],
    query: 'avg_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 3]] },
  },
  {
    doc: ura,
    name: 'max_over_time',
    streams: [values],
    query: 'max_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 5]] },
  },
  {
    doc: ura,
    name: 'min_over_time',
    streams: [values],
    query: 'min_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 1]] },
  },
  {
    doc: ura,
    name: 'first_over_time',
    streams: [values],
    query: 'first_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 1]] },
  },
  {
    doc: ura,
    name: 'last_over_time',
    streams: [values],
    query: 'last_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 3]] },
  },
  {
    doc: ura,
    name: 'stdvar_over_time is the population variance',
    streams: [values],
    query: 'stdvar_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 8 / 3]] },
  },
  {
    doc: ura,
    name: 'stddev_over_time is the population deviation',
    streams: [values],
    query: 'stddev_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, Math.sqrt(8 / 3)]] },
  },
  {
    doc: ura,
    name: 'quantile_over_time median',
    streams: [values],
    query: 'quantile_over_time(0.5, {job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 3]] },
  },
  {
    doc: ura,
    name: 'quantile_over_time interpolates between ranks',
    streams: [values],
    query: 'quantile_over_time(0.99, {job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 4.96]] },
  },
  {
    doc: ura,
    name: 'rate of an unwrapped range is the per-second sum',
    streams: [values],
    query: 'rate({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [[{ job: 'api' }, 9 / 300]] },
  },
  {
    doc: ura,
    name: 'absent_over_time accepts an unwrapped range',
    streams: [values],
    query: 'absent_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { vector: [] },
  },
  {
    doc: ura,
    name: 'duration() converts Go durations to seconds',
    streams: [stream({ job: 'd' }, 'took=1.5s', 'took=250ms', 'took=24s30ms')],
    query: 'sum_over_time({job="d"} | logfmt | unwrap duration(took) [5m])',
    expect: { vector: [[{ job: 'd' }, 1.5 + 0.25 + 24.03]] },
  },
  {
    doc: ura,
    name: 'duration_seconds() is the long form',
    streams: [stream({ job: 'd' }, 'took=5m', 'took=1h')],
    query: 'max_over_time({job="d"} | logfmt | unwrap duration_seconds(took) [5m])',
    expect: { vector: [[{ job: 'd' }, 3600]] },
  },
  {
    doc: ura,
    name: 'bytes() applies the unit',
    streams: [stream({ job: 'b' }, 'size="5 MiB"', 'size=3k', 'size=1G')],
    query: 'sum_over_time({job="b"} | logfmt | unwrap bytes(size) [5m])',
    expect: { vector: [[{ job: 'b' }, 5 * 1024 * 1024 + 3000 + 1e9]] },
  },
  {
    doc: ura,
    name: 'a failed conversion puts __error__ on the sample and fails the query',
    streams: [stream({ job: 'api' }, 'v=1', 'v=abc')],
    query: 'sum_over_time({job="api"} | logfmt | unwrap v [5m])',
    expect: { error: "pipeline error: 'SampleExtractionErr'" },
  },
  {
    doc: ura,
    name: 'a label filter after unwrap discards the conversion errors',
    streams: [stream({ job: 'api' }, 'v=1', 'v=abc', 'v=4')],
    query: 'sum_over_time({job="api"} | logfmt | unwrap v | __error__="" [5m])',
    expect: { vector: [[{ job: 'api' }, 5]] },
  },
  {
    doc: ura,
    name: 'grouping on avg_over_time',
    streams: [stream({ job: 'api', host: 'a' }, 'v=2', 'v=4'), stream({ job: 'api', host: 'b' }, 'v=10')],
    query: 'avg_over_time({job="api"} | logfmt | unwrap v [5m]) by (host)',
    expect: {
      vector: [
        [{ host: 'a' }, 3],
        [{ host: 'b' }, 10],
      ],
    },
  },
  {
    doc: ura,
    name: 'grouping with without on max_over_time',
    streams: [stream({ job: 'api', host: 'a' }, 'v=2', 'v=4'), stream({ job: 'api', host: 'b' }, 'v=10')],
    query: 'max_over_time({job="api"} | logfmt | unwrap v [5m]) without (host)',
    expect: { vector: [[{ job: 'api' }, 10]] },
  },
  {
    doc: ura,
    name: 'sum_over_time does not support grouping',
    streams: [values],
    query: 'sum_over_time({job="api"} | logfmt | unwrap v [5m]) by (job)',
    expect: { error: 'grouping not allowed for sum_over_time' },
  },
  {
    doc: ura,
    name: 'an unwrapped aggregation needs unwrap',
    streams: [values],
    query: 'avg_over_time({job="api"}[5m])',
    expect: { error: 'invalid aggregation avg_over_time without unwrap' },
  },
  {
    doc: `${QE}#unwrap-examples`,
    name: 'p99 of ingress latency by path',
    streams: [
      stream(
        { cluster: 'ops-tools1', container: 'ingress-nginx' },
        '{"path":"/a","request_time":"0.1"}',
        '{"path":"/a","request_time":"0.3"}',
        'broken',
        '{"path":"/b","request_time":"2"}',
      ),
    ],
    end: 60,
    query:
      'quantile_over_time(0.99, {cluster="ops-tools1",container="ingress-nginx"} | json | __error__ = "" | unwrap request_time [1m]) by (path)',
    expect: {
      vector: [
        [{ path: '/a' }, 0.298],
        [{ path: '/b' }, 2],
      ],
    },
  },
  {
    doc: `${QE}#unwrap-examples`,
    name: 'bytes processed per organization',
    streams: [
      stream(
        { cluster: 'ops-tools1', container: 'loki-dev' },
        'caller=metrics.go org_id=1 bytes_processed=100',
        'caller=metrics.go org_id=1 bytes_processed=50',
        'caller=metrics.go org_id=2 bytes_processed=7',
        'caller=other.go org_id=2 bytes_processed=1000',
      ),
    ],
    end: 60,
    query:
      'sum by (org_id) (sum_over_time({cluster="ops-tools1",container="loki-dev"} |= "metrics.go" | logfmt | unwrap bytes_processed [1m]))',
    expect: {
      vector: [
        [{ org_id: '1' }, 150],
        [{ org_id: '2' }, 7],
      ],
    },
  },
  {
    doc: vagg,
    name: 'sum by level',
    streams: byLevel,
    query: 'sum(count_over_time({job="mysql"}[5m])) by (level)',
    expect: {
      vector: [
        [{ level: 'error' }, 4],
        [{ level: 'info' }, 2],
        [{ level: 'warn' }, 4],
      ],
    },
  },
  {
    doc: vagg,
    name: 'sum without removes the listed labels',
    streams: byLevel,
    query: 'sum without (host, job) (count_over_time({job="mysql"}[5m]))',
    expect: {
      vector: [
        [{ level: 'error' }, 4],
        [{ level: 'info' }, 2],
        [{ level: 'warn' }, 4],
      ],
    },
  },
  {
    doc: vagg,
    name: 'avg by host',
    streams: byLevel,
    query: 'avg by (host) (count_over_time({job="mysql"}[5m]))',
    expect: {
      vector: [
        [{ host: 'a' }, 2.5],
        [{ host: 'b' }, 2.5],
      ],
    },
  },
  {
    doc: vagg,
    name: 'min',
    streams: byLevel,
    query: 'min(count_over_time({job="mysql"}[5m]))',
    expect: { vector: [[{}, 1]] },
  },
  {
    doc: vagg,
    name: 'max',
    streams: byLevel,
    query: 'max(count_over_time({job="mysql"}[5m]))',
    expect: { vector: [[{}, 4]] },
  },
  {
    doc: vagg,
    name: 'count',
    streams: byLevel,
    query: 'count(count_over_time({job="mysql"}[5m]))',
    expect: { vector: [[{}, 4]] },
  },
  {
    doc: vagg,
    name: 'count by level',
    streams: byLevel,
    query: 'count by (level) (count_over_time({job="mysql"}[5m]))',
    expect: {
      vector: [
        [{ level: 'error' }, 2],
        [{ level: 'info' }, 1],
        [{ level: 'warn' }, 1],
      ],
    },
  },
  {
    doc: vagg,
    name: 'stdvar is the population variance',
    streams: byLevel,
    query: 'stdvar(count_over_time({job="mysql"}[5m]))',
    expect: { vector: [[{}, 1.25]] },
  },
  {
    doc: vagg,
    name: 'stddev',
    streams: byLevel,
    query: 'stddev(count_over_time({job="mysql"}[5m]))',
    expect: { vector: [[{}, Math.sqrt(1.25)]] },
  },
  {
    doc: vagg,
    name: 'topk keeps the original labels',
    streams: byLevel,
    query: 'topk(2, count_over_time({job="mysql"}[5m]))',
    expect: {
      vector: [
        [L('warn', 'b'), 4],
        [L('error', 'a'), 3],
      ],
    },
  },
  {
    doc: vagg,
    name: 'bottomk',
    streams: byLevel,
    query: 'bottomk(1, count_over_time({job="mysql"}[5m]))',
    expect: { vector: [[L('error', 'b'), 1]] },
  },
  {
    doc: vagg,
    name: 'topk by host selects per group',
    streams: byLevel,
    query: 'topk(1, count_over_time({job="mysql"}[5m])) by (host)',
    expect: {
      vector: [
        [L('error', 'a'), 3],
        [L('warn', 'b'), 4],
      ],
    },
  },
  {
    doc: vagg,
    name: 'sort ascending',
    streams: byLevel,
    query: 'sort(count_over_time({job="mysql"}[5m]))',
    expect: {
      vector: [
        [L('error', 'b'), 1],
        [L('info', 'a'), 2],
        [L('error', 'a'), 3],
        [L('warn', 'b'), 4],
      ],
      ordered: true,
    },
  },
  {
    doc: vagg,
    name: 'sort_desc',
    streams: byLevel,
    query: 'sort_desc(count_over_time({job="mysql"}[5m]))',
    expect: {
      vector: [
        [L('warn', 'b'), 4],
        [L('error', 'a'), 3],
        [L('info', 'a'), 2],
        [L('error', 'b'), 1],
      ],
      ordered: true,
    },
  },
  {
    doc: vagg,
    name: 'topk needs its parameter',
    streams: byLevel,
    query: 'topk(count_over_time({job="mysql"}[5m]))',
    expect: { error: 'parse error' },
  },
  {
    doc: `${QE}#vector-aggregation-examples`,
    name: 'top 10 applications by log throughput',
    streams: [
      stream({ region: 'us-east1', name: 'api' }, 'a', 'b', 'c'),
      stream({ region: 'us-east1', name: 'web' }, 'a'),
      stream({ region: 'eu-west1', name: 'db' }, 'a', 'b', 'c', 'd'),
    ],
    query: 'topk(10,sum(rate({region="us-east1"}[5m])) by (name))',
    expect: {
      vector: [
        [{ name: 'api' }, 3 / 300],
        [{ name: 'web' }, 1 / 300],
      ],
    },
  },
  {
    doc: `${QE}#vector-aggregation-examples`,
    name: 'rate of GET /home by region, with a parenthesized log query',
    streams: [
      stream(
        { job: 'nginx', region: 'eu' },
        '{"method":"GET","path":"/home"}',
        '{"method":"GET","path":"/home"}',
        '{"method":"POST","path":"/home"}',
      ),
      stream({ job: 'nginx', region: 'us' }, '{"method":"GET","path":"/about"}'),
    ],
    end: 10,
    query: 'avg(rate(({job="nginx"} |= "GET" | json | path="/home")[10s])) by (region)',
    expect: { vector: [[{ region: 'eu' }, 2 / 10]] },
  },
  {
    doc: `${MQ}#functions`,
    name: 'vector(0) answers when the left side is empty',
    streams: byLevel,
    query: 'sum(count_over_time({namespace="traefik"}[5m])) or vector(0)',
    expect: { vector: [[{}, 0]] },
  },
  {
    doc: `${MQ}#functions`,
    name: 'vector(0) adds nothing when the left side has a value',
    streams: [stream({ namespace: 'traefik' }, 'x', 'y')],
    query: 'sum(count_over_time({namespace="traefik"}[5m])) or vector(0)',
    expect: { vector: [[{}, 2]] },
  },
  {
    doc: lra,
    name: 'a range query evaluates the window at every step',
    streams: [stream({ job: 'mysql' }, 'a', 'b', 'c')],
    start: 0,
    end: 120,
    step: 60,
    query: 'count_over_time({job="mysql"}[1m])',
    expect: { matrix: [[{ job: 'mysql' }, [[60, 3]]]] },
  },
  {
    doc: lra,
    name: 'absent_over_time over a range query fills the empty steps',
    streams: [stream({ job: 'mysql' }, 'a', 'b', 'c')],
    start: 0,
    end: 120,
    step: 60,
    query: 'absent_over_time({job="mysql"}[1m])',
    expect: {
      matrix: [
        [
          { job: 'mysql' },
          [
            [0, 1],
            [120, 1],
          ],
        ],
      ],
    },
  },
  ...pipelineErrorCases(),
];

function pipelineErrorCases(): Case[] {
  const d = `${QR}#pipeline-errors-in-metric-queries`;
  const pods: StreamSpec[] = [
    stream({ job: 'x', pod: 'p1' }, '{"a":1}', 'bad'),
    stream({ job: 'x', pod: 'p2' }, 'bad', '{"a":2}'),
  ];
  return [
    {
      doc: d,
      name: 'a sample with __error__ fails the metric query',
      streams: pods,
      query: 'sum(count_over_time({job="x"} | json [5m]))',
      expect: { error: "pipeline error: 'JSONParserErr'" },
    },
    {
      doc: d,
      name: '__error__="" drops the failed lines',
      streams: pods,
      query: 'sum(count_over_time({job="x"} | json | __error__="" [5m]))',
      expect: { vector: [[{}, 2]] },
    },
    {
      doc: d,
      name: '__error__!="" counts only the failures',
      streams: pods,
      query:
        'sum by (pod) (count_over_time({job="x"} | json | __error__!="" | drop __error__, __error_details__ [5m]))',
      expect: {
        vector: [
          [{ pod: 'p1' }, 1],
          [{ pod: 'p2' }, 1],
        ],
      },
    },
    {
      doc: d,
      name: '__error__="" or pod="p2" re-admits errored lines and fails',
      streams: pods,
      query: 'sum(count_over_time({job="x"} | json | __error__="" or pod="p2" [5m]))',
      expect: { error: 'pipeline error' },
    },
    {
      doc: d,
      name: '__error__="" and pod="p2" drops them and runs',
      streams: pods,
      query: 'sum(count_over_time({job="x"} | json | __error__="" and pod="p2" [5m]))',
      expect: { vector: [[{}, 1]] },
    },
    {
      // The page's example groups count_over_time; Loki's validate refuses it (the source wins).
      doc: 'loki:pkg/logql/syntax/ast.go#RangeAggregationExpr.validate',
      name: 'count_over_time refuses by (...)',
      streams: pods,
      query: 'count_over_time({job="x"} | json | __error__="" [5m]) by (pod)',
      expect: { error: 'parse error : grouping not allowed for count_over_time aggregation' },
    },
    {
      doc: d,
      name: 'sum by (...) of count_over_time keeps the error labels, so an errored sample fails the query',
      streams: pods,
      query: 'sum by (pod) (count_over_time({job="x"} | json [5m]))',
      expect: { error: "pipeline error: 'JSONParserErr'" },
    },
    {
      doc: d,
      name: 'a range aggregation by () keeps the error labels, so the query still fails',
      streams: [stream({ job: 'x', pod: 'p1' }, 'v=1', 'v=oops')],
      query: 'max_over_time({job="x"} | logfmt | unwrap v [5m]) by (pod)',
      expect: { error: "pipeline error: 'SampleExtractionErr'" },
    },
  ];
}
