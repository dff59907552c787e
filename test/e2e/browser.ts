/**
 * Debian's Chromium driven by playwright-core, for the report.html tests. Without /usr/bin/chromium
 * the tests skip and say so; with REMATCH_REQUIRE_SHARED=1 (.ci/run, which installs it) its absence
 * is a failing test instead, as for the conformance data (test/shared-data.ts).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { requireShared } from '../shared-data.js';

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh browser profile each time, so nothing of an earlier run (cache, storage) is reused. */
export async function launch(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'rematch-chromium-')), {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1400, height: 1000 },
  });
}

/** A page that records its script errors and every request it makes. */
export async function watchedPage(
  ctx: BrowserContext,
): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => requests.push(r.url()));
  return { page, errors, requests };
}

export function describeWithChromium(title: string, body: () => void): void {
  if (existsSync(CHROMIUM)) {
    describe(title, body);
    return;
  }
  const why = `skipped: ${CHROMIUM} not found (apt-get install chromium; .ci/run installs it)`;
  if (requireShared()) {
    describe(title, () => {
      it('has Chromium (REMATCH_REQUIRE_SHARED=1)', () => {
        throw new Error(`${CHROMIUM} not found: .ci/run installs Debian's chromium`);
      });
    });
    return;
  }
  console.warn(`${title}: ${why}`);
  describe(title, () => it.skip(why, () => {}));
}
