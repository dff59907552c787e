/**
 * score.stale on the shipped cart-redis-stale-tools golden (docs/scoring.md#stale-tools): the
 * diligent sim refreshes the catalog and its Theory cites only calls the working tools answered;
 * the tweaker never refreshes and, halted by the ledger, names gaps that rest on stale tools.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainScore } from '../../src/scoring/index.js';
import { runTrial } from '../../src/vitest/index.js';

const out = () => mkdtempSync(join(tmpdir(), 'rematch-stale-'));
const GOLDEN = 'cart-redis-stale-tools';

function staleIds(traceFile: string): Set<string> {
  const ids = new Set<string>();
  for (const l of readFileSync(traceFile, 'utf8').trim().split('\n')) {
    const e = JSON.parse(l);
    if (e.type === 'tool_result' && e.stale === true) ids.add(e.id);
  }
  return ids;
}

describe('score.stale', () => {
  it('the diligent sim refreshes, re-asks and passes: nothing rests on stale tools', async () => {
    const t = await runTrial({ golden: GOLDEN, seat: 'sim-diligent-react', gates: 'all', out: out() });
    expect(t.verdict).toBe('pass');
    expect(t.score?.stale).toMatchObject({ refreshed: true, cited: [], rested: false });
    expect(t.score?.stale?.calls).toBeGreaterThan(0);
  });

  it('the tweaker never refreshes: its Theory cites stale calls, and the explanation says so', async () => {
    const t = await runTrial({ golden: GOLDEN, seat: 'sim-tweaker-react', gates: 'all', out: out() });
    const st = t.score?.stale;
    expect(st).toMatchObject({ refreshed: false, rested: true });
    expect(st?.cited.length).toBeGreaterThan(0);
    const stale = staleIds(t.traceFile ?? '');
    for (const id of st?.cited ?? []) expect(stale.has(id)).toBe(true);
    const why = t.score ? explainScore(t.score).reasons : [];
    expect(why.some((r) => /^rested on stale tools: the Theory cites c\d+/.test(r))).toBe(true);
  });

  it('a golden without the fault has no stale figure', async () => {
    const t = await runTrial({
      golden: 'checkout-db-pool',
      seat: 'sim-tweaker-react',
      gates: 'all',
      out: out(),
    });
    expect(t.score).not.toBeNull();
    expect(t.score?.stale).toBeUndefined();
  });
});
