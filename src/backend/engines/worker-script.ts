/**
 * How to start the engine worker. Built, it is `worker.js` beside this file. From sources
 * (vitest, `tsx scripts/...`) it is `worker.ts`, which plain Node cannot load: a small
 * bootstrap registers tsx's loader in the worker first.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export function workerScript(): { script: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: new URL('./worker.js', here), eval: false };
  // The ESM build of tsx's API: its CommonJS one resolves its loader wrongly from an eval'd script.
  const cjs = createRequire(here).resolve('tsx/esm/api');
  const tsx = pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./worker.ts', here).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}
