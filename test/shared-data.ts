/**
 * Conformance data kept beside the repository, in `../shared` (Prometheus' promqltest scripts, the
 * real-world alert-rule corpus). A fresh clone does not have it, so the tests that need it skip,
 * and say so: one console line and a skipped test whose title carries the reason and the path.
 * CI must never skip them silently: with REMATCH_REQUIRE_SHARED=1 (set by .ci/run) a missing
 * file is a failing test instead.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';

export const SHARED_DIR = resolve(__dirname, '../../shared');

export const requireShared = (): boolean => process.env.REMATCH_REQUIRE_SHARED === '1';

/** `rel` under ../shared, and whether it is there. */
export function sharedPath(rel: string): { path: string; present: boolean } {
  const path = resolve(SHARED_DIR, rel);
  return { path, present: existsSync(path) };
}

export const missingMessage = (path: string): string => `skipped: conformance data not found at ${path}`;

/**
 * `describe(title, body)` when every path is present; otherwise a visible skip (or, when the data
 * is required, a failing test naming what is missing).
 */
export function describeWithShared(title: string, rels: string[], body: (paths: string[]) => void): void {
  const found = rels.map(sharedPath);
  const missing = found.filter((f) => !f.present).map((f) => f.path);
  if (!missing.length) {
    describe(title, () => body(found.map((f) => f.path)));
    return;
  }
  if (requireShared()) {
    describe(title, () => {
      it('has its conformance data (REMATCH_REQUIRE_SHARED=1)', () => {
        throw new Error(`conformance data not found at ${missing.join(', ')}`);
      });
    });
    return;
  }
  for (const path of missing) console.warn(`${title}: ${missingMessage(path)}`);
  describe(title, () => {
    for (const path of missing) it.skip(missingMessage(path), () => {});
  });
}
