/**
 * The package's two entries: `rematch` never imports vitest (a peer dependency of `rematch/vitest`
 * only), and the exports map points both at what the build emits, types included. The matchers'
 * types merge into vitest's: a wrong call fails `npm run typecheck` (the @ts-expect-error below).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trial } from '../../src/vitest/index.js';

const ROOT = join(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

describe('package entries', () => {
  it('imports vitest only under src/vitest/', () => {
    const importers = [...files(join(ROOT, 'src'))]
      .filter((f) => /from 'vitest(\/[^']*)?'|import\('vitest/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(importers).toEqual(['src/vitest/index.ts']);
  });

  it('exports "." and "./vitest" as the build emits them (tsconfig.build.json: src → dist), with types', () => {
    const emitted = (p: string) => p.replace(/^\.\/dist\//, 'src/').replace(/\.(d\.ts|js)$/, '.ts');
    expect(Object.keys(pkg.exports)).toEqual(['.', './vitest', './package.json']);
    for (const key of ['.', './vitest']) {
      const { types, default: js } = pkg.exports[key];
      expect(emitted(types)).toBe(emitted(js));
      expect(statSync(join(ROOT, emitted(js))).isFile()).toBe(true);
    }
    expect(pkg.exports['./vitest'].default).toBe('./dist/vitest/index.js');
    expect(`./${pkg.main}`).toBe(pkg.exports['.'].default);
  });

  it('declares vitest an optional peer: the CLI and the main entry install without it', () => {
    expect(pkg.peerDependencies.vitest).toMatch(/^\^4\./);
    expect(pkg.peerDependenciesMeta.vitest.optional).toBe(true);
    expect(pkg.dependencies.vitest).toBeUndefined();
  });
});

/** Never called: it type-checks (npm run typecheck) or the merged matcher types are wrong. */
function typesOnly(trial: Trial): void {
  expect(trial).toPass();
  expect(trial).not.toHaveNoHonestyFailures();
  expect(trial).toHaveCoverage('B', 0.5);
  // @ts-expect-error a golden has parts A and B only
  expect(trial).toHaveCoverage('C');
  // @ts-expect-error toPass takes no argument
  expect(trial).toPass(1);
}

it("merges the matchers into vitest's types (checked by npm run typecheck, not here)", () => {
  expect(typesOnly).toBeTypeOf('function');
});
