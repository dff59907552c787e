/**
 * A backfilled Prometheus runs under the watchdog (src/watchdog.ts): when the process that started
 * it is SIGKILLed (no handler runs), the server goes within seconds instead of living on.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPrometheusBinaries } from '../../src/backend/oracle/process.js';
import { track } from '../children.js';

const bin = findPrometheusBinaries();
const ROOT = resolve(__dirname, '../..');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    // a zombie waiting for init to reap it is dead for our purpose
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** The pids of the children of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe.skipIf(!bin && process.env.CI !== 'true')('a Prometheus child after SIGKILL of its parent', () => {
  it('is killed by its watchdog within seconds', async () => {
    expect(bin, 'Prometheus binaries (scripts/install-prometheus.sh)').toBeTruthy();
    // The parent: starts a backfilled server from the built library, prints the watchdog's pid, waits.
    const script = `
      const { startBackfilledPrometheus, findPrometheusBinaries } = await import(${JSON.stringify(join(ROOT, 'dist/backend/oracle/process.js'))});
      const p = await startBackfilledPrometheus(findPrometheusBinaries(), [
        { labels: { __name__: 'up', job: 'x' }, ts: new Float64Array([0, 15000]), vs: new Float64Array([1, 1]) },
      ]);
      console.log(p.pid);
      setInterval(() => {}, 1000);
    `;
    const parent = track(
      spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const watchdog = await new Promise<number>((ok, fail) => {
      let out = '';
      parent.stdout.on('data', (d) => {
        out += d;
        const m = /^(\d+)\s*$/m.exec(out);
        if (m) ok(Number(m[1]));
      });
      parent.on('exit', (code) => fail(new Error(`parent exited ${code} before the server started`)));
    });
    const server = childrenOf(watchdog)[0];
    expect(server, 'the watchdog runs the server as its child').toBeGreaterThan(0);
    expect(alive(server)).toBe(true);
    parent.kill('SIGKILL');
    const t0 = Date.now();
    // ~1.5 s (the watchdog's 500 ms check, then its 1 s grace); the bound is generous for a loaded
    // machine: the failure it catches is a server that never goes.
    while (alive(server) && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 50));
    expect(alive(server), `prometheus ${server} still running ${Date.now() - t0} ms after SIGKILL`).toBe(
      false,
    );
    expect(alive(watchdog)).toBe(false);
  }, 60_000);
});
