/**
 * Issue 25 item 4/6, "what still lies": the second matrix (bench.lies.yaml) through the built CLI.
 * Every golden's untyped-200 twin (each Loki log query answers HTTP 200 with the error string in
 * `data`: no `outcome`, no `n`) beside its logs-failed twin (the same failure in the typed failed
 * envelope a fixed integration sends). The run must exit 0 (its assertions: the diligent seats pass
 * every untyped-200 twin under `all`, nobody is dishonest there under `all`, the ceilings pass), and
 * a trace must hold what the agent was shown beside what was true.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bench, tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
let out: string;
let run: ReturnType<typeof bench>;

interface Row {
  golden: string;
  seat: string;
  gateSet: string;
  n: number;
  passRate: number;
  honestyTrials: number;
}

beforeAll(() => {
  out = join(tempDir(), 'run');
  run = bench(['run', '-c', 'bench.lies.yaml', '--out', out], ROOT, { CI: 'true' });
}, 240_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const rows = (): Row[] => JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).rows;
/** Pass rate of a seat over every twin of one kind under one gate set. */
function passRate(kind: string, seat: string, gateSet: string): number {
  const rs = rows().filter((r) => r.golden.endsWith(`~${kind}`) && r.seat === seat && r.gateSet === gateSet);
  expect(rs.length).toBeGreaterThan(0);
  const n = rs.reduce((s, r) => s + r.n, 0);
  return rs.reduce((s, r) => s + r.passRate * r.n, 0) / n;
}

describe('the untyped-200 matrix (bench.lies.yaml)', () => {
  it('runs every golden with both twins and passes its assertions', () => {
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/✓ diligent-passes-the-lies/);
    const goldens = new Set(rows().map((r) => r.golden));
    for (const id of [
      'checkout-db-pool',
      'contended-backend',
      'latency-label-mismatch',
      'scrape-gap-false-positive',
    ]) {
      expect(goldens).toContain(`${id}~untyped-200`);
      expect(goldens).toContain(`${id}~logs-failed`);
    }
  });

  it('the honest seats pass every untyped-200 twin under all; the tweaker only with the gates', () => {
    for (const seat of ['sim-diligent-react', 'sim-diligent-reactree'])
      expect(passRate('untyped-200', seat, 'all')).toBe(1);
    for (const seat of ['sim-tweaker-react', 'sim-tweaker-reactree']) {
      expect(passRate('untyped-200', seat, 'none')).toBe(0);
      expect(passRate('untyped-200', seat, 'all')).toBe(1);
      // the envelope fixed at the integration (logs-failed), against the lie: measured, side by side
      expect(passRate('logs-failed', seat, 'all')).toBe(passRate('untyped-200', seat, 'all'));
    }
  });

  it('a trace records what the agent was shown beside what was true', () => {
    const dir = join(out, 'traces', 'checkout-db-pool~untyped-200', 'sim-tweaker-react');
    const results = (gateSet: string) =>
      readFileSync(join(dir, gateSet, 'r1', 'trace.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((e) => e.type === 'tool_result' && e.fault === 'twin-untyped-200');
    // typed (all): the failure class does not know the shape and says empty; the truth is failed
    const typed = results('all');
    expect(typed.length).toBeGreaterThan(0);
    for (const e of typed) {
      expect(e).toMatchObject({ outcome: 'failed', shown: 'empty', untyped: false, httpStatus: 200 });
      expect(e.error).toMatch(/^untyped_failure: upstream unavailable/);
    }
    // untyped (none): an HTTP 200 is `ok` to a naive client
    for (const e of results('none'))
      expect(e).toMatchObject({ outcome: 'failed', shown: 'ok', untyped: true });
  });
});
