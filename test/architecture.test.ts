/**
 * The dependency direction of DESIGN §4, enforced: `cli → index → commands → reporters →
 * execute/validate → runlog → plan → {external, host} → {providers, backend, mcp, scoring} →
 * {world, promql, logql} → evidence → protocol → formats/errors`; reporters read results only; the
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
  formats: ['errors'],
  world: ['formats', 'errors'],
  promql: ['world', 'formats', 'errors'],
  logql: ['world', 'promql', 'formats', 'errors'],
  backend: ['world', 'promql', 'logql', 'protocol', 'formats', 'errors', 'clock', 'watchdog'],
  protocol: ['formats', 'errors', 'clock'],
  providers: ['protocol', 'formats', 'errors', 'clock', 'world', 'promql', 'logql', 'watchdog'],
  host: ['protocol', 'backend', 'world', 'promql', 'logql', 'evidence', 'formats', 'errors', 'clock'],
  external: ['protocol', 'backend', 'world', 'promql', 'logql', 'formats', 'errors', 'clock', 'watchdog'],
  evidence: ['formats', 'errors'],
  scoring: ['evidence', 'protocol', 'formats', 'errors'],
  // run/ split by stage (DESIGN §4). plan/ is pure and sits lowest: the run folder records the plan
  // (runlog → plan). validate/ runs the ceiling's reference trial, so it may use execute/.
  plan: ['host', 'backend', 'scoring', 'formats', 'errors', 'clock'],
  runlog: ['plan', 'host', 'scoring', 'formats', 'errors'],
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
    'formats',
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
    'formats',
    'errors',
    'clock',
  ],
  reporters: ['plan', 'scoring', 'formats', 'errors'],
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
    'formats',
    'errors',
    'clock',
    'watchdog',
  ],
  mcp: ['backend', 'world', 'promql', 'logql', 'formats', 'errors', 'clock'],
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

/** Strongly connected components of size > 1 (Tarjan): each is a cycle of the graph. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Runtime imports between files of src/ (type-only imports vanish at run time). */
function fileGraph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    const to = new Set<string>();
    for (const imp of importsOf(file)) {
      if (imp.typeOnly) continue;
      to.add(relative(SRC, resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts'))));
    }
    g.set(relative(SRC, file), to);
  }
  return g;
}

describe('architecture', () => {
  it('has no import cycle between files', () => {
    expect(cycles(fileGraph()).map((c) => c.join(' → '))).toEqual([]);
  });

  it('draws a map without cycles: the modules form one order (DESIGN §4)', () => {
    const g = new Map(
      Object.entries(ALLOWED).map(([m, to]) => [m, new Set(to.filter((t) => t !== '*' && t !== m))]),
    );
    expect(cycles(g)).toEqual([]);
  });

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
