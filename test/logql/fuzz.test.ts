/**
 * Seeded fuzz: 10,000 mutations of valid queries (characters and tokens deleted, duplicated,
 * swapped or replaced) through evalLogQL over a small store. Each must return a result or throw
 * LogQLError; any other exception is an engine bug. Deterministic: same seed, same queries.
 */
import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import { evalLogQL } from '../../src/logql/index.js';
import { storeOf, T0 } from './helpers.js';

const SEEDS = [
  '{app="api"} |= "error" != "timeout"',
  '{app="api", env=~"p.*"} |~ "(?i)err" | logfmt | status >= 500 and duration > 10ms',
  '{app="web"} | json | __error__="" | req_bytes > 1KB | line_format "{{.req_method | lower}} {{.level}}"',
  '{app="web"} | json first="tags[0]", m="req.method" | label_format x="{{.m}}", y=level | drop x | keep y, level',
  '{app="api"} | pattern `level=<level> status=<status> <_>` | level="error"',
  '{app="api"} | regexp "status=(?P<status>\\\\d+)" | status != "200"',
  '{app="api"} | logfmt --strict --keep-empty | decolorize |> "<_> status=<_>"',
  'sum by (level) (count_over_time({app="api"} | logfmt [5m]))',
  'sum(rate({app=~"api|web"} |= "e" [1m])) / on() group_left sum(rate({app="api"}[1m])) * 2 + 1',
  'quantile_over_time(0.9, {app="api"} | logfmt | unwrap duration(duration) | __error__="" [5m]) by (status)',
  'topk(2, sum without (env) (bytes_over_time({app="api"}[5m] offset 1m))) > bool 10',
  'label_replace(avg_over_time({app="api"} | logfmt | unwrap bytes(size) [2m]) by (level), "dst", "$1", "level", "(.*)")',
  'sort_desc(max by (app) (absent_over_time({app="nope"}[1m]) or vector(0)))',
  'count_over_time({app="api"} | logfmt | status=~"5.." or level="warn" [30s]) unless count_over_time({env="dev"}[30s])',
  '{app="api"} | line_format `{{ if eq .level "error" }}{{ printf "%s-%d" __line__ 3 | trunc 20 }}{{ else }}{{ __timestamp__ | date "15:04" }}{{ end }}`',
];

const TOKENS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '|',
  '|=',
  '!=',
  '|~',
  '!~',
  '|>',
  '=',
  '=~',
  ',',
  '"',
  '`',
  ' ',
  'by',
  'without',
  'on',
  'group_left',
  'bool',
  'or',
  'and',
  'unless',
  'offset',
  'unwrap',
  'json',
  'logfmt',
  'sum',
  'rate',
  '5m',
  '0',
  '-1',
  '1e308',
  '{{',
  '}}',
  '.',
  '$1',
  '\\',
  '(?P<x>',
  '*',
  '<_>',
  '<a>',
  '__error__',
  'le',
  'quantile_over_time',
];

/** mulberry32: a tiny seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tokenize(q: string): string[] {
  return (
    q.match(/"(?:[^"\\]|\\.)*"|`[^`]*`|[A-Za-z_][A-Za-z0-9_]*|\d+[a-zA-Z]*|\|[=~>]|[!=]~|!=|\s+|./g) ?? []
  );
}

function mutate(q: string, rnd: () => number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const n = 1 + Math.floor(rnd() * 3);
  let s = q;
  for (let k = 0; k < n; k++) {
    const i = Math.floor(rnd() * Math.max(1, s.length));
    const toks = tokenize(s);
    const j = Math.floor(rnd() * Math.max(1, toks.length));
    switch (Math.floor(rnd() * 8)) {
      case 0:
        s = s.slice(0, i) + s.slice(i + 1);
        break;
      case 1:
        s = s.slice(0, i) + s[i] + s.slice(i);
        break;
      case 2:
        s = s.slice(0, i) + s.slice(i + 1, i + 2) + s.slice(i, i + 1) + s.slice(i + 2);
        break;
      case 3:
        s = s.slice(0, i) + String.fromCharCode(32 + Math.floor(rnd() * 95)) + s.slice(i);
        break;
      case 4:
        toks.splice(j, 1);
        s = toks.join('');
        break;
      case 5:
        toks.splice(j, 0, toks[j] ?? '');
        s = toks.join('');
        break;
      case 6: {
        const o = Math.floor(rnd() * toks.length);
        [toks[j], toks[o]] = [toks[o], toks[j]];
        s = toks.join('');
        break;
      }
      default:
        toks[j] = pick(TOKENS);
        s = toks.join('');
    }
  }
  return s;
}

const store = storeOf([
  {
    labels: { app: 'api', env: 'prod' },
    lines: Array.from({ length: 40 }, (_, i) => [
      i * 7,
      `level=${['info', 'warn', 'error'][i % 3]} status=${[200, 500, 404][i % 3]} duration=${i * 3}ms size=${i}KB msg="req ${i}"`,
    ]),
  },
  {
    labels: { app: 'web', env: 'dev' },
    lines: Array.from({ length: 30 }, (_, i) => [
      i * 9,
      i % 5 === 0
        ? 'not json \u001b[31mred\u001b[0m'
        : JSON.stringify({
            level: i % 2 ? 'info' : 'error',
            req: { method: 'GET', bytes: `${i}KB` },
            tags: ['a', i],
          }),
    ]),
  },
]);

describe('LogQL engine fuzz', () => {
  it('starts from seed queries that are all valid', () => {
    for (const q of SEEDS) {
      expect(() => evalLogQL(store, q, { start: T0, end: T0 + 300_000, step: 15_000 }), q).not.toThrow();
    }
  });
  it('answers 10,000 mutated queries with a result or a LogQLError', () => {
    const rnd = prng(20260314);
    const unexpected: string[] = [];
    let results = 0;
    let errors = 0;
    for (let n = 0; n < 10_000; n++) {
      const q = mutate(SEEDS[n % SEEDS.length], rnd);
      const opts =
        n % 2 ? { start: T0, end: T0 + 300_000, step: 15_000 } : { start: T0, end: T0 + 300_000, limit: 50 };
      try {
        evalLogQL(store, q, opts);
        results++;
      } catch (e) {
        if (e instanceof LogQLError) errors++;
        else unexpected.push(`${(e as Error).name}: ${(e as Error).message} <- ${JSON.stringify(q)}`);
      }
    }
    expect(unexpected.slice(0, 10)).toEqual([]);
    // The mutations must exercise both paths, not only the parser's error branch.
    expect(results).toBeGreaterThan(1000);
    expect(errors).toBeGreaterThan(1000);
  }, 120_000);
});
