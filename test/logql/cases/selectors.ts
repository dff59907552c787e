import { type Case, LQ, stream } from './types.js';

const d = `${LQ}#log-stream-selector`;
const mysql = stream({ app: 'mysql', name: 'mysql-backup' }, 'backup done');
const mysqlMain = stream({ app: 'mysql', name: 'mysql' }, 'query ok');
const mysql7 = stream({ app: 'mysql', name: 'mysql-7' }, 'replica lag');
const other = stream({ app: 'nginx', name: 'nginx' }, 'GET /');

export const SELECTOR_CASES: Case[] = [
  {
    doc: d,
    name: 'both equality matchers must hold',
    streams: [mysql, mysqlMain, other],
    query: '{app="mysql",name="mysql-backup"}',
    expect: { lines: ['backup done'] },
  },
  {
    doc: d,
    name: 'regex matcher',
    streams: [mysql, mysqlMain, other],
    query: '{name =~ "mysql.+"}',
    expect: { lines: ['backup done'] },
  },
  {
    doc: d,
    name: 'negative regex matcher (with a positive matcher)',
    streams: [mysql, mysqlMain, mysql7],
    query: '{app="mysql", name !~ "mysql.+"}',
    expect: { lines: ['query ok'] },
  },
  {
    doc: d,
    name: 'backticked regex needs no escaping',
    streams: [mysql, mysqlMain, mysql7],
    query: '{app="mysql", name !~ `mysql-\\d+`}',
    expect: { lines: ['backup done', 'query ok'] },
  },
  {
    doc: d,
    name: 'not-equal matcher',
    streams: [mysql, mysqlMain],
    query: '{app="mysql", name!="mysql-backup"}',
    expect: { lines: ['query ok'] },
  },
  {
    doc: d,
    name: 'regex matchers are fully anchored',
    streams: [mysql, mysqlMain],
    query: '{name=~"mysql"}',
    expect: { lines: ['query ok'] },
  },
  {
    doc: d,
    name: '. does not match a newline in a label value',
    streams: [stream({ app: 'x', name: 'my\nmysql' }, 'multi')],
    query: '{name =~ ".*mysql.*"}',
    expect: { lines: [] },
  },
  {
    doc: d,
    name: '(?s) makes . match newlines',
    streams: [stream({ app: 'x', name: 'my\nmysql' }, 'multi')],
    query: '{name =~ "(?s).*mysql.*"}',
    expect: { lines: ['multi'] },
  },
  {
    doc: d,
    name: '[\\S\\s]* matches newlines',
    streams: [stream({ app: 'x', name: 'my\nmysql' }, 'multi')],
    query: '{name =~ `[\\S\\s]*mysql[\\S\\s]*`}',
    expect: { lines: ['multi'] },
  },
  {
    doc: d,
    name: 'a selector needs a matcher that is not empty-compatible',
    streams: [mysql],
    query: '{name=~".*"}',
    expect: {
      error:
        'queries require at least one regexp or equality matcher that does not have an empty-compatible value',
    },
  },
  {
    doc: d,
    name: '=~".+" satisfies the non-empty rule',
    streams: [mysql, other],
    query: '{name=~".+"}',
    expect: { lines: ['backup done', 'GET /'] },
  },
  {
    doc: d,
    name: 'an empty selector is a syntax error',
    streams: [mysql],
    query: '{}',
    expect: { error: 'parse error at line 1, col 2: syntax error' },
  },
];
