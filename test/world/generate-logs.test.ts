import { describe, expect, it } from 'vitest';
import { LogBlock } from '../../src/formats/golden/schema.js';
import { resolveTimeRef } from '../../src/formats/time.js';
import type { GenContext } from '../../src/world/generate/context.js';
import { durationField } from '../../src/world/generate/fields.js';
import { generateLogBlock } from '../../src/world/generate/logs.js';
import { LogStore } from '../../src/world/log-store.js';
import type { LogStream } from '../../src/world/types.js';

const START = Date.parse('2026-03-14T13:00:00Z');
const HOUR = 3600_000;

function gen(blocks: unknown[], seed = 11): LogStore {
  const ctx: GenContext = { seed, start: START, end: START + HOUR, resolve: (r) => resolveTimeRef(r, START) };
  const store = new LogStore();
  for (const b of blocks) generateLogBlock(LogBlock.parse(b), ctx, store);
  return store;
}

const within = (s: LogStream, from: number, to: number) =>
  s.entries.filter((e) => e.t >= START + from && e.t < START + to);

const payments = {
  stream: { app: 'payments', env: 'prod' },
  generate: {
    format: 'json',
    rate: { base: 5, noise: 0.1, shape: [{ kind: 'gap', from: '10m', to: '15m' }] },
    templates: [
      {
        text: 'charge ok order={order}',
        level: 'info',
        weight: 9,
        fields: { order: { hex: 12 }, took: { duration: { median: 40, spread: 0.3 } } },
      },
      {
        text: 'pool exhausted after {wait_ms}ms',
        level: 'error',
        weight: 1,
        fields: { wait_ms: { int: [100, 900] }, pool: 'main' },
      },
    ],
    bursts: [{ from: '30m', to: '35m', rate: 20, template: 1 }],
  },
};

describe('log generator', () => {
  const store = gen([payments]);
  const [stream] = store.all();

  it('emits about rate × duration lines, none inside a gap, sorted by time', () => {
    const n = within(stream, 0, 10 * 60_000).length;
    expect(n).toBeGreaterThan(5 * 600 * 0.9);
    expect(n).toBeLessThan(5 * 600 * 1.1);
    expect(within(stream, 10 * 60_000, 15 * 60_000)).toEqual([]);
    for (let i = 1; i < stream.entries.length; i++)
      expect(stream.entries[i].t).toBeGreaterThanOrEqual(stream.entries[i - 1].t);
    expect(stream.entries.at(-1)!.t).toBeLessThanOrEqual(START + HOUR);
  });

  it('renders JSON lines with time, level, filled text and typed fields; bursts add their template', () => {
    const parsed = stream.entries.map((e) => JSON.parse(e.line) as Record<string, unknown>);
    const errors = parsed.filter((p) => p.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    const e = errors[0];
    expect(Object.keys(e)).toEqual(['ts', 'level', 'msg', 'wait_ms', 'pool']);
    expect(e.msg).toBe(`pool exhausted after ${e.wait_ms}ms`);
    expect(typeof e.wait_ms).toBe('number');
    expect(e.wait_ms as number).toBeGreaterThanOrEqual(100);
    expect(e.wait_ms as number).toBeLessThanOrEqual(900);
    const ok = parsed.find((p) => p.level === 'info')!;
    expect(ok.order).toMatch(/^[0-9a-f]{12}$/);
    expect(ok.took).toMatch(/^\d+(ms|\.?\d*s)$/);
    const burstErrors = within(stream, 30 * 60_000, 35 * 60_000).filter((x) =>
      x.line.includes('"level":"error"'),
    ).length;
    const quietErrors = within(stream, 40 * 60_000, 45 * 60_000).filter((x) =>
      x.line.includes('"level":"error"'),
    ).length;
    expect(burstErrors).toBeGreaterThan(20 * 300 * 0.9);
    expect(quietErrors).toBeLessThan(300);
  });

  it('renders logfmt and plain lines, and adds literal lines to every stream of the matrix', () => {
    const s = gen([
      {
        stream: { app: 'api', pod: ['p1', 'p2'] },
        generate: {
          rate: { base: 1 },
          templates: [{ text: 'GET {path} took {took}', fields: { path: ['/a b', '/c'], took: 12 } }],
        },
        lines: [{ at: '5m', line: 'literal line' }],
      },
      {
        stream: { app: 'batch', level: 'warn' },
        generate: {
          format: 'plain',
          rate: { base: 1 },
          templates: [{ text: 'slow job {id}', fields: { id: { int: [1, 9] } } }],
        },
      },
    ]);
    const streams = s.all();
    expect(streams.map((x) => x.labels.pod ?? x.labels.app)).toEqual(['p1', 'p2', 'batch']);
    for (const x of streams.slice(0, 2))
      expect(x.entries.filter((e) => e.line === 'literal line').map((e) => e.t)).toEqual([START + 300_000]);
    const logfmt = streams[0].entries.find((e) => e.line !== 'literal line')!.line;
    expect(logfmt).toMatch(
      /^ts=2026-03-14T13:\d\d:\d\d\.\d{3}Z level=info msg="GET \/(a b|c) took 12" path=("\/a b"|\/c) took=12$/,
    );
    expect(streams[2].entries[0].line).toMatch(/^2026-03-14T13:00:\d\d\.\d{3}Z WARN slow job \d$/);
  });

  it('draws each stream from its own randomness: other blocks and order do not change it', () => {
    const other = {
      stream: { app: 'orders' },
      generate: {
        rate: { base: 3, noise: 0.5 },
        templates: [{ text: 'x {n}', fields: { n: { int: [0, 99] } } }],
      },
    };
    const alone = gen([payments]).all()[0];
    const withOther = gen([other, payments])
      .all()
      .find((x) => x.labels.app === 'payments')!;
    expect(withOther.entries).toEqual(alone.entries);
    expect(gen([payments], 12).all()[0].entries).not.toEqual(alone.entries);
  });

  it('prints durations the way Go does', () => {
    expect(durationField(0.5)).toBe('500µs');
    expect(durationField(230.4)).toBe('230ms');
    expect(durationField(1520)).toBe('1.52s');
    expect(durationField(125_000)).toBe('2m5s');
    // Go stops at hours: never `60m0s`; a value rounding up to a whole unit is printed in it
    expect(durationField(3_600_000)).toBe('1h0m0s');
    expect(durationField(999.7)).toBe('1s');
    expect(durationField(0.0001)).toBe('1µs');
  });
});
