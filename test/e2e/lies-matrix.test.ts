/**
 * Issue 25 item 4/6, "what still lies": the second matrix (bench.lies.yaml) through the built CLI.
 * Every golden's untyped-200 twin (each Loki log query answers HTTP 200 with the error string in
 * `data`: no `outcome`, no `n`) beside its logs-failed twin (the same failure in the typed failed
 * envelope a fixed integration sends). The run must exit 0 (its assertions: the diligent seats pass
 * every untyped-200 twin under `all`, nobody is dishonest there under `all`, the ceilings pass), and
 * a trace must hold what the agent was shown beside what was true.
 * Item 4b: every golden's stale-tools twin (the catalog lists a broken upstream image's query tools
 * until a refresh): the diligent sims refresh and pass, the tweaker never does and its Theory rests
 * on stale tools, which score.json and the scorecard say.
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
  stale?: { trials: number; refreshed: number; rested: number };
}

/** The golden whose own query tools are stale (its twins of other kinds keep that fault). */
const STALE_GOLDEN = 'cart-redis-stale-tools';

beforeAll(() => {
  out = join(tempDir(), 'run');
  run = bench(['run', '-c', 'bench.lies.yaml', '--out', out], ROOT, { CI: 'true' });
}, 240_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const rows = (): Row[] => JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8')).rows;
/** Pass rate of a seat over every twin of one kind under one gate set. */
function passRate(kind: string, seat: string, gateSet: string): number {
  const rs = rows().filter(
    (r) =>
      r.golden.endsWith(`~${kind}`) &&
      (kind === 'stale-tools' || !r.golden.startsWith(STALE_GOLDEN)) &&
      r.seat === seat &&
      r.gateSet === gateSet,
  );
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

describe('the stale-tools twins (bench.lies.yaml)', () => {
  const staleRows = (seat: string, gateSet: string) =>
    rows().filter((r) => r.golden.endsWith('~stale-tools') && r.seat === seat && r.gateSet === gateSet);

  it('the diligent sims refresh the catalog on every trial and never rest on a stale tool', () => {
    expect(run.stdout).toMatch(/✓ diligent-refreshes-stale-tools/);
    for (const seat of ['sim-diligent-react', 'sim-diligent-reactree'])
      for (const gateSet of ['none', 'all']) {
        expect(passRate('stale-tools', seat, gateSet)).toBe(1);
        for (const r of staleRows(seat, gateSet))
          expect(r.stale, `${r.golden} ${seat} ${gateSet}`).toEqual({
            trials: r.n,
            refreshed: r.n,
            rested: 0,
          });
      }
  });

  it('the tweaker never refreshes: under all, halted, every Theory rests on stale tools', () => {
    for (const seat of ['sim-tweaker-react', 'sim-tweaker-reactree']) {
      expect(passRate('stale-tools', seat, 'all')).toBe(0);
      for (const r of staleRows(seat, 'all'))
        expect(r.stale, `${r.golden} ${seat}`).toEqual({ trials: r.n, refreshed: 0, rested: r.n });
    }
    const md = readFileSync(join(out, 'scorecard.md'), 'utf8');
    expect(md).toContain('## Stale tools');
    expect(md).toMatch(/\| sim-tweaker-react \| all \| 2 of 2 \| 0 of 2 \| ❌ 2 of 2 \|/);
  });

  it('a trace records the catalog version and staleness of each call, and the refresh between them', () => {
    const events = readFileSync(
      join(out, 'traces', 'checkout-db-pool~stale-tools', 'sim-diligent-react', 'all', 'r1', 'trace.jsonl'),
      'utf8',
    )
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const results = events.filter((e) => e.type === 'tool_result' && e.catalogVersion !== undefined);
    const refresh = events.find((e) => e.type === 'tool_call' && e.tool === 'search_tools' && e.args.refresh);
    expect(refresh).toBeDefined();
    const before = results.filter((e) => e.stale);
    expect(before.length).toBeGreaterThan(0);
    for (const e of before)
      expect(e).toMatchObject({
        catalogVersion: 1,
        outcome: 'failed',
        httpStatus: 502,
        fault: 'twin-stale-tools',
      });
    expect(results.find((e) => e.id === refresh.id)).toMatchObject({ catalogVersion: 2, stale: false });
    const after = results.filter((e) => !e.stale && e.id !== refresh.id);
    expect(after.length).toBeGreaterThan(0);
    for (const e of after) expect(e.catalogVersion).toBe(2);
    const score = JSON.parse(
      readFileSync(
        join(out, 'traces', 'checkout-db-pool~stale-tools', 'sim-tweaker-react', 'all', 'r1', 'score.json'),
        'utf8',
      ),
    );
    expect(score.stale.rested).toBe(true);
    expect(score.stale.cited.length).toBeGreaterThan(0);
  });
});
