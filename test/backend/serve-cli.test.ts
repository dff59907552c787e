/** `bench serve` through the built CLI: banner, a live query, clean stop on SIGTERM (exit 143), bad input exits 2. */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const BIN = resolve(ROOT, 'bin/bench.js');

describe('bench serve', () => {
  it('prints both URLs and the faults, serves queries, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', 'checkout-db-pool-logs-failed', '--port', '0'], {
      cwd: ROOT,
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('serving until interrupted')) ready();
      });
      child.on('exit', () => fail(new Error(`serve exited early: ${out}${err}`)));
    });
    const prom = /Prometheus: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    const loki = /Loki: +(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(prom).toBeDefined();
    expect(loki).toBe(prom);
    expect(out).toContain('payments-logs-failed: failed-envelope');
    const r = await fetch(`${prom}/api/v1/query?query=${encodeURIComponent('count(up)')}`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { status: string }).status).toBe('success');
    child.kill('SIGTERM');
    // Stopped cleanly, and says it was a signal: 128 + SIGTERM, as a shell reports it.
    expect(await exited).toBe(143);
    expect(out).toContain('stopped');
    expect(err).toContain('interrupted (SIGTERM)');
  });

  it('exits 2 with a clear message for an unknown golden', () => {
    const r = spawnSync(process.execPath, [BIN, 'serve', 'no-such-golden'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no golden "no-such-golden"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
