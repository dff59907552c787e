/**
 * The dependency direction of DESIGN §4, enforced: every arrow points down LAYERS (DESIGN §4's list,
 * top to bottom; folders on one line of it are peers); the ALLOWED table is exactly the module
 * imports in use; no import cycle between files; reporters read results only; the engines never
 * import the backend or the host; host, providers and external/ (command seats) meet only in
 * protocol/, which imports none of them; the host imports nothing from providers; the CLI imports
 * nothing but commands/ (and errors/, for its one error boundary). And the map drawn,
 * docs/ARCHITECTURE.md, stays the map: a section for every folder and part of src/, each stating
 * its imports as this table (a module) or its files (a part) have them.
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

/** DESIGN §4's layout, top to bottom: a module may import only modules of its own line or below. */
const LAYERS: string[][] = [
  ['index', 'vitest'],
  ['cli'],
  ['commands'],
  ['reporters'],
  ['plan', 'execute'],
  ['runlog', 'history'],
  ['validate', 'capture'],
  ['external'],
  ['host'],
  ['providers'],
  ['mcp', 'backend'],
  ['promql', 'logql'],
  ['world'],
  ['scoring'],
  ['evidence'],
  ['protocol'],
  ['formats'],
  // memo: a bounded memo of pure string functions (not in DESIGN §4's list; a leaf like random)
  ['clock', 'errors', 'memo', 'random', 'watchdog'],
];

const ALLOWED: Record<string, string[]> = {
  errors: [],
  clock: [],
  watchdog: [],
  random: [],
  memo: [],
  formats: ['clock', 'errors'],
  world: ['errors', 'formats'],
  // evidence: normalizeQuery, so a selection record names a selector as evidence/ reads it
  promql: ['errors', 'evidence', 'formats', 'world'],
  logql: ['errors', 'evidence', 'formats', 'memo', 'promql', 'world'],
  backend: ['clock', 'errors', 'formats', 'logql', 'memo', 'promql', 'protocol', 'watchdog', 'world'],
  protocol: ['clock', 'formats'],
  providers: ['clock', 'errors', 'formats', 'protocol', 'random'],
  host: ['backend', 'clock', 'errors', 'evidence', 'formats', 'protocol'],
  external: ['backend', 'errors', 'formats', 'protocol', 'watchdog'],
  evidence: ['formats'],
  scoring: ['errors', 'evidence', 'formats', 'protocol', 'random'],
  plan: ['backend', 'clock', 'errors', 'formats', 'host', 'scoring'],
  runlog: ['errors', 'formats', 'host', 'scoring'],
  // the run history's stores (SQLite, PostgreSQL): records are formats', nothing above is read
  history: ['errors', 'formats'],
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
  validate: ['backend', 'clock', 'errors', 'formats', 'logql', 'promql', 'protocol', 'scoring', 'world'],
  capture: ['errors', 'formats', 'logql', 'promql', 'validate', 'world'],
  reporters: ['errors', 'formats', 'plan', 'scoring'],
  commands: [
    'backend',
    'capture',
    'clock',
    'errors',
    'execute',
    'external',
    'formats',
    'history',
    'host',
    'mcp',
    'plan',
    'protocol',
    'reporters',
    'runlog',
    'scoring',
    'validate',
    'world',
  ],
  mcp: ['backend', 'clock', 'formats', 'world'],
  // commander wiring only: flags → one call into commands/ (its flag parsers, signals and
  // terminal included); errors for the one error boundary that maps a BenchError to its exit code.
  cli: ['commands', 'errors'],
  // backend: recordSelection (a trace's selection record, filled in offline)
  index: ['backend', 'commands', 'errors', 'formats', 'plan', 'reporters', 'scoring'],
  // rematch/vitest, the second public entry: runTrial/runMatrix over commands/, matchers over scores
  vitest: ['commands', 'errors', 'formats', 'runlog', 'scoring'],
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

/** Module → the modules its files import (every import, type-only ones included). */
function moduleGraph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    const from = moduleOf(file);
    const to = g.get(from) ?? new Set<string>();
    for (const imp of importsOf(file)) {
      const target = moduleOf(resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts')));
      if (target !== from) to.add(target);
    }
    g.set(from, to);
  }
  return g;
}

const MAX_FILES_PER_FOLDER = 20;

function* folders(dir: string): Generator<string> {
  yield dir;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* folders(p);
  }
}

/**
 * The parts of one folder, its direct files and subfolders, and which part imports which: a file
 * deeper down counts as the subfolder it sits in. A loop here ties two parts into one.
 */
function partGraph(dir: string): Map<string, Set<string>> {
  const partOf = (file: string): string | undefined => {
    const rel = relative(dir, file);
    if (rel.startsWith('..')) return undefined;
    return rel.split('/')[0].replace(/\.ts$/, '');
  };
  const g = new Map<string, Set<string>>();
  for (const file of files(dir)) {
    const from = partOf(file)!;
    const to = g.get(from) ?? new Set<string>();
    for (const imp of importsOf(file)) {
      const target = partOf(resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts')));
      if (target !== undefined && target !== from) to.add(target);
    }
    g.set(from, to);
  }
  return g;
}

/**
 * The index.ts an import from `file` to `target` must go through: that of the outermost folder
 * below the top level (src/<module>/<part>/...) that holds the target but not the importer.
 */
function doorOf(file: string, target: string): string | undefined {
  const parts = relative(SRC, target).split('/');
  for (let depth = 2; depth < parts.length; depth++) {
    const folder = join(SRC, ...parts.slice(0, depth));
    if (!file.startsWith(`${folder}/`)) return join(folder, 'index.ts');
  }
  return undefined;
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

/**
 * Imports between files of src/, type-only ones included: they vanish at run time, but a type
 * cycle still ties two files into one unit a reader must understand together (issue 12 named
 * host/gates/types.ts ↔ host/session.ts), so it is forbidden too.
 */
function fileGraph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    const to = new Set<string>();
    for (const imp of importsOf(file)) {
      to.add(relative(SRC, resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts'))));
    }
    g.set(relative(SRC, file), to);
  }
  return g;
}

/**
 * The sections of docs/ARCHITECTURE.md that draw a folder: a heading `### \`src/<module>/\``
 * (or `\`src/<file>.ts\``) or `#### \`src/<module>/<part>/\``, up to the next heading; keyed by the
 * path after src/, the text on one line.
 */
function mapSections(): Map<string, string> {
  const doc = readFileSync(resolve(__dirname, '../docs/ARCHITECTURE.md'), 'utf8');
  const out = new Map<string, string>();
  let key: string | undefined;
  for (const line of doc.split('\n')) {
    if (/^#{1,4} /.test(line)) key = /^#{3,4} `src\/([^`]+)`$/.exec(line)?.[1];
    if (key !== undefined) out.set(key, `${out.get(key) ?? ''} ${line}`.replace(/\s+/g, ' '));
  }
  return out;
}

/** The list a section's `**Imports:** a, b, c.` line states (`none.`: an empty one), sorted. */
function statedImports(section: string): string[] | undefined {
  const m = /\*\*Imports:\*\* (.*?)\.(?: |$)/.exec(section);
  if (!m) return undefined;
  return m[1] === 'none' ? [] : m[1].split(/,\s*/).sort();
}

/** The top-level modules of src/ as the map's headings name them: `backend/`, `errors.ts`. */
function moduleKeys(): string[] {
  return readdirSync(SRC)
    .filter((n) => statSync(join(SRC, n)).isDirectory() || n.endsWith('.ts'))
    .map((n) => (n.endsWith('.ts') ? n : `${n}/`));
}

/** The parts of src/: folders below the top level, `backend/engines/`. */
function partKeys(): string[] {
  return moduleKeys()
    .filter((k) => k.endsWith('/'))
    .flatMap((m) =>
      readdirSync(join(SRC, m))
        .filter((n) => statSync(join(SRC, m, n)).isDirectory())
        .map((n) => `${m}${n}/`),
    );
}

/**
 * What a part's files import from outside it: other top-level modules (`formats`) and sibling
 * parts (`loki/`); its parent folder's own files are always in reach and not counted.
 */
function partImports(part: string): string[] {
  const [module, name] = part.split('/');
  const out = new Set<string>();
  for (const file of files(join(SRC, module, name))) {
    for (const imp of importsOf(file)) {
      const rel = relative(SRC, resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts'))).split('/');
      if (rel[0] !== module) out.add(rel[0].replace(/\.ts$/, ''));
      else if (rel.length > 2 && rel[1] !== name) out.add(`${rel[1]}/`);
    }
  }
  return [...out].sort();
}

describe('architecture', () => {
  it('has no import cycle between files', () => {
    expect(cycles(fileGraph()).map((c) => c.join(' → '))).toEqual([]);
  });

  it('draws a map without cycles: the modules form one order (DESIGN §4)', () => {
    const g = new Map(Object.entries(ALLOWED).map(([m, to]) => [m, new Set(to)]));
    expect(cycles(g)).toEqual([]);
  });

  it("points every arrow of the map down DESIGN §4's order", () => {
    const layer = (m: string) => LAYERS.findIndex((l) => l.includes(m));
    const up: string[] = [];
    for (const [from, tos] of Object.entries(ALLOWED)) {
      if (layer(from) < 0) up.push(`${from} is not in LAYERS`);
      for (const to of tos) if (layer(to) < layer(from)) up.push(`${from} → ${to} points up`);
    }
    expect(up).toEqual([]);
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
        if (target === from || allowed.includes(target)) continue;
        violations.push(`${relative(SRC, file)} imports ${imp.spec} (${from} → ${target})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('lists exactly the arrows in use (an arrow nobody needs any more is taken off the map)', () => {
    const used = moduleGraph();
    const unused = Object.entries(ALLOWED).flatMap(([from, tos]) =>
      tos.filter((to) => !used.get(from)?.has(to)).map((to) => `${from} → ${to}`),
    );
    expect(unused).toEqual([]);
  });

  it('keeps at most 20 files directly in any folder (a bigger room is split into parts)', () => {
    const crowded: string[] = [];
    for (const dir of folders(SRC)) {
      const n = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile()).length;
      if (n > MAX_FILES_PER_FOLDER) crowded.push(`${relative(SRC, dir) || 'src'}: ${n} files`);
    }
    expect(crowded).toEqual([]);
  });

  it('has no loop between the parts of a folder (its files and subfolders)', () => {
    const loops: string[] = [];
    for (const dir of folders(SRC)) {
      const g = partGraph(dir);
      for (const c of cycles(g)) loops.push(`${relative(SRC, dir) || 'src'}: ${c.join(' ↔ ')}`);
    }
    expect(loops).toEqual([]);
  });

  it('enters a part (a folder below the top level) only through its index.ts', () => {
    const bypass: string[] = [];
    for (const file of files(SRC)) {
      for (const imp of importsOf(file)) {
        const target = resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts'));
        const door = doorOf(file, target);
        if (door && target !== door)
          bypass.push(`${relative(SRC, file)} imports ${imp.spec} (door: ${relative(SRC, door)})`);
      }
    }
    expect(bypass).toEqual([]);
  });

  it('reaches the host from outside only through its door, host/index.ts', () => {
    const door = join(SRC, 'host', 'index.ts');
    const bypass: string[] = [];
    for (const file of files(SRC)) {
      if (file.startsWith(`${join(SRC, 'host')}/`)) continue;
      for (const imp of importsOf(file)) {
        const target = resolve(dirname(file), imp.spec.replace(/\.js$/, '.ts'));
        if (target.startsWith(`${join(SRC, 'host')}/`) && target !== door)
          bypass.push(`${relative(SRC, file)} imports ${imp.spec}`);
      }
    }
    expect(bypass).toEqual([]);
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

describe('docs/ARCHITECTURE.md, the map drawn', () => {
  const sections = mapSections();

  it('has a section for every folder and part of src/, with its door and first files, and none for what is gone', () => {
    const expected = [...moduleKeys(), ...partKeys()].sort();
    expect([...sections.keys()].sort()).toEqual(expected);
    const incomplete = expected.filter(
      (k) => !sections.get(k)?.includes('**Door:**') || !sections.get(k)?.includes('**Read first:**'),
    );
    expect(incomplete).toEqual([]);
  });

  it("states each module's imports as its ALLOWED row", () => {
    const wrong: string[] = [];
    for (const key of moduleKeys()) {
      const module = key.replace(/(\/|\.ts)$/, '');
      const stated = statedImports(sections.get(key) ?? '');
      const allowed = [...(ALLOWED[module] ?? [])].sort();
      if (JSON.stringify(stated) !== JSON.stringify(allowed))
        wrong.push(
          `src/${key}: states ${stated?.join(', ') ?? 'nothing'}; ALLOWED: ${allowed.join(', ') || 'none'}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it("states each part's imports as its files have them", () => {
    const wrong: string[] = [];
    for (const key of partKeys()) {
      const stated = statedImports(sections.get(key) ?? '');
      const actual = partImports(key);
      if (JSON.stringify(stated) !== JSON.stringify(actual))
        wrong.push(
          `src/${key}: states ${stated?.join(', ') ?? 'nothing'}; imports ${actual.join(', ') || 'none'}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});
