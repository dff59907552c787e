/**
 * Loki response bodies carry no wall-clock figure: the same query on the same world gives the same
 * bytes, so what an agent is shown under gates `none` (the raw body, stats included) does not vary
 * run to run on the virtual clock. Nothing is masked.
 */
import { expect, it } from 'vitest';
import { createEngineBackend } from '../../src/backend/index.js';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';

it('the same Loki query twice gives byte-identical bodies, stats included', {
  timeout: 120_000,
}, async () => {
  const golden = loadGolden('goldens/latency-label-mismatch');
  const backend = createEngineBackend(golden, buildWorld(golden));
  const ask = async (api: 'loki.query' | 'loki.query_range', query: string) =>
    JSON.stringify((await backend.handle({ api, params: { query, limit: '100' } })).json);
  for (const [api, q] of [
    ['loki.query', 'sum(count_over_time({app="search-api"} | logfmt | cache="miss" [1h]))'],
    ['loki.query_range', '{app="search-api"} |= "slow query"'],
  ] as const) {
    const a = await ask(api, q);
    expect(a).toContain('"execTime"');
    expect(a).toContain('"totalLinesProcessed"');
    expect(await ask(api, q)).toBe(a);
  }
});
