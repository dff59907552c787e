/**
 * Global setup: fixtures that cost seconds to build and that several test files read (the default
 * `bench run`), built at most once per `vitest run`, in this (the main) process, and only when a
 * file asks (a run of one folder builds none). A file asks through test/shared-runs.ts: a GET to a
 * loopback server whose URL is provided to the workers; the answer (JSON) comes when the build is
 * done, the same for every asker. A build's folder is read-only for its readers: a command that
 * locks or writes a run folder works on a copy (copyRun). Teardown stops a build still running
 * and removes the folders.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the shared-runs server (test/shared-runs.ts asks it). */
    sharedRuns: string;
  }
}

const ROOT = resolve(__dirname, '../..');

/** What `bench run` printed and how it exited, and the run folder it wrote. */
export interface CliRun {
  dir: string;
  status: number | null;
  stdout: string;
  stderr: string;
}

type Build = (dir: string, children: Set<ChildProcess>) => Promise<CliRun>;

/** The built CLI in the repository, as a user runs it there, without color or a width. */
function cli(args: string[], children: Set<ChildProcess>): Promise<Omit<CliRun, 'dir'>> {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) throw new Error('run `npm run build` first');
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  delete env.COLUMNS;
  const child = spawn(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], { cwd: ROOT, env });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (status) => {
      children.delete(child);
      done({ status, stdout, stderr });
    });
  });
}

const BUILDS: Record<string, Build> = {
  /** `bench run --out DIR`: the shipped config's default matrix (goldens × sim seats × {none, all} × 5). */
  'default-run': async (dir, children) => {
    const out = join(dir, 'run');
    return { dir: out, ...(await cli(['run', '--out', out], children)) };
  },
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = mkdtempSync(join(tmpdir(), 'rematch-shared-'));
  const built = new Map<string, Promise<unknown>>();
  const children = new Set<ChildProcess>();

  const answer = (res: ServerResponse, name: string) => {
    const build = BUILDS[name];
    if (!build) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no shared run "${name}"`);
      return;
    }
    let p = built.get(name);
    if (!p) {
      p = build(join(base, name), children).catch((e: Error) => ({ error: e.message }));
      built.set(name, p);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    // JSON ignores leading whitespace: a space now and then keeps any idle timeout away
    const beat = setInterval(() => res.write(' '), 10_000);
    void p.then((v) => {
      clearInterval(beat);
      res.end(JSON.stringify(v));
    });
  };

  const server = createServer((req, res) => answer(res, decodeURIComponent((req.url ?? '/').slice(1))));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  project.provide('sharedRuns', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);

  return async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.allSettled(built.values());
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
    rmSync(base, { recursive: true, force: true });
  };
}
