/**
 * The dependency direction of DESIGN §4, enforced: `cli → index → commands → reporters →
 * execute/validate → runlog → plan → {external, host} → {providers, backend, mcp, scoring} →
 * {world, promql, logql} → evidence → protocol → spec/errors`; reporters read results only; the
 * engines never import the backend or the host; host, providers and external/ (command seats) meet
 * only in protocol/, which imports none of them; the host imports nothing from providers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

/** Top-level module of a file under src/: its first folder, or the file name for top-level files. */
function moduleOf(file: string): string {
  const rel = relative(SRC, file).replaceAll('\\', '/');
  const first = rel.split('/')[0];
  return rel.includes('/') ? first : first.replace(/\.ts$/, '');
}

const ALLOWED: Record<string, string[]> = {
  errors: [],
  clock: [],
  watchdog: [],
  spec: ['errors'],
  world: ['spec', 'errors'],
  promql: ['world', 'spec', 'errors'],
  logql: ['world', 'promql', 'spec', 'errors'],
  backend: ['world', 'promql', 'logql', 'protocol', 'spec', 'errors', 'clock', 'watchdog'],
  protocol: ['spec', 'errors', 'clock'],
  providers: ['protocol', 'spec', 'errors', 'clock', 'world', 'promql', 'logql', 'watchdog'],
  host: ['protocol', 'backend', 'world', 'promql', 'logql', 'evidence', 'spec', 'errors', 'clock'],
  external: ['protocol', 'backend', 'world', 'promql', 'logql', 'spec', 'errors', 'clock', 'watchdog'],
  evidence: ['spec', 'errors'],
  scoring: ['evidence', 'protocol', 'spec', 'errors'],
  // run/ split by stage (DESIGN §4). plan/ is pure and sits lowest: the run folder records the plan
  // (runlog → plan). validate/ runs the ceiling's reference trial, so it may use execute/.
  plan: ['host', 'backend', 'scoring', 'spec', 'errors', 'clock'],
  runlog: ['plan', 'host', 'scoring', 'spec', 'errors'],
  execute: [
    'plan',
    'runlog',
    'host',
    'external',
    'protocol',
    'backend',
    'providers',
    'scoring',
    'world',
    'promql',
    'logql',
    'spec',
    'errors',
    'clock',
    'watchdog',
  ],
  validate: [
    'execute',
    'protocol',
    'plan',
    'runlog',
    'host',
    'backend',
    'world',
    'promql',
    'logql',
    'scoring',
    'spec',
    'errors',
    'clock',
  ],
  reporters: ['plan', 'scoring', 'spec', 'errors'],
  commands: [
    'reporters',
    'plan',
    'execute',
    'runlog',
    'validate',
    'mcp',
    'host',
    'backend',
    'providers',
    'world',
    'promql',
    'logql',
    'scoring',
    'evidence',
    'spec',
    'errors',
    'clock',
    'watchdog',
  ],
  mcp: ['backend', 'world', 'promql', 'logql', 'spec', 'errors', 'clock'],
  index: ['*'],
  cli: ['*'],
};

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

function importsOf(file: string): { spec: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    out.push({ spec: m[3], typeOnly: Boolean(m[2]) });
  }
  for (const m of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) out.push({ spec: m[1], typeOnly: false });
  return out.filter((i) => i.spec.startsWith('.'));
}

describe('architecture', () => {
  it('keeps dependencies pointing one way', () => {
    const violations: string[] = [];
    for (const file of files(SRC)) {
      const from = moduleOf(file);
      const allowed = ALLOWED[from];
      if (!allowed) {
        violations.push(
          `${relative(SRC, file)}: module "${from}" is not on the map (test/architecture.test.ts)`,
        );
        continue;
      }
      for (const imp of importsOf(file)) {
        const target = moduleOf(resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts')));
        if (target === from || allowed.includes('*') || allowed.includes(target)) continue;
        violations.push(`${relative(SRC, file)} imports ${imp.spec} (${from} → ${target})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('lets the host import nothing from providers (the model interface is protocol/)', () => {
    const bad: string[] = [];
    for (const file of files(join(SRC, 'host'))) {
      for (const imp of importsOf(file)) {
        const target = resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts'));
        if (target.startsWith(`${join(SRC, 'providers')}/`))
          bad.push(`${relative(SRC, file)} imports ${imp.spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
