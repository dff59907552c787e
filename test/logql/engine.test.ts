import { describe, expect, it } from 'vitest';
import { LogQLError } from '../../src/logql/api.js';
import {
  evalLogQL,
  isMetricQuery,
  logQueryShape,
  logSelectorsOf,
  parseLogQL,
} from '../../src/logql/index.js';
import { allLines, linesOf, run, storeOf, T0, vectorOf } from './helpers.js';

const api = {
  labels: { app: 'api', env: 'prod' },
  lines: [
    [10, 'level=info status=200 duration=12ms path=/ok'],
    [20, 'level=error status=500 duration=1.5s path=/pay msg="db pool exhausted"'],
    [30, 'level=warn status=404 duration=3ms path=/missing'],
    [40, 'level=error status=503 duration=250ms path=/pay msg="timeout"'],
  ] as [number, string][],
};
const web = {
  labels: { app: 'web', env: 'prod' },
  lines: [
    [15, '{"level":"info","req":{"method":"GET","bytes":"2KB"},"tags":["a"]}'],
    [25, '{"level":"error","req":{"method":"POST","bytes":"3MB"}}'],
    [35, 'not json at all'],
  ] as [number, string][],
};

describe('parse errors', () => {
  it('reports the line and column of a syntax error as bad_data', () => {
    const err = (() => {
      try {
        parseLogQL('{app="api"} |= ');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(LogQLError);
    expect((err as LogQLError).errorType).toBe('bad_data');
    expect((err as Error).message).toMatch(/^parse error at line 1, col \d+: syntax error: unexpected/);
  });
  it('rejects selectors without a non-empty-compatible matcher', () => {
    expect(() => parseLogQL('{app=~".*"}')).toThrow(/at least one regexp or equality matcher/);
    expect(() => parseLogQL('{app!="x"}')).toThrow(LogQLError);
    expect(() => parseLogQL('{}')).toThrow(/parse error at line 1, col 2/);
  });
  it('rejects unwrapped aggregations without unwrap', () => {
    expect(() => parseLogQL('sum_over_time({app="api"}[5m])')).toThrow(/without unwrap/);
  });
});

describe('exports', () => {
  it('classifies metric and log queries', () => {
    expect(isMetricQuery('{app="api"} |= "x"')).toBe(false);
    expect(isMetricQuery('sum(rate({app="api"}[1m]))')).toBe(true);
    expect(() => isMetricQuery('sum(')).toThrow(LogQLError);
  });
  it('returns the stream selector matchers', () => {
    expect(logSelectorsOf('sum by (x) (rate({app="api", env=~"p.*"} |= "a" [1m]))')).toEqual([
      { name: 'app', op: '=', value: 'api' },
      { name: 'env', op: '=~', value: 'p.*' },
    ]);
  });
  it('masks values in the query shape but keeps label names and stage kinds', () => {
    const a = logQueryShape('sum(count_over_time({app="api"} |= "pool" | json | status >= 500 [5m]))');
    const b = logQueryShape('sum(count_over_time({app="web"} |= "other" | json | status >= 400 [40m]))');
    expect(a).toBe(b);
    expect(a).not.toContain('api');
    expect(logQueryShape('{app="api"} | logfmt')).not.toBe(logQueryShape('{app="api"} | json'));
  });
});

describe('log queries', () => {
  it('chains line filters', () => {
    expect(allLines(run([api], '{app="api"} |= "level=error" != "timeout"'))).toEqual([api.lines[1][1]]);
    expect(allLines(run([api], '{app="api"} |~ "status=5\\\\d\\\\d"')).length).toBe(2);
    expect(allLines(run([api], '{app="api"} |= "warn" or "timeout"')).length).toBe(2);
  });
  it('returns newest first by default and honours limit across streams', () => {
    const r = run([api, web], '{env="prod"}', { limit: 3 });
    const ts = linesOf(r).flatMap((s) => s.lines);
    expect(ts.length).toBe(3);
    expect(ts).toContain(api.lines[3][1]);
    expect(ts).toContain(web.lines[2][1]);
    expect(ts).not.toContain(api.lines[0][1]);
    const fwd = run([api, web], '{env="prod"}', { limit: 2, direction: 'forward' });
    expect(allLines(fwd).sort()).toEqual([api.lines[0][1], web.lines[0][1]].sort());
  });
  it('parses logfmt and filters on numbers and durations', () => {
    const r = run([api], '{app="api"} | logfmt | status >= 500 and duration > 1s');
    expect(linesOf(r).map((s) => s.labels.path)).toEqual(['/pay']);
    expect(linesOf(r)[0].labels.msg).toBe('db pool exhausted');
  });
  it('flattens json and marks failures with __error__', () => {
    const r = run([web], '{app="web"} | json');
    const labels = linesOf(r).map((s) => s.labels);
    expect(labels).toContainEqual(
      expect.objectContaining({ req_method: 'GET', req_bytes: '2KB', level: 'info' }),
    );
    expect(labels.some((l) => 'tags' in l)).toBe(false);
    expect(labels).toContainEqual(expect.objectContaining({ __error__: 'JSONParserErr' }));
    expect(allLines(run([web], '{app="web"} | json | __error__=""')).length).toBe(2);
  });
  it('compares bytes and formats lines with templates', () => {
    const r = run(
      [web],
      '{app="web"} | json | __error__="" | req_bytes > 1MB | line_format "{{.req_method | lower}} {{.level}}"',
    );
    expect(allLines(r)).toEqual(['post error']);
  });
});

describe('metric queries', () => {
  const store = storeOf([api, web]);
  const at = (q: string, endSec = 60) => evalLogQL(store, q, { start: T0, end: T0 + endSec * 1000 });
  it('counts over a window (t-range, t]', () => {
    expect(vectorOf(at('count_over_time({app="api"}[30s])', 40))).toEqual([[api.labels, 3]]);
    expect(vectorOf(at('sum(count_over_time({env="prod"}[1m]))'))).toEqual([[{}, 7]]);
  });
  it('groups vector aggregations by labels', () => {
    const v = vectorOf(at('sum by (level) (count_over_time({app="api"} | logfmt [1m]))'));
    expect(v).toEqual([
      [{ level: 'error' }, 2],
      [{ level: 'info' }, 1],
      [{ level: 'warn' }, 1],
    ]);
  });
  it('unwraps durations into seconds', () => {
    const v = vectorOf(at('max_over_time({app="api"} | logfmt | unwrap duration(duration) [1m]) by (app)'));
    expect(v).toEqual([[{ app: 'api' }, 1.5]]);
  });
  it('evaluates range queries step by step', () => {
    const r = evalLogQL(store, 'count_over_time({app="api"}[10s])', {
      start: T0,
      end: T0 + 40_000,
      step: 10_000,
    });
    expect(r.value.type).toBe('matrix');
    if (r.value.type !== 'matrix') return;
    expect(r.value.series[0].points.map((p) => [(p.t - T0) / 1000, p.v])).toEqual([
      [10, 1],
      [20, 1],
      [30, 1],
      [40, 1],
    ]);
  });
  it('fails a metric query whose samples carry __error__', () => {
    expect(() => at('count_over_time({app="web"} | json [1m])')).toThrow(/pipeline error: 'JSONParserErr'/);
    expect(vectorOf(at('sum(count_over_time({app="web"} | json | __error__="" [1m]))'))).toEqual([[{}, 2]]);
  });
  it('reports processed lines and bytes', () => {
    const r = at('count_over_time({app="api"}[1m])');
    expect(r.stats.linesProcessed).toBe(4);
    expect(r.stats.bytesProcessed).toBe(api.lines.reduce((s, [, l]) => s + Buffer.byteLength(l), 0));
  });
});
