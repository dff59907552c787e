/**
 * Start `bench serve` through the built CLI for a test: its base URL and banner. The server is
 * tracked (test/children.ts): started in a test, it stops when the test ends; in a hook or a
 * describe body, after the file; either way also when the test fails, and before this throws.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { stop, track } from '../children.js';

const ROOT = resolve(__dirname, '../..');
const BIN = resolve(ROOT, 'bin/bench.js');

export async function benchServe(args: string[]): Promise<{ url: string; banner: string }> {
  const child = track(
    spawn(process.execPath, [BIN, 'serve', ...args, '--port', '0', '--workers', '1'], { cwd: ROOT }),
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  try {
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('serving until interrupted')) ready();
      });
      child.on('exit', () => fail(new Error(`bench serve exited early: ${out}${err}`)));
      child.on('error', fail);
    });
    const url = /Prometheus: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (!url) throw new Error(`no URL in the banner: ${out}`);
    return { url, banner: out };
  } catch (e) {
    await stop(child);
    throw e;
  }
}
