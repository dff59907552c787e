/**
 * The probes and Loki's series route over HTTP, and Go's printing of times, floats and durations
 * that the new bodies and error texts use.
 */
import { describe, expect, it } from 'vitest';
import { goFloatE, goTime } from '../../src/backend/go-format.js';
import { goDuration, modelDuration } from '../../src/formats/time.js';
import { serveTest } from './server.js';

const { server, get } = await serveTest();

describe('probes', () => {
  it("answer Prometheus' /-/healthy and /-/ready (GET and HEAD) and Loki's /ready in their words", async () => {
    expect(await get('/-/healthy')).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      body: 'Prometheus Server is Healthy.\n',
    });
    expect((await get('/-/ready')).body).toBe('Prometheus Server is Ready.\n');
    expect(await get('/ready')).toEqual({ status: 200, type: 'text/plain; charset=utf-8', body: 'ready\n' });
    const head = await fetch(new URL('/-/ready', server.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(new URL('/ready', server.url), { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('Loki /series', () => {
  it('takes `match` as well as `match[]`, as Loki does, and none lists every stream', async () => {
    const want = {
      status: 'success',
      data: [
        { app: 'payments', level: 'error' },
        { app: 'payments', level: 'info' },
      ],
    };
    const end = '1773496800';
    for (const name of ['match', 'match[]']) {
      const r = await get('/loki/api/v1/series', { [name]: '{app="payments"}', end });
      expect(r.status, name).toBe(200);
      expect(JSON.parse(r.body)).toEqual(want);
    }
    const both = await get('/loki/api/v1/series', {
      match: '{app="payments"}',
      'match[]': '{app="payments"}',
      end,
    });
    expect(JSON.parse(both.body)).toEqual(want);
    // Loki 3 (pkg/loghttp/series.go): no group, or the one group `{}`, asks for every stream.
    const none = await get('/loki/api/v1/series', { end });
    expect(none.status).toBe(200);
    const every = JSON.parse(none.body).data as Record<string, string>[];
    // The fixture's world holds the payments streams only in that hour.
    expect(every).toEqual(want.data);
    expect(JSON.parse((await get('/loki/api/v1/series', { match: '{ }', end })).body).data).toEqual(every);
  });
});

describe("Go's formats", () => {
  it('prints time.Time as RFC3339Nano, FormatFloat(e, -1), time.Duration and model.Duration', () => {
    expect(goTime(Date.parse('2026-03-14T14:01:30Z'))).toBe('2026-03-14T14:01:30Z');
    expect(goTime(Date.parse('2026-03-14T14:01:30.250Z'))).toBe('2026-03-14T14:01:30.25Z');
    expect([0.23, 1, 1234.5, 0, -2e-7, Number.NaN, Infinity].map(goFloatE)).toEqual([
      '2.3e-01',
      '1e+00',
      '1.2345e+03',
      '0e+00',
      '-2e-07',
      'NaN',
      '+Inf',
    ]);
    expect([0, 500, 1500, 90_000, 2_400_000, 3_600_000, 3_661_000].map(goDuration)).toEqual([
      '0s',
      '500ms',
      '1.5s',
      '1m30s',
      '40m0s',
      '1h0m0s',
      '1h1m1s',
    ]);
    expect(
      [0, 1_800_000, 3_600_000, 721 * 3_600_000, 90 * 86_400_000, 14 * 86_400_000].map(modelDuration),
    ).toEqual(['0s', '30m', '1h', '30d1h', '90d', '2w']);
  });
});
