/** Start `bench serve` through the built CLI for a test: its base URL, stopped after the file. */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const BIN = resolve(ROOT, 'bin/bench.js');

export async function benchServe(args: string[]): Promise<{ url: string; banner: string }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, 'serve', ...args, '--port', '0', '--workers', '1'],
    {
      cwd: ROOT,
    },
  );
  afterAll(() => {
    child.kill('SIGTERM');
  });
  let out = '';
  await new Promise<void>((ready, fail) => {
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('serving until interrupted')) ready();
    });
    child.on('exit', () => fail(new Error(`bench serve exited early: ${out}`)));
  });
  const url = /Prometheus: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) throw new Error(`no URL in the banner: ${out}`);
  return { url, banner: out };
}
