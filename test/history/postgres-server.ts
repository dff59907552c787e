/**
 * A real PostgreSQL server for the history tests: Debian's binaries (`apt-get install postgresql`,
 * which .ci/run does), a cluster initdb'd in a temporary folder, listening on 127.0.0.1 on a free
 * port with a password (scram), started and stopped by pg_ctl. PostgreSQL refuses to run as root,
 * so as root the cluster belongs to `nobody` and the binaries run through runuser. Without the
 * binaries the tests skip and say so; with REMATCH_REQUIRE_SHARED=1 (.ci/run) that is a failure.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOTS = '/usr/lib/postgresql';
export const PASSWORD = 'hist-pw-5f1c9e';

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function postgresBin(): string | undefined {
  if (!existsSync(ROOTS)) return undefined;
  const versions = readdirSync(ROOTS)
    .filter((v) => existsSync(join(ROOTS, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(ROOTS, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export interface PgServer {
  /** postgres://bench:PASSWORD@127.0.0.1:PORT/ */
  url(db: string): string;
  createDb(name: string): void;
  stop(): void;
}

export async function startPostgres(bin: string): Promise<PgServer> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'rematch-pg-'));
  chmodSync(dir, 0o755);
  const nobody = 65534;
  if (root) chownSync(dir, nobody, nobody);
  const run = (tool: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : join(bin, tool),
      root ? ['-u', 'nobody', '--', join(bin, tool), ...args] : args,
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
      },
    );
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${PASSWORD}\n`);
  if (root) chownSync(pwfile, nobody, nobody);
  const data = join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'bench',
    '-A',
    'scram-sha-256',
    `--pwfile=${pwfile}`,
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  let stopped = false;
  return {
    url: (db) => `postgres://bench:${PASSWORD}@127.0.0.1:${port}/${db}`,
    createDb(name) {
      execFileSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'bench', name], {
        env: { ...process.env, PGPASSWORD: PASSWORD },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
