/**
 * The turn cache's files against their schema (formats/turn-cache.ts `rematch.turn/1`): a stored
 * turn is a hit exactly as it was written, and a file of another format, another key or with a
 * field of the wrong type is a miss (the turn is asked again), never a turn the host half reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type StoredTurn, TURN_FORMAT } from '../../../src/formats/turn-cache.js';
import { RecordedTurns, TurnStore } from '../../../src/providers/ai/cache-store.js';
import { tempDir, write } from '../../formats/helpers.js';

const KEY = 'k1';
/** Keys in an order of their own (a provider's), which a hit keeps. */
const TURN: StoredTurn = {
  format: TURN_FORMAT,
  key: KEY,
  model: 'openai-chat/m',
  latencyMs: 120,
  result: {
    text: '',
    toolCalls: [{ name: 'query_metrics', id: 'c1', args: { query: 'up' } }],
    usage: { output: 5, input: 10, reasoning: 0, raw: { cached: 3 } },
    providerState: [{ role: 'assistant' }],
  },
};

describe('turn cache files', () => {
  it('answers a stored turn as it was written, keys in their order', () => {
    const store = new TurnStore(tempDir());
    store.put(TURN, JSON.stringify(TURN));
    const hit = store.get(KEY);
    expect(hit.kind).toBe('hit');
    expect(JSON.stringify(hit.kind === 'hit' && hit.entry)).toBe(readFileSync(store.fileOf(KEY), 'utf8'));
  });

  it('refuses a file of another format or key, and one with a field of the wrong type (never replayed)', () => {
    const store = new TurnStore(tempDir());
    const put = (v: unknown) => store.write(KEY, JSON.stringify(v));
    put({ ...TURN, format: 'rematch.turn/0' });
    expect(store.get(KEY).kind).toBe('bad');
    put({ ...TURN, key: 'other' });
    expect(store.get(KEY).kind).toBe('bad');
    put({ ...TURN, result: { ...TURN.result, usage: { ...TURN.result.usage, input: '10' } } });
    expect(store.get(KEY).kind).toBe('bad');
    put({ ...TURN, result: { ...TURN.result, toolCalls: [{ id: 'c1', args: {} }] } });
    expect(store.get(KEY).kind).toBe('bad');
    put(TURN);
    expect(store.get(KEY)).toEqual({ kind: 'hit', entry: TURN });
  });

  it("replays a trial's record line by line, skipping lines that are not turns", () => {
    const dir = tempDir();
    const failed = { format: TURN_FORMAT, key: KEY, error: { message: 'HTTP 500', status: 500 } };
    const lines = [failed, { ...TURN, latencyMs: 'slow' }, TURN].map((t) => JSON.stringify(t));
    const file = write(dir, join('t', 'turns.jsonl'), `${lines.join('\n')}\n{"format":`);
    const rec = new RecordedTurns(file);
    expect(rec.take(KEY)).toEqual(failed);
    expect(rec.take(KEY)).toEqual(TURN);
    expect(rec.take(KEY)).toEqual(TURN);
  });
});
