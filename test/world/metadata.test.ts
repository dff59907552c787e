/**
 * Structured metadata in the world (Loki 3's per-entry key/value pairs): written in a golden's
 * literal lines and drawn by a template's generators, kept by the store per entry, hashed, carried
 * to engine workers, and read by LogQL as labels that are not the stream's.
 */
import { describe, expect, it } from 'vitest';
import { worldData, worldFromData } from '../../src/backend/engines/world-transfer.js';
import { normalizeGolden } from '../../src/formats/golden/normalized.js';
import { GoldenFile } from '../../src/formats/golden/schema.js';
import { evalLogQL } from '../../src/logql/index.js';
import { buildWorld } from '../../src/world/build.js';
import { hashWorld } from '../../src/world/hash.js';
import type { World } from '../../src/world/types.js';

const START = Date.parse('2026-01-01T00:00:00Z');
const END = Date.parse('2026-01-01T01:00:00Z');

function world(logs: unknown): World {
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
    world: { seed: 3, metrics: [], logs },
  });
  return buildWorld(normalizeGolden(file, 'inline.yaml', '.'));
}

const literal = [
  {
    stream: { app: 'api' },
    lines: [
      { at: '1m', line: 'GET /a', metadata: { trace_id: 't1', app: 'shadow' } },
      { at: '2m', line: 'GET /b', metadata: { trace_id: 't2' } },
      { at: '3m', line: 'GET /c' },
    ],
  },
];

const generated = [
  {
    stream: { app: 'gen' },
    generate: {
      rate: { base: 2 },
      templates: [
        { text: 'served {n}', fields: { n: { int: [0, 9] } }, metadata: { tier: ['gold', 'free'] } },
        { text: 'plain' },
      ],
    },
  },
];

const count = (w: World, q: string) => {
  const v = evalLogQL(w.logs, q, { start: END, end: END }).value;
  if (v.type !== 'vector') throw new Error(`expected a vector, got ${v.type}`);
  return v.samples.map((s) => [{ ...s.labels }, s.v]);
};

describe('structured metadata in the world', () => {
  it("keeps a literal line's metadata as its labels, apart from the stream's", () => {
    const w = world(literal);
    expect(count(w, 'sum by (trace_id) (count_over_time({app="api"} | trace_id=~"t.*" [1h]))')).toEqual([
      [{ trace_id: 't1' }, 1],
      [{ trace_id: 't2' }, 1],
    ]);
    // The selector matches stream labels only; a metadata key that is a stream label is app_extracted.
    expect(count(w, 'count_over_time({app="api"} [1h])')).toEqual([
      [{ app: 'api' }, 1],
      [{ app: 'api', app_extracted: 'shadow', trace_id: 't1' }, 1],
      [{ app: 'api', trace_id: 't2' }, 1],
    ]);
    expect(count(w, 'count_over_time({trace_id="t1"} [1h])')).toEqual([]);
    const logs = evalLogQL(w.logs, '{app="api"} | trace_id="t2"', { start: START, end: END }).value;
    expect(
      logs.type === 'streams' && logs.streams.map((s) => [{ ...s.labels }, s.entries.map((e) => e.line)]),
    ).toEqual([[{ app: 'api', trace_id: 't2' }, ['GET /b']]]);
  });

  it("draws a template's metadata with the template's generators", () => {
    const w = world(generated);
    const rows = count(w, 'sum by (tier) (count_over_time({app="gen"} [1h]))');
    expect(rows.map(([l]) => l)).toEqual([{}, { tier: 'free' }, { tier: 'gold' }]);
    // Only the template that has metadata gives it to its lines.
    expect(count(w, 'count_over_time({app="gen"} |= "plain" | tier!="" [1h])')).toEqual([]);
    expect(count(w, 'sum(count_over_time({app="gen"} |~ "served" | tier="" [1h]))')).toEqual([]);
  });

  it('is part of the world hash, and a world without metadata hashes as before', () => {
    const bare = literal.map((b) => ({ ...b, lines: b.lines.map(({ metadata: _m, ...l }) => l) }));
    expect(hashWorld(world(literal))).not.toBe(hashWorld(world(bare)));
    expect(hashWorld(world(bare))).toBe(hashWorld(world(bare)));
  });

  it('reaches an engine worker with the world', () => {
    const w = world(literal);
    const copy = worldFromData(structuredClone(worldData(w)));
    expect(hashWorld(copy)).toBe(hashWorld(w));
    expect(count(copy, 'count_over_time({app="api"} | trace_id="t1" [1h])')).toEqual(
      count(w, 'count_over_time({app="api"} | trace_id="t1" [1h])'),
    );
  });

  it('refuses a metadata key that is empty, naming the field', () => {
    expect(() =>
      world([{ stream: { app: 'a' }, lines: [{ at: '1m', line: 'x', metadata: { '': 'v' } }] }]),
    ).toThrow(/metadata/);
  });
});
