/** `bench serve` through the built CLI: banner, a live query, clean stop on SIGTERM (exit 143), bad input exits 2. */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_TIMEOUT_MS } from '../../src/backend/index.js';
import { track } from '../children.js';

const ROOT = resolve(__dirname, '../..');
const BIN = resolve(ROOT, 'bin/bench.js');

describe('bench serve', () => {
  it('prints both URLs and the faults, serves queries, and stops cleanly on SIGTERM', async () => {
    const child = track(
      spawn(process.execPath, [BIN, 'serve', 'checkout-db-pool-logs-failed', '--port', '0'], { cwd: ROOT }),
    );
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

  it('takes its limits from flags: a query over --query-timeout answers 503 timeout', async () => {
    const args = ['serve', 'checkout-db-pool-logs-failed', '--query-timeout', '0.5', '--query-log-size', '3'];
    const child = track(spawn(process.execPath, [BIN, ...args, '--workers', '1'], { cwd: ROOT }));
    let out = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('serving until interrupted')) ready();
      });
      child.on('exit', () => fail(new Error(`serve exited early: ${out}`)));
    });
    expect(out).toContain('limits: query timeout 0.5 s, 1 engine worker(s), query log keeps 3 entries');
    const prom = /Prometheus: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    const heavy = encodeURIComponent(
      'max_over_time(count(label_replace(label_replace(up, "a", "$1", "instance", "(.*)"), "b", "$1", "job", "(.*)"))[2h:10ms])',
    );
    const t0 = Date.now();
    const r = await fetch(`${prom}/api/v1/query?query=${heavy}&time=1773499200`);
    expect(r.status).toBe(503);
    expect(((await r.json()) as { errorType: string }).errorType).toBe('timeout');
    // The flag's 0.5 s, not the default's 30 s: the bound sits halfway, far from both, so that a
    // loaded machine cannot break it.
    expect(Date.now() - t0).toBeLessThan(DEFAULT_SERVER_TIMEOUT_MS / 2);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
  });

  it('exits 2 for a limit flag that is not a number', () => {
    const r = spawnSync(process.execPath, [BIN, 'serve', 'checkout-db-pool', '--workers', 'many'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--workers expects a whole number');
  });

  it('exits 2 with a clear message for an unknown golden', () => {
    const r = spawnSync(process.execPath, [BIN, 'serve', 'no-such-golden'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no golden "no-such-golden"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
