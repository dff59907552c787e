/**
 * What report.html inlines besides its data: uPlot's build and stylesheet, and the page's own
 * script and styles from client/ (browser TypeScript, checked with the DOM's types by
 * client/tsconfig.json). The script's files are plain scripts sharing one scope, joined in
 * SCRIPTS' order into the page's one <script>.
 *
 * Built (dist/), the script is the JavaScript `npm run build` compiled beside this module
 * (client/tsconfig.emit.json) and the stylesheet the copy it put there. Run from sources (vitest,
 * tsx), nothing is built: the same tsconfig.emit.json compiles client/*.ts now, once per content
 * (the result kept in the temp folder, so each test process does not pay for the compiler).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InternalError } from '../../errors.js';

/** client/'s scripts in page order: helpers first, main (which calls itself) last. */
export const SCRIPTS = ['dom', 'trials', 'plots', 'timeline', 'main'] as const;

const CLIENT = fileURLToPath(new URL('./client/', import.meta.url));

export interface PageAssets {
  uplotJs: string;
  uplotCss: string;
  script: string;
  css: string;
}

let assets: PageAssets | undefined;

/** Read (and, from sources, compiled) once per process. */
export function pageAssets(): PageAssets {
  if (!assets) {
    const req = createRequire(import.meta.url);
    assets = {
      uplotJs: readFileSync(req.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
      uplotCss: readFileSync(req.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
      script: existsSync(join(CLIENT, 'main.js')) ? joined((n) => read(`${n}.js`)) : fromSources(),
      css: read('page.css'),
    };
  }
  return assets;
}

const read = (file: string, dir = CLIENT): string => readFileSync(join(dir, file), 'utf8');

/** One strict script from the compiled files (each compiled file opens with its own directive). */
function joined(js: (name: string) => string): string {
  return `"use strict";\n${SCRIPTS.map((n) => js(n).replace(/^"use strict";\n/, '')).join('')}`;
}

/** client/*.ts compiled by tsc (a dev dependency: sources imply a checkout with it installed). */
function fromSources(): string {
  const tsPackage = createRequire(import.meta.url).resolve('typescript/package.json');
  const inputs = [...SCRIPTS.map((n) => `${n}.ts`), 'tsconfig.json', 'tsconfig.emit.json'];
  const hash = createHash('sha256').update(readFileSync(tsPackage));
  for (const f of inputs) hash.update(`${f}\0${read(f)}\0`);
  const uid = process.getuid?.() ?? 0;
  const cached = join(tmpdir(), `rematch-report-script-${uid}-${hash.digest('hex').slice(0, 16)}.js`);
  // Another user's file of that name in a shared temp folder is not ours to inline.
  if (existsSync(cached) && statSync(cached).uid === uid) return readFileSync(cached, 'utf8');
  const out = mkdtempSync(join(tmpdir(), 'rematch-report-script-'));
  try {
    const tsc = join(dirname(tsPackage), 'bin/tsc');
    const config = join(CLIENT, 'tsconfig.emit.json');
    const r = spawnSync(process.execPath, [tsc, '-p', config, '--outDir', out], { encoding: 'utf8' });
    if (r.status !== 0)
      throw new InternalError(`report.html: tsc -p ${config} failed: ${r.stdout}${r.stderr}${r.error ?? ''}`);
    const script = joined((n) => read(`${n}.js`, out));
    const temp = `${cached}.${process.pid}.tmp`;
    writeFileSync(temp, script, { mode: 0o600 });
    renameSync(temp, cached);
    return script;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
