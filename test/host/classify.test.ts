import { describe, expect, it } from 'vitest';
import { classify } from '../../src/host/index.js';

const prom = (data: unknown, extra: object = {}) => ({ status: 'success', data, ...extra });

describe('classify', () => {
  it('reads a Prometheus error envelope by errorType, whatever the HTTP status', () => {
    const bad = {
      status: 'error',
      errorType: 'bad_data',
      error: 'invalid parameter "query": 1:13: parse error',
    };
    expect(classify({ status: 400, json: bad })).toMatchObject({
      outcome: 'rejected',
      error: { type: 'bad_data' },
    });
    const exec = { status: 'error', errorType: 'execution', error: 'upstream failed' };
    expect(classify({ status: 200, json: exec })).toMatchObject({
      outcome: 'failed',
      n: 0,
      error: { type: 'execution' },
    });
    expect(classify({ status: 503, json: { ...exec, errorType: 'timeout' } }).outcome).toBe('failed');
  });

  it('tells empty from ok and keeps warnings on ok', () => {
    expect(classify({ status: 200, json: prom({ resultType: 'vector', result: [] }) })).toMatchObject({
      outcome: 'empty',
      n: 0,
    });
    const two = prom(
      {
        resultType: 'matrix',
        result: [
          { metric: {}, values: [] },
          { metric: {}, values: [] },
        ],
      },
      {
        warnings: ['PromQL warning: partial response'],
      },
    );
    expect(classify({ status: 200, json: two })).toMatchObject({
      outcome: 'ok',
      n: 2,
      warnings: ['PromQL warning: partial response'],
    });
    expect(classify({ status: 200, json: prom({ resultType: 'scalar', result: [1, '3'] }) }).n).toBe(1);
  });

  it('counts log lines for streams and values for label lists', () => {
    const streams = prom({
      resultType: 'streams',
      result: [
        {
          stream: { a: '1' },
          values: [
            ['1', 'x'],
            ['2', 'y'],
          ],
        },
        { stream: { a: '2' }, values: [['3', 'z']] },
      ],
    });
    expect(classify({ status: 200, json: streams })).toMatchObject({ outcome: 'ok', n: 3 });
    expect(
      classify({ status: 200, json: prom({ resultType: 'streams', result: [{ stream: {}, values: [] }] }) })
        .outcome,
    ).toBe('empty');
    expect(classify({ status: 200, json: prom(['app', 'level']) })).toMatchObject({ outcome: 'ok', n: 2 });
  });

  it('classes Loki plain-text errors by status: 4xx rejected, 429 and 5xx failed', () => {
    expect(classify({ status: 400, text: 'parse error at line 1, col 7: syntax error' })).toMatchObject({
      outcome: 'rejected',
    });
    expect(classify({ status: 429, text: 'too many outstanding requests' }).outcome).toBe('failed');
    expect(classify({ status: 504, text: 'Request timed out' }).outcome).toBe('failed');
    expect(classify({ status: 500, text: 'internal' }).outcome).toBe('failed');
  });

  it('finds a failure inside an HTTP 200: failed envelope, or an array where every element failed', () => {
    const batch = {
      outcome: 'failed',
      n: 0,
      results: [{ query: '{app="x"}', status: 'error', error: 'connection reset by peer' }],
    };
    expect(classify({ status: 200, json: batch })).toMatchObject({
      outcome: 'failed',
      error: { message: 'connection reset by peer' },
    });
    const arr = [
      { status: 'error', error: 'a' },
      { outcome: 'failed', message: 'b' },
    ];
    expect(classify({ status: 200, json: arr }).outcome).toBe('failed');
    expect(classify({ status: 200, json: [{ status: 'error' }, { status: 'success' }] }).outcome).toBe('ok');
  });

  it('classes a transport failure (status 0) as error', () => {
    expect(classify({ status: 0, text: 'connect ECONNREFUSED 127.0.0.1' })).toMatchObject({
      outcome: 'error',
      error: { type: 'transport' },
    });
  });
});
