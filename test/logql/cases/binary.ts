import { type Case, QR, stream } from './types.js';

const arith = `${QR}#arithmetic-operators`;
const sets = `${QR}#logical-and-set-operators`;
const cmp = `${QR}#comparison-operators`;
const order = `${QR}#order-of-operations`;

const foo = [
  stream({ app: 'foo', level: 'warn' }, 'w1', 'w2', 'w3'),
  stream({ app: 'foo', level: 'error' }, 'e1', 'e2', 'e3', 'e4', 'e5', 'e6'),
];
const fooBar = [
  stream({ app: 'foo', machine: 'm1' }, 'a', 'b', 'c'),
  stream({ app: 'bar', machine: 'm1' }, 'a'),
  stream({ app: 'foo', machine: 'm2' }, 'a'),
  stream({ app: 'bar', machine: 'm2' }, 'a', 'b'),
];

function httpServer(): ReturnType<typeof stream> {
  const lines = [
    ...Array.from({ length: 8 }, () => '{"app":"foo","status":"200"}'),
    '{"app":"foo","status":"400"}',
    '{"app":"foo","status":"500"}',
  ];
  return stream({ job: 'http-server' }, ...lines);
}

function events(): ReturnType<typeof stream>[] {
  const ev = (n: number, user: string, ns: string) =>
    Array.from({ length: n }, () => `user=${user} namespace=${ns} discarded=true`);
  return [
    stream(
      { job: 'events' },
      ...ev(3, 'foo', 'dev'),
      ...ev(15, 'foo', 'prod'),
      ...ev(7, 'bar', 'dev'),
      ...ev(20, 'bar', 'prod'),
      'user=foo namespace=dev discarded=false',
    ),
    stream(
      { job: 'cost-calculator' },
      'user=foo organization=little-org cost=500',
      'user=foo organization=little-org cost=1000',
      'user=bar organization=big-org cost=3000',
    ),
  ];
}

export const BINARY_CASES: Case[] = [
  {
    doc: `${QR}#arithmetic-examples`,
    name: 'health check 1 + 1',
    streams: [],
    query: '1 + 1',
    expect: { scalar: 2 },
  },
  {
    doc: `${QR}#arithmetic-examples`,
    name: 'double the rate of a stream',
    streams: foo,
    query: 'sum(rate({app="foo"}[1m])) * 2',
    end: 60,
    expect: { vector: [[{}, (9 / 60) * 2]] },
  },
  {
    doc: `${QR}#arithmetic-examples`,
    name: 'proportion of warning logs to error logs',
    streams: foo,
    end: 60,
    query: 'sum(rate({app="foo", level="warn"}[1m])) / sum(rate({app="foo", level="error"}[1m]))',
    expect: { vector: [[{}, 0.5]] },
  },
  {
    doc: arith,
    name: 'vector and literal: every sample is multiplied',
    streams: foo,
    end: 60,
    query: 'count_over_time({app="foo"}[1m]) * 10',
    expect: {
      vector: [
        [{ app: 'foo', level: 'warn' }, 30],
        [{ app: 'foo', level: 'error' }, 60],
      ],
    },
  },
  {
    doc: arith,
    name: 'literal on the left of a vector',
    streams: foo,
    end: 60,
    query: '100 - count_over_time({app="foo", level="warn"}[1m])',
    expect: { vector: [[{ app: 'foo', level: 'warn' }, 97]] },
  },
  {
    doc: arith,
    name: 'vector and vector: entries without a match are dropped',
    streams: fooBar,
    end: 60,
    query:
      'sum by (machine) (count_over_time({app="foo"}[1m])) - sum by (machine) (count_over_time({app="bar", machine="m2"}[1m]))',
    expect: { vector: [[{ machine: 'm2' }, -1]] },
  },
  { doc: arith, name: 'modulo', streams: [], query: '7 % 4', expect: { scalar: 3 } },
  { doc: arith, name: 'power', streams: [], query: '2 ^ 10', expect: { scalar: 1024 } },
  {
    doc: order,
    name: '1 + 2 / 3 is 1 + (2 / 3)',
    streams: [],
    query: '1 + 2 / 3',
    expect: { scalar: 1 + 2 / 3 },
  },
  { doc: order, name: '2 * 3 % 2 is (2 * 3) % 2', streams: [], query: '2 * 3 % 2', expect: { scalar: 0 } },
  {
    doc: order,
    name: 'same precedence is left-associative',
    streams: [],
    query: '8 - 4 - 2',
    expect: { scalar: 2 },
  },
  {
    doc: order,
    name: 'parentheses override precedence',
    streams: [],
    query: '(1 + 2) * 3',
    expect: { scalar: 9 },
  },
  {
    doc: `${QR}#binary-operators-examples`,
    name: 'and keeps the left elements with a matching right element',
    streams: fooBar,
    end: 60,
    query: 'rate({app=~"foo|bar"}[1m]) and rate({app="bar"}[1m])',
    expect: {
      vector: [
        [{ app: 'bar', machine: 'm1' }, 1 / 60],
        [{ app: 'bar', machine: 'm2' }, 2 / 60],
      ],
    },
  },
  {
    doc: sets,
    name: 'or adds right elements whose labels are not on the left',
    streams: fooBar,
    end: 60,
    query:
      'count_over_time({app="foo", machine="m1"}[1m]) or count_over_time({app=~"foo|bar", machine="m1"}[1m])',
    expect: {
      vector: [
        [{ app: 'foo', machine: 'm1' }, 3],
        [{ app: 'bar', machine: 'm1' }, 1],
      ],
    },
  },
  {
    doc: sets,
    name: 'unless keeps the left elements without a match',
    streams: fooBar,
    end: 60,
    query: 'count_over_time({app=~"foo|bar"}[1m]) unless count_over_time({machine="m1"}[1m])',
    expect: {
      vector: [
        [{ app: 'foo', machine: 'm2' }, 1],
        [{ app: 'bar', machine: 'm2' }, 2],
      ],
    },
  },
  { doc: cmp, name: '1 >= 1 is 1', streams: [], query: '1 >= 1', expect: { scalar: 1 } },
  { doc: cmp, name: 'a false scalar comparison is 0', streams: [], query: '2 < 1', expect: { scalar: 0 } },
  {
    doc: cmp,
    name: 'vector > scalar filters',
    streams: fooBar,
    end: 60,
    query: 'count_over_time({app="foo"}[1m]) > 2',
    expect: { vector: [[{ app: 'foo', machine: 'm1' }, 3]] },
  },
  {
    doc: cmp,
    name: 'vector > bool scalar gives 0 or 1',
    streams: fooBar,
    end: 60,
    query: 'count_over_time({app="foo"}[1m]) > bool 2',
    expect: {
      vector: [
        [{ app: 'foo', machine: 'm1' }, 1],
        [{ app: 'foo', machine: 'm2' }, 0],
      ],
    },
  },
  {
    doc: cmp,
    name: 'vector > vector filters matching entries',
    streams: fooBar,
    end: 60,
    query:
      'sum without(app) (count_over_time({app="foo"}[1m])) > sum without(app) (count_over_time({app="bar"}[1m]))',
    expect: { vector: [[{ machine: 'm1' }, 3]] },
  },
  {
    doc: cmp,
    name: 'vector > bool vector',
    streams: fooBar,
    end: 60,
    query:
      'sum without(app) (count_over_time({app="foo"}[1m])) > bool sum without(app) (count_over_time({app="bar"}[1m]))',
    expect: {
      vector: [
        [{ machine: 'm1' }, 1],
        [{ machine: 'm2' }, 0],
      ],
    },
  },
  {
    doc: cmp,
    name: '== filter keeps equal values',
    streams: fooBar,
    end: 60,
    query: 'count_over_time({app="bar"}[1m]) == 2',
    expect: { vector: [[{ app: 'bar', machine: 'm2' }, 2]] },
  },
  {
    doc: `${QR}#keywords-on-and-ignoring`,
    name: 'ignoring(machine) matches a per-machine vector with a label-less one',
    streams: [stream({ app: 'foo', machine: 'm1' }, 'a', 'b')],
    end: 60,
    query:
      'max by(machine) (count_over_time({app="foo"}[1m])) > bool ignoring(machine) avg(count_over_time({app="foo"}[1m]))',
    expect: { vector: [[{}, 0]] },
  },
  {
    doc: `${QR}#keywords-on-and-ignoring`,
    name: 'on() matches on no labels',
    streams: [stream({ app: 'foo', machine: 'm1' }, 'a', 'b')],
    end: 60,
    query: 'sum by(machine) (count_over_time({app="foo"}[1m])) / on() sum(count_over_time({app="foo"}[1m]))',
    expect: { vector: [[{}, 1]] },
  },
  {
    doc: `${QR}#many-to-one-and-one-to-many-vector-matches`,
    name: 'many-to-one matching must be requested explicitly',
    streams: fooBar,
    end: 60,
    query: 'sum by(machine) (count_over_time({app="foo"}[1m])) / on() sum(count_over_time({app="foo"}[1m]))',
    expect: { error: 'many-to-one matching must be explicit' },
  },
  {
    doc: `${QR}#many-to-one-and-one-to-many-vector-matches`,
    name: 'on(app) group_left: share of each status',
    streams: [httpServer()],
    query:
      'sum by (app, status) (rate({job="http-server"} | json [5m])) / on (app) group_left sum by (app) (rate({job="http-server"} | json [5m]))',
    expect: {
      vector: [
        [{ app: 'foo', status: '200' }, 0.8],
        [{ app: 'foo', status: '400' }, 0.1],
        [{ app: 'foo', status: '500' }, 0.1],
      ],
    },
  },
  {
    doc: `${QR}#many-to-one-and-one-to-many-vector-matches`,
    name: 'group_left(organization) copies a label from the one side',
    streams: events(),
    query:
      'sum by (user, namespace) (rate({job="events"} | logfmt | discarded="true" [5m])) * on (user) group_left(organization) max_over_time({job="cost-calculator"} | logfmt | unwrap cost [5m]) by (user, organization)',
    expect: {
      vector: [
        [{ user: 'foo', namespace: 'dev', organization: 'little-org' }, 10],
        [{ user: 'foo', namespace: 'prod', organization: 'little-org' }, 50],
        [{ user: 'bar', namespace: 'dev', organization: 'big-org' }, 70],
        [{ user: 'bar', namespace: 'prod', organization: 'big-org' }, 200],
      ],
    },
  },
  {
    doc: `${QR}#many-to-one-and-one-to-many-vector-matches`,
    name: 'group_right mirrors group_left',
    streams: [httpServer()],
    query:
      'sum by (app) (rate({job="http-server"} | json [5m])) / on (app) group_right sum by (app, status) (rate({job="http-server"} | json [5m]))',
    expect: {
      vector: [
        [{ app: 'foo', status: '200' }, 1.25],
        [{ app: 'foo', status: '400' }, 10],
        [{ app: 'foo', status: '500' }, 10],
      ],
    },
  },
  {
    doc: `${QR}#label_replace`,
    name: 'label_replace adds foo from the service label',
    streams: [stream({ job: 'api-server', service: 'a:c' }, 'err 1', 'ok', 'err 2')],
    end: 60,
    query:
      'label_replace(rate({job="api-server",service="a:c"} |= "err" [1m]), "foo", "$1", "service", "(.*):.*")',
    expect: { vector: [[{ job: 'api-server', service: 'a:c', foo: 'a' }, 2 / 60]] },
  },
  {
    doc: `${QR}#label_replace`,
    name: 'label_replace leaves the series unchanged when the regex does not match',
    streams: [stream({ job: 'api-server', service: 'ac' }, 'err 1')],
    end: 60,
    query: 'label_replace(count_over_time({job="api-server"}[1m]), "foo", "$1", "service", "(.*):.*")',
    expect: { vector: [[{ job: 'api-server', service: 'ac' }, 1]] },
  },
];
