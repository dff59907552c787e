/**
 * Issue 25 item 5: shapes that decide outcomes by themselves. sim-plain-react and
 * sim-plain-reactree run the same policy with the same budget; only `shape` differs. On the
 * write-up's contended golden, over four seeds (repetitions), the hierarchical seat must finish
 * faster with lower correctness and Part B undetermined with no Part B numbers without the gates,
 * and the gates (findings at a node's budget cap) must bring it closer to the single agent.
 * Through the built CLI, like a user runs it.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
let out: string;
let run: ReturnType<typeof bench>;

interface Trial {
  seat: string;
  gateSet: string;
  correctness: number;
  wallMs: number;
  partB: { status: string; measurements: number };
}

beforeAll(() => {
  out = join(tempDir(), 'run');
  run = bench(
    [
      'run',
      '--seat',
      'sim-plain-react',
      'sim-plain-reactree',
      '--golden',
      'contended-backend',
      '--gates',
      'none',
      'all',
      '--reps',
      '4',
      '--out',
      out,
      '--no-assert',
      '--no-history',
      '--reporter',
      'json',
    ],
    ROOT,
    { CI: 'true' },
  );
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

function trials(): Trial[] {
  return readFileSync(join(out, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).record)
    .filter((r) => r?.score && String(r.seat).startsWith('sim-plain-'))
    .map((r) => {
      const theory = JSON.parse(readFileSync(join(out, r.dir, 'theory.json'), 'utf8'));
      return {
        seat: r.seat,
        gateSet: r.gateSet,
        correctness: r.score.correctness,
        wallMs: r.score.timing.wallMs,
        partB: { status: theory.parts.B.status, measurements: theory.parts.B.measurements.length },
      };
    });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const cell = (seat: string, gateSet: string) => {
  const ts = trials().filter((t) => t.seat === `sim-plain-${seat}` && t.gateSet === gateSet);
  expect(ts).toHaveLength(4);
  return {
    ts,
    wall: median(ts.map((t) => t.wallMs)),
    correctness: ts.reduce((s, t) => s + t.correctness, 0) / ts.length,
  };
};

describe('shape-only seats on contended-backend (sim-plain-react vs sim-plain-reactree)', () => {
  it('runs', () => {
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
  });

  it('without gates the hierarchical seat is faster, scores lower, and leaves Part B undetermined', () => {
    const react = cell('react', 'none');
    const tree = cell('reactree', 'none');
    expect(tree.wall).toBeLessThan(react.wall);
    expect(tree.correctness).toBeLessThan(react.correctness);
    for (const t of tree.ts) {
      expect(t.partB.status).toBe('undetermined');
      expect(t.partB.measurements).toBeLessThanOrEqual(1);
    }
    // The single agent on the same policy resolves Part B.
    for (const t of react.ts) expect(t.partB.status).toBe('resolved');
  });

  it('the gates lift the hierarchical seat toward the single agent', () => {
    const react = cell('react', 'all');
    const none = cell('reactree', 'none');
    const all = cell('reactree', 'all');
    expect(all.correctness).toBeGreaterThan(none.correctness);
    expect(react.correctness - all.correctness).toBeLessThan(
      cell('react', 'none').correctness - none.correctness,
    );
    // What lifted it: each child's findings reached the root at its budget cap.
    for (const t of all.ts) expect(t.partB.measurements).toBeGreaterThan(1);
  });

  it("the mechanics are the host's: each child's share is stated and enforced, and its cap is a gate decision", () => {
    const dir = (g: string) => join(out, 'traces/contended-backend/sim-plain-reactree', g, 'r1/trace.jsonl');
    const events = (g: string) =>
      readFileSync(dir(g), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    for (const g of ['none', 'all']) {
      const ends = events(g).filter(
        (e) => e.type === 'node' && e.event === 'end' && e.node !== 'root' && e.kind === 'agent',
      );
      expect(ends).toHaveLength(2);
      // 9 turns, two children: floor((8 − 3) / 2) = 2 turns each, plus the report at the cap under budgetFindings.
      for (const e of ends) expect(e.usage.turns).toBe(g === 'all' ? 3 : 2);
    }
    const none = events('none');
    const expand = none.find(
      (e) => e.type === 'tool_result' && String(e.preview).includes('stopped: node turns 2/2'),
    );
    expect(expand).toBeDefined();
    expect(none.some((e) => e.type === 'gate' && e.gate === 'budgetFindings')).toBe(false);
    const capped = events('all').filter((e) => e.type === 'gate' && e.gate === 'budgetFindings');
    expect(capped.map((e) => e.node).sort()).toEqual(['root.1', 'root.2']);
  });
});
