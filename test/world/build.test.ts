import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { type Golden, normalizeGolden } from '../../src/formats/golden/normalized.js';
import { GoldenFile } from '../../src/formats/golden/schema.js';
import { loadGoldens } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { hashWorld } from '../../src/world/hash.js';
import { isStaleNaN } from '../../src/world/types.js';

const START = Date.parse('2026-01-01T00:00:00Z');

function inline(world: unknown): Golden {
  const file = GoldenFile.parse({
    id: 'inline',
    title: 'inline',
    time: { start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z', now: '50m' },
    alert: { name: 'A', expr: 'vector(1)', activeAt: '10m', summary: 's' },
    prompt: 'p',
    parts: {
      A: { question: 'q', measurements: [{ id: 'a', truth: 1, tolerance: { abs: 0 }, source: 'metrics' }] },
      B: { question: 'q', measurements: [{ id: 'b', truth: 1, tolerance: { abs: 0 }, source: 'logs' }] },
    },
    rootCause: { component: 'c', mechanism: 'm', accept: [['c']] },
    world,
  });
  return normalizeGolden(file, 'inline.yaml', '.');
}

const mixed = {
  seed: 5,
  metrics: [
    { load: '1m', series: 'jobs_total{job="a"} 0+10x3 _ stale\n# a comment\n\nqueue{job="a"} 5x2' },
    { generate: { metric: 'g', type: 'gauge', labels: { pod: ['x', 'y'] }, value: { base: 3, noise: 0.3 } } },
  ],
  logs: [
    { stream: { app: 'x' }, lines: [{ at: '2m', line: 'hello' }] },
    {
      stream: { app: 'y' },
      generate: {
        rate: { base: 0.5, noise: 0.2 },
        templates: [{ text: 'n={n}', fields: { n: { int: [0, 9] } } }],
      },
    },
  ],
};

describe('buildWorld', () => {
  it('loads promqltest blocks at t=0 = time.start, skipping `_` and keeping stale markers', () => {
    const w = buildWorld(inline(mixed));
    const [jobs] = w.metrics.select(
      [{ name: '__name__', op: '=', value: 'jobs_total' }],
      -Infinity,
      Infinity,
    );
    expect([...jobs.ts]).toEqual([0, 1, 2, 3, 5].map((i) => START + i * 60_000));
    expect([...jobs.vs].slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(isStaleNaN(jobs.vs[4])).toBe(true);
    expect(w.metrics.size.series).toBe(4);
    const [x] = w.logs.select([{ name: 'app', op: '=', value: 'x' }], -Infinity, Infinity);
    expect(x.entries).toEqual([{ t: START + 120_000, line: 'hello' }]);
    expect(w.logs.size.lines).toBeGreaterThan(1000);
  });

  it('names the block and line of a bad series line', () => {
    const bad = { metrics: [{ load: '1m', series: 'ok 1x2\nbroken{ 1 2' }] };
    expect(() => buildWorld(inline(bad))).toThrow(InputError);
    expect(() => buildWorld(inline(bad))).toThrow(/world\.metrics\.0\.series: series line 2/);
  });

  it('hashes the same golden to the same world, and another seed to another one', () => {
    const a = hashWorld(buildWorld(inline(mixed)));
    expect(hashWorld(buildWorld(inline(mixed)))).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashWorld(buildWorld(inline({ ...mixed, seed: 6 })))).not.toBe(a);
  });

  it('hashes a change of one log line or one sample differently', () => {
    const a = hashWorld(buildWorld(inline(mixed)));
    const oneLine = {
      ...mixed,
      logs: [{ stream: { app: 'x' }, lines: [{ at: '2m', line: 'hellO' }] }, mixed.logs[1]],
    };
    expect(hashWorld(buildWorld(inline(oneLine)))).not.toBe(a);
    const oneSample = {
      ...mixed,
      metrics: [
        { load: '1m', series: 'jobs_total{job="a"} 0+10x3 _ 1\nqueue{job="a"} 5x2' },
        mixed.metrics[1],
      ],
    };
    expect(hashWorld(buildWorld(inline(oneSample)))).not.toBe(a);
  });
});

describe('the goldens under goldens/', () => {
  const goldens = loadGoldens([resolve(__dirname, '../../goldens')]);
  const sizes = new Map<string, { hours: number; series: number; lines: number }>();

  for (const g of goldens) {
    it(`${g.id}: builds the same world twice (same hash)`, () => {
      const w = buildWorld(g);
      sizes.set(g.id, { hours: (w.end - w.start) / 3600_000, ...w.metrics.size, ...w.logs.size });
      expect(hashWorld(buildWorld(g))).toBe(hashWorld(w));
    });
  }

  it('another seed changes a golden world', () => {
    const g = goldens.find((x) => x.id === 'scrape-gap-false-positive')!;
    const reseeded = { ...g, world: { ...g.world, seed: g.world.seed + 1 } };
    expect(hashWorld(buildWorld(reseeded))).not.toBe(hashWorld(buildWorld(g)));
  });

  it('are at least five, one of them realistic in size (>= 2 h, 300 series, 50,000 lines)', () => {
    expect(goldens.length).toBeGreaterThanOrEqual(5);
    expect(sizes.size).toBe(goldens.length);
    expect([...sizes.values()].some((s) => s.hours >= 2 && s.series >= 300 && s.lines >= 50_000)).toBe(true);
  });
});
