/**
 * A gated command seat's trace has the waves the gates judged: an agent that sends one turn's
 * three log queries as concurrent fetches (two identical), then one more after reading them, gets
 * one wave for the three (the duplicate refused, no steer: one probe) and a second for the
 * fourth (its sighting steers); the end event counts 2 waves and the fan-out of the calls that ran overlapping.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');

const AGENT = `
const loki = process.env.REMATCH_LOKI_URL;
const q = (query) => fetch(loki + '/loki/api/v1/query?' + new URLSearchParams({ query })).then((r) => r.text());
await Promise.all([
  q('sum(count_over_time({app="payments",level="error"} [1h]))'),
  q('sum(count_over_time({app="payments",level="error"} [1h]))'),
  q('sum(count_over_time({app="payments",level="error",env="prod"} [1h]))'),
]);
await new Promise((r) => setTimeout(r, 200));
await q('sum(count_over_time({app="payments",level="warn"} [1h]))');
`;

describe('a gated command seat traces the gates waves', () => {
  it('three concurrent queries are one wave, the next turn another; fan-out counted from overlaps', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'agent.mjs'), AGENT);
    writeFileSync(
      join(cwd, 'turns.yaml'),
      `name: turns\nprovider: command\ncommand: [node, ${JSON.stringify(join(cwd, 'agent.mjs'))}]\ntimeoutSeconds: 60\n`,
    );
    const golden = JSON.stringify(join(ROOT, 'goldens/checkout-db-pool-logs-failed'));
    writeFileSync(
      join(cwd, 'bench.config.yaml'),
      `goldens: [${golden}]\nseats: [turns.yaml]\nceiling: false\n`,
    );
    const out = join(cwd, 'run');
    const r = bench(
      ['run', '--seat', 'turns', '--gates', 'all', '--reps', '1', '--out', out, '--reporter', 'json'],
      cwd,
    );
    expect(r.stderr).not.toMatch(/internal|TypeError/);
    const file = readdirSync(out, { recursive: true, encoding: 'utf8' }).find(
      (f) => f.endsWith('trace.jsonl') && !f.includes('agent-trace'),
    );
    const events = readFileSync(join(out, file ?? ''), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const waves = events.filter((e) => e.type === 'tool_call').map((e) => e.wave);
    expect(waves).toEqual([1, 1, 1, 2]);
    // The duplicate refused in turn one; the steer only at the second turn's sighting.
    const gates = events.filter((e) => e.type === 'gate').map((e) => `${e.gate}:${e.decision}:${e.callId}`);
    expect(gates).toEqual(['fanout:block:c2', 'ledger:steer:c4']);
    const end = events.at(-1);
    expect(end.usage).toMatchObject({ toolCalls: 4, waves: 2 });
    expect(end.usage.maxFanout).toBeGreaterThanOrEqual(1);
    expect(end.usage.maxFanout).toBeLessThanOrEqual(2);
  }, 120_000);
});
