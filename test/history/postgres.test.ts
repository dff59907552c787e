/**
 * The run history on PostgreSQL: the same suite as SQLite's (suite.ts) against a real server
 * (postgres-server.ts), a fresh database per test; and what only a URL has: its password never
 * shown, in where the history is said to be nor in an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../src/history/index.js';
import { bench } from '../formats/helpers.js';
import { requireShared } from '../shared-data.js';
import { PASSWORD, type PgServer, postgresBin, startPostgres } from './postgres-server.js';
import { SMALL_RUN, syntheticRun } from './records.js';
import { historySuite } from './suite.js';

const ROOT = resolve(__dirname, '../..');
const BIN = postgresBin();

if (!BIN) {
  const why =
    'skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql; .ci/run installs it)';
  if (requireShared())
    describe('the run history on PostgreSQL', () =>
      it('has PostgreSQL (REMATCH_REQUIRE_SHARED=1)', () => {
        throw new Error(why);
      }));
  else {
    console.warn(`the run history on PostgreSQL: ${why}`);
    describe('the run history on PostgreSQL', () => it.skip(why, () => {}));
  }
} else {
  describe('the run history on PostgreSQL', () => {
    let server: PgServer;
    let tmp: string;
    let n = 0;

    beforeAll(async () => {
      tmp = mkdtempSync(join(tmpdir(), 'rematch-history-pg-'));
      server = await startPostgres(BIN);
      const r = bench([...SMALL_RUN, '--no-history', '--out', join(tmp, 'run')], ROOT);
      if (r.status !== 0) throw new Error(`bench run: ${r.status} ${r.stderr}`);
    });

    afterAll(() => {
      server?.stop();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    historySuite(
      async () => {
        const db = `h${++n}`;
        server.createDb(db);
        return server.url(db);
      },
      () => join(tmp, 'run'),
    );

    it('never shows the password of its URL', async () => {
      const db = `h${++n}`;
      server.createDb(db);
      const store = await openHistory(server.url(db));
      try {
        expect(store.where).not.toContain(PASSWORD);
        expect(store.where).toContain('***');
        await store.record(syntheticRun(1, []));
      } finally {
        await store.close();
      }
      const wrong = server.url(db).replace(PASSWORD, `${PASSWORD}-wrong`);
      const r = bench(['history', '--history', wrong], ROOT);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('password authentication failed');
      expect(r.stderr + r.stdout).not.toContain(PASSWORD);
      const ok = bench(['history', '--history', server.url(db)], ROOT);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('run-001');
      expect(ok.stdout + ok.stderr).not.toContain(PASSWORD);
    });
  });
}
