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
  random: [],
  formats: ['errors'],
  world: ['errors', 'formats'],
  promql: ['errors', 'formats', 'world'],
  logql: ['errors', 'promql', 'world'],
  backend: ['clock', 'errors', 'formats', 'logql', 'promql', 'protocol', 'watchdog', 'world'],
  protocol: ['clock', 'formats'],
  providers: ['clock', 'errors', 'formats', 'protocol', 'random'],
  host: ['backend', 'clock', 'errors', 'evidence', 'formats', 'protocol'],
  external: ['backend', 'errors', 'formats', 'protocol', 'watchdog'],
  evidence: ['formats'],
  scoring: ['errors', 'evidence', 'formats', 'protocol', 'random'],
  plan: ['backend', 'clock', 'errors', 'formats', 'host', 'scoring'],
  // runlog → plan: the run folder records the plan (run.json holds the RunPlan's fields).
  runlog: ['errors', 'formats', 'host', 'plan', 'scoring'],
  execute: [
    'backend',
    'clock',
    'errors',
    'external',
    'formats',
    'host',
    'plan',
    'protocol',
    'providers',
    'runlog',
    'scoring',
    'world',
  ],
  // validate → execute: the ceiling check runs the golden's reference trial.
  validate: [
    'backend',
    'clock',
    'errors',
    'execute',
    'formats',
    'logql',
    'plan',
    'promql',
    'protocol',
    'scoring',
    'world',
  ],
  reporters: ['errors', 'formats', 'plan', 'scoring'],
  commands: [
    'backend',
    'errors',
    'execute',
    'formats',
    'host',
    'mcp',
    'plan',
    'reporters',
    'runlog',
    'scoring',
    'validate',
    'world',
  ],
  mcp: ['backend', 'clock', 'formats', 'world'],
  // the CLI: commander wiring into commands/, plus the process boundary (signals in execute/interrupt,
  // flag caps in formats/limits, --reporter names in reporters/registry, plan's trial-id helpers)
  cli: ['commands', 'errors', 'execute', 'formats', 'plan', 'reporters'],
  index: ['*'],
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
