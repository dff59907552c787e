/**
 * A cold start loads only what the command needs (issue 27, item 5): `bench --help` and a
 * command's `--help` load commander, chalk and the CLI's own flag modules, never the schemas (zod,
 * 95 modules), the engines, the host or the backend, which took `bench --help` from 0.07 s to
 * 0.25 s of CPU. Asserted on the modules the built CLI resolves (a loader hook that lists them),
 * not on time; `npm run bench:matrix` prints the CPU of each.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** A resolve hook that prints every file URL it resolves to stderr, one per line. */
const HOOKS = `data:text/javascript,${encodeURIComponent(
  'export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.startsWith("file:")) process.stderr.write("LOADED " + r.url + "\\n"); return r; }',
)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(HOOKS)});`,
)}`;

function loaded(args: string[]): { code: number | null; modules: string[] } {
  const r = spawnSync(process.execPath, ['--import', REGISTER, 'bin/bench.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const modules = [...r.stderr.matchAll(/^LOADED file:\/\/(.*)$/gm)].map((m) => m[1].replace(`${ROOT}/`, ''));
  return { code: r.status, modules };
}

const HEAVY =
  /^(node_modules\/(zod|yaml|@lezer|@prometheus-io|@grafana|re2js|ai|@ai-sdk)\/|dist\/(host|backend|promql|logql|world|evidence|execute|providers|scoring|plan)\/)/;

describe('a cold start', () => {
  for (const args of [['--help'], ['run', '--help'], ['list', '--help'], ['--version']]) {
    it(`bench ${args.join(' ')} loads no schema, engine, host or backend module`, () => {
      const r = loaded(args);
      expect(r.code).toBe(0);
      // the hook saw the CLI itself, so an empty list cannot pass by accident
      expect(r.modules).toContain('dist/cli/main.js');
      expect(r.modules.filter((m) => HEAVY.test(m))).toEqual([]);
    }, 60_000);
  }
});
