/**
 * Output into a reader that has gone (`bench plan | head -1`): through a real shell pipe, the
 * bench ends quietly with exit 0, where Node would crash on the unhandled EPIPE (exit 1, a stack).
 * `| true` closes the pipe before the bench writes, so EPIPE is certain; `| head -1` is the
 * everyday form, which may or may not beat the write.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

function piped(bench: string, reader: string): { code: string; stderr: string; stdout: string } {
  // PIPESTATUS[0] is the bench's own exit code, whatever the reader did.
  const script = `node bin/bench.js ${bench} | ${reader}; echo "bench-exit=\${PIPESTATUS[0]}" >&2`;
  const r = spawnSync('bash', ['-c', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const code = /bench-exit=(\d+)/.exec(r.stderr)?.[1] ?? 'none';
  return { code, stderr: r.stderr.replace(/bench-exit=\d+\n/, ''), stdout: r.stdout };
}

describe('a closed stdout pipe', () => {
  for (const [bench, reader] of [
    ['plan', 'true'],
    ['plan', 'head -1'],
    ['list goldens', 'true'],
    ['list goldens', 'head -1'],
    ['plan --json', 'head -c 10'],
  ]) {
    it(`bench ${bench} | ${reader} exits 0 with nothing on stderr`, () => {
      const r = piped(bench, reader);
      expect(r.stderr).toBe('');
      expect(r.code).toBe('0');
    }, 60_000);
  }

  it('still delivers what the reader read', () => {
    expect(piped('plan', 'head -1').stdout).toMatch(/^\d+ trials \(of \d+ in the matrix\)/);
  }, 60_000);
});
