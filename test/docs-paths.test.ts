/**
 * The docs and the source comments name only files that exist. A file that moves leaves every
 * mention of it behind; after the second floor of folders (issue 22) the docs named ~34 paths and
 * the comments ~25 that were no longer there, each sending a reader to look for nothing.
 *
 * What is checked, in docs/*.md and README.md (backtick spans and link targets) and in the comments
 * of src/, test/ and scripts/ (the comments only, found by a small lexer, never strings or code):
 * - a path from the repository root (`src/`, `test/`, `scripts/`, `docs/`, `bin/`, `examples/`,
 *   `schemas/`) exists, file or folder;
 * - a path from src/ (its first folder one of src/'s: `commands/run/index.ts`, `formats/golden/`)
 *   exists under src/ (or under test/, which mirrors it);
 * - a link exists relative to the doc it is written in, and a `./` file relative to its file;
 * - any other path ending in `.ts` (`generate/line.ts`, `ai/cache.ts`) is the end of a file's path
 *   in src/, test/ or scripts/, and a bare file name (`compose.ts`) is the name of one of them.
 * A path cut short by a placeholder is checked up to its last folder (`commands/<name>/index.ts` and
 * `seats/sim-<policy>.yaml` as `commands/` and `seats/`).
 * Not checked: `../` paths in prose (from the repository root they name folders beside the
 * checkout, the workspace's `../shared`), and Go files (`promql/engine.go` is Prometheus').
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const TREES = ['src', 'test', 'scripts'];
const ROOT_FOLDERS = ['src', 'test', 'scripts', 'docs', 'bin', 'examples', 'schemas'];
const SKIP = new Set(['node_modules', 'dist', '__snapshots__']);

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

const codeFiles = TREES.flatMap((t) => [...walk(join(ROOT, t))].map((p) => relative(ROOT, p)));
const rootFiles = readdirSync(ROOT).filter((n) => statSync(join(ROOT, n)).isFile());
const names = new Set([...codeFiles.map((p) => basename(p)), ...rootFiles]);
const srcFolders = new Set(
  readdirSync(join(ROOT, 'src')).filter((n) => statSync(join(ROOT, 'src', n)).isDirectory()),
);

/**
 * Path-like words: `world/generate/`, `host/gates/order.ts`, `./children.ts`, `clock.ts`. A word
 * starts at no letter, dot, slash, `@`, `:` or `-` (so nothing inside a URL, a package name or a
 * longer word) and ends before one.
 */
const WORD =
  /(?<![\w./@:-])((?:\.\.?\/)+[\w-][\w./-]*|(?:[\w-][\w.-]*\/)+[\w.-]*|[\w-][\w.-]*\.ts)(?![\w/-])/g;

/** Whether a path-like word names something that exists; `from` is the folder it is written in. */
function resolves(word: string, from: string): boolean {
  const p = word.replace(/[.,;:]+$/, '');
  if (p.startsWith('../') || p.endsWith('.go')) return true;
  if (p.startsWith('./')) {
    if (!/\.\w+$/.test(p)) return true; // `exports["./vitest"]`: a package's name for a path, not a file
    const abs = resolve(from, p);
    return existsSync(abs) || existsSync(abs.replace(/\.js$/, '.ts'));
  }
  const first = p.split('/')[0];
  if (!p.includes('/')) return !p.endsWith('.ts') || names.has(p);
  if (ROOT_FOLDERS.includes(first)) return existsSync(join(ROOT, p));
  if (srcFolders.has(first)) return existsSync(join(ROOT, 'src', p)) || existsSync(join(ROOT, 'test', p));
  if (!p.endsWith('.ts')) return true;
  return codeFiles.some((f) => f.endsWith(`/${p}`));
}

/** Every word of `text` that names nothing, as `file:line: word`. */
function stale(file: string, text: string, startLine: number, from: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(WORD)) {
      // cut short by a placeholder (`seats/sim-<policy>.yaml`): only its folder is a name
      const cut = /[<*{$]/.test(line[m.index + m[0].length] ?? '');
      const word = cut ? m[1].slice(0, m[1].lastIndexOf('/') + 1) : m[1];
      if (word && !resolves(word, from)) out.push(`${file}:${startLine + i}: ${word}`);
    }
  });
  return out;
}

/**
 * The comments of a TypeScript file, each with the line it starts on. A lexer of just enough
 * JavaScript to tell a comment from a string, a template literal (with `${...}` inside) or a
 * regular expression literal (a `/` where an operand may start).
 */
function commentsOf(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const templates: number[] = []; // brace depth at which each open `${` returns to its template
  let depth = 0;
  let i = 0;
  let operand = true; // whether a `/` here would start a regex literal
  const lineAt = (k: number) => text.slice(0, k).split('\n').length;
  const skipString = (quote: string) => {
    for (i++; i < text.length && text[i] !== quote && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    i++;
  };
  const skipTemplate = () => {
    // i is just past a backtick or a `}` that closed a `${`
    for (; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '`') return void i++;
      else if (text[i] === '$' && text[i + 1] === '{') {
        templates.push(depth++);
        i += 2;
        return;
      }
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out.push({ line: lineAt(i), text: text.slice(i + 2, stop) });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end;
      out.push({ line: lineAt(i), text: text.slice(i + 2, stop) });
      i = stop + 2;
    } else if (c === "'" || c === '"') {
      skipString(c);
      operand = false;
    } else if (c === '`') {
      i++;
      skipTemplate();
      operand = false;
    } else if (c === '/' && operand) {
      let inClass = false;
      for (i++; i < text.length && text[i] !== '\n'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        else if (text[i] === '/' && !inClass) break;
      }
      for (i++; /[a-z]/.test(text[i] ?? ''); i++);
      operand = false;
    } else if (c === '{') {
      depth++;
      i++;
      operand = true;
    } else if (c === '}') {
      depth--;
      i++;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        skipTemplate();
        operand = false;
      } else operand = true;
    } else if (/[\w$]/.test(c)) {
      let j = i;
      while (j < text.length && /[\w$]/.test(text[j])) j++;
      const word = text.slice(i, j);
      operand = /^(return|typeof|case|in|of|delete|void|throw|new|else|do|yield|await|instanceof)$/.test(
        word,
      );
      i = j;
    } else {
      if (!/\s/.test(c)) operand = !/[)\]]/.test(c);
      i++;
    }
  }
  return out;
}

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
];

describe('paths named in docs and comments', () => {
  it('lexes comments, not strings, templates or regexes', () => {
    const src = [
      "const a = '// not a comment x.ts'; // one.ts",
      // a template with `${...}` inside, one of them holding a template and one a comment
      'const b = `/* $_{c /* two.ts */} */ $_{`$_{d}`} `; const r = /\\/\\/[/]x.ts/g;'.replaceAll('$_', '$'),
      '/** three.ts',
      ' * four.ts */',
      'x = y / z; // five.ts',
    ].join('\n');
    expect(commentsOf(src).map((c) => [c.line, c.text.trim()])).toEqual([
      [1, 'one.ts'],
      [2, 'two.ts'],
      [3, '* three.ts\n * four.ts'],
      [5, 'five.ts'],
    ]);
  });

  it('names only files that exist, in docs/*.md and README.md (backticks and links)', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const from = dirname(join(ROOT, doc));
      readFileSync(join(ROOT, doc), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(/`([^`]+)`/g)) missing.push(...stale(doc, m[1], i + 1, from));
          for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
            if (/^[a-z]+:/.test(m[1])) continue;
            if (!existsSync(resolve(from, m[1]))) missing.push(`${doc}:${i + 1}: (${m[1]})`);
          }
        });
    }
    expect(missing).toEqual([]);
  });

  it('names only files that exist, in the comments of src/, test/ and scripts/', () => {
    const missing: string[] = [];
    for (const file of codeFiles.filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const c of commentsOf(text))
        missing.push(...stale(file, c.text, c.line, dirname(join(ROOT, file))));
    }
    expect(missing).toEqual([]);
  });
});
