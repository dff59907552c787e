/**
 * The history store's behaviour, one suite run against every backend (SQLite here, PostgreSQL
 * against a real server): each test gets a fresh database from `fresh()`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { historyCommand, importRuns } from '../../src/commands/history/index.js';
import { InputError } from '../../src/errors.js';
import { MIGRATIONS, migrateTo, openDriver, openHistory, SCHEMA_VERSION } from '../../src/history/index.js';
import { syntheticRun, thirtyRuns } from './records.js';

const DISPLAY = { color: false, width: 200, full: false };

/** A run row as schema version 1 had it (no source, branch or shard). */
const V1_RUN = `INSERT INTO runs (id, created_at, dir, commit_sha, dirty, config_hash, goldens_hash, seats_hash,
  gate_sets_hash, inputs, gate_sets, seed, repetitions, clock, trials, scored, passed, honesty_trials, wall_ms,
  cost_usd, incomplete) VALUES ('old-run', '2025-06-01T00:00:00.000Z', '/gone', NULL, NULL, 'a', 'b', 'c', 'd',
  NULL, NULL, 1, 5, 'virtual', 10, 10, 7, 1, 1234.5, 0, 0)`;
const V1_ROW = `INSERT INTO run_rows (run_id, golden, seat, gate_set, kind, n, unscored, passes, pass_rate, pass_lo,
  pass_hi, correctness, coverage_a, coverage_b, honesty_trials, honesty_failures, steers, halts, wall_p50, wall_p95,
  model_p50, tool_p50, queue_p50, tokens, cost_usd) VALUES ('old-run', 'g1', 's1', 'all', 'seat', 10, 0, 10, 1, 0.72,
  1, 0.9, 1, 1, 0, 0, 0, 0, 10, 20, 5, 5, 0, 100, 0)`;

/** What each earlier version's database holds before it is opened by this bench. */
const SEED_AT: Record<number, string[]> = { 0: [], 1: [V1_RUN, V1_ROW] };

export function historySuite(fresh: () => Promise<string>, runFolder: () => string): void {
  it('marks the run where each planted regression began, over 30 runs', async () => {
    const target = await fresh();
    const store = await openHistory(target);
    try {
      for (const r of thirtyRuns()) expect(await store.record(r)).toBe('added');
    } finally {
      await store.close();
    }
    const trend = JSON.parse(
      await historyCommand(target, { golden: 'g1', json: true, display: DISPLAY }),
    ) as {
      series: {
        seat: string;
        gateSet: string;
        regressions: string[];
        points: { mark?: string; runId: string }[];
      }[];
    };
    const by = Object.fromEntries(trend.series.map((s) => [`${s.seat}/${s.gateSet}`, s]));
    expect(Object.keys(by).sort()).toEqual(['s1/all', 's2/none', 's3/all', 's4/all']);
    expect(by['s1/all'].regressions).toEqual(['run-013']);
    expect(by['s2/none'].regressions).toEqual(['run-021']);
    expect(by['s3/all'].regressions).toEqual([]);
    expect(by['s4/all'].regressions).toEqual([]);
    expect(by['s4/all'].points.filter((p) => p.mark).map((p) => [p.runId, p.mark])).toEqual([
      ['run-008', 'improved'],
    ]);
    expect(by['s1/all'].points).toHaveLength(30);
    // the runs list says in which run each began, even when the runs before it are not listed
    const listed = JSON.parse(await historyCommand(target, { limit: 18, json: true, display: DISPLAY })) as {
      runs: { run: { id: string }; regressions: string[] }[];
    };
    expect(listed.runs.filter((r) => r.regressions.length).map((r) => [r.run.id, r.regressions])).toEqual([
      ['run-021', ['g1/s2/none']],
      ['run-013', ['g1/s1/all']],
    ]);
    expect(await historyCommand(target, { limit: 18, display: DISPLAY })).toMatch(/run-021 .*◀ g1\/s2\/none/);
    // the terminal table marks the same run, and draws the fall in its sparkline
    const text = await historyCommand(target, { golden: 'g1', seat: 's1', display: DISPLAY });
    expect(text).toContain('regression began in run-013');
    expect(text).toMatch(/pass rate █{12}▄{18}/);
    const line = (id: string) => text.split('\n').find((l) => l.startsWith('│') && l.includes(id));
    expect(line('run-013')).toContain('◀ regression begins');
    expect(line('run-014')).not.toContain('regression');
  });

  it('lists runs newest first with what changed, and leaves shards out unless asked', async () => {
    const target = await fresh();
    const store = await openHistory(target);
    try {
      for (const r of thirtyRuns().slice(18, 22)) await store.record(r);
      await store.record(syntheticRun(40, [], { shard: '1/2' }));
    } finally {
      await store.close();
    }
    const list = JSON.parse(await historyCommand(target, { json: true, display: DISPLAY })) as {
      runs: { run: { id: string }; changed: unknown }[];
    };
    expect(list.runs.map((r) => r.run.id)).toEqual(['run-022', 'run-021', 'run-020', 'run-019']);
    expect(list.runs[1].changed).toEqual(['~config.repetitions']);
    expect(list.runs[2].changed).toEqual([]);
    expect(list.runs[3].changed).toBe('first');
    const withShards = JSON.parse(
      await historyCommand(target, { json: true, shards: true, display: DISPLAY }),
    );
    expect(withShards.runs[0].run.id).toBe('run-040');
    const text = await historyCommand(target, { limit: 2, display: DISPLAY });
    expect(text).toContain('~config.repetitions');
    expect(text).not.toContain('run-020');
  });

  it('keeps every field of a record as written', async () => {
    const store = await openHistory(await fresh());
    try {
      const r = syntheticRun(3, [{ golden: 'g1', seat: 's1', gateSet: 'all', passes: 3, n: 4 }], {
        wallMs: null,
        dirty: null,
      });
      await store.record(r);
      expect(await store.run('run-003')).toEqual(r.run);
      expect(await store.trials('run-003')).toEqual(r.trials);
      expect((await store.points({ golden: 'g1' })).map((p) => p.row)).toEqual(r.rows);
    } finally {
      await store.close();
    }
  });

  it('imports a run folder twice and holds it once', async () => {
    const target = await fresh();
    const dir = runFolder();
    const [first] = await importRuns(target, [dir], { commit: 'f'.repeat(40), branch: 'main' });
    expect(first.result).toBe('added');
    const dump = async () => {
      const store = await openHistory(target);
      try {
        const runs = await store.runs({ shards: true });
        return { runs, trials: await store.trials(runs[0].id), points: await store.points({}) };
      } finally {
        await store.close();
      }
    };
    const once = await dump();
    const [again] = await importRuns(target, [dir], { commit: 'f'.repeat(40), branch: 'main' });
    expect(again.result).toBe('replaced');
    const twice = await dump();
    expect(twice).toEqual(once);
    expect(once.runs).toHaveLength(1);
    expect(once.runs[0]).toMatchObject({ source: 'import', commit: 'f'.repeat(40), branch: 'main' });
    expect(once.trials.length).toBeGreaterThan(0);
    const sc = JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8')) as { trials: { id: string }[] };
    expect(once.trials.map((t) => t.id)).toEqual(sc.trials.map((t) => t.id).sort());
  });

  for (const from of Array.from({ length: SCHEMA_VERSION }, (_, v) => v))
    it(`opens a database of schema version ${from} and migrates it to ${SCHEMA_VERSION}`, async () => {
      const target = await fresh();
      const db = await openDriver(target);
      try {
        if (from > 0) expect(await migrateTo(db, from)).toBe(from);
        for (const s of SEED_AT[from]) await db.run(s);
      } finally {
        await db.close();
      }
      const store = await openHistory(target);
      try {
        expect(await store.schemaVersion()).toBe(SCHEMA_VERSION);
        if (from >= 1) {
          const old = await store.run('old-run');
          expect(old).toMatchObject({ source: 'run', branch: null, shard: null, wallMs: 1234.5, passed: 7 });
          expect((await store.points({ golden: 'g1' }))[0].row.passes).toBe(10);
        }
        await store.record(syntheticRun(1, [{ golden: 'g1', seat: 's1', gateSet: 'all', passes: 1, n: 2 }]));
        expect((await store.runs()).map((r) => r.id)).toContain('run-001');
      } finally {
        await store.close();
      }
      // opened again: nothing left to apply
      const again = await openHistory(target);
      await again.close();
    });

  it('refuses a database of a newer schema, naming both versions', async () => {
    const target = await fresh();
    (await openHistory(target)).close();
    const db = await openDriver(target);
    await db.run("UPDATE history_meta SET value = '99' WHERE key = 'schema'");
    await db.close();
    const e = await openHistory(target).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toContain(
      `history schema 99 is newer than this bench's (${SCHEMA_VERSION})`,
    );
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
  });

  it('takes two writers at once on a fresh database', async () => {
    const target = await fresh();
    const [a, b] = await Promise.all([openHistory(target), openHistory(target)]);
    try {
      await Promise.all([
        a.record(syntheticRun(1, [{ golden: 'g', seat: 's', gateSet: 'all', passes: 1, n: 1 }])),
        b.record(syntheticRun(2, [{ golden: 'g', seat: 's', gateSet: 'all', passes: 0, n: 1 }])),
      ]);
      expect((await a.runs()).map((r) => r.id)).toEqual(['run-002', 'run-001']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('finds a run by a prefix of its id, and refuses one two runs share', async () => {
    const store = await openHistory(await fresh());
    try {
      await store.record(syntheticRun(11, []));
      await store.record(syntheticRun(12, []));
      expect((await store.run('run-011'))?.id).toBe('run-011');
      expect(await store.run('nope')).toBeUndefined();
      await expect(store.run('run-01')).rejects.toThrow(/2 runs of the history start so/);
      await store.record(syntheticRun(20, []));
      expect((await store.run('run-02'))?.id).toBe('run-020');
    } finally {
      await store.close();
    }
  });
}
