/**
 * report.html in a real browser: a small bench through the built CLI, the page opened from its
 * file:// URL (no network, every script inline) and once through `bench view` over HTTP. The test
 * reads what a reviewer would: the summary, the grid, the plots, and a trial's timeline after a
 * click. Screenshots land in test-artifacts/ (gitignored) for a person to look at.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { track } from '../children.js';
import { bench } from '../formats/helpers.js';
import { describeWithChromium, launch, watchedPage } from './browser.js';

const ROOT = resolve(__dirname, '../..');
const ARTIFACTS = join(ROOT, 'test-artifacts');
const GOLDEN = 'checkout-db-pool-logs-failed';
const HONESTY_TRIAL = `${GOLDEN}/sim-early-closer-react/none/r1`;
const GATED_TRIAL = `${GOLDEN}/sim-tweaker-reactree/all/r1`;

const shot = (page: Page, name: string, what?: string) => {
  const path = join(ARTIFACTS, `report-${name}.png`);
  return what ? page.locator(what).screenshot({ path }) : page.screenshot({ path, fullPage: true });
};

async function openTrial(page: Page, id: string): Promise<void> {
  await page.locator(`#trial-list tr[data-trial="${id}"]`).click();
  await page.locator(`#timeline[data-trial="${id}"]`).waitFor();
}

/** `bench view` as a user starts it; resolves with its URL once it prints one. */
function startView(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = track(spawn(process.execPath, [join(ROOT, 'bin/bench.js'), 'view', dir], { cwd: ROOT }));
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /report: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) ok({ child, url: m[1] });
    });
    child.on('exit', (code) => fail(new Error(`bench view exited ${code} before serving: ${out}`)));
  });
}

describeWithChromium('report.html in Chromium', () => {
  let dir: string;
  let ctx: BrowserContext;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    dir = join(mkdtempSync(join(tmpdir(), 'rematch-report-')), 'run');
    const seats = ['sim-early-closer-react', 'sim-tweaker-reactree', 'sim-diligent-reactree'];
    const r = bench(['run', '--golden', GOLDEN, '--seat', ...seats, '--reps', '1', '--out', dir], ROOT);
    // exit 1 is a threshold of the bench's own (the early closer fails); the page is written either way.
    expect([0, 1], r.stderr).toContain(r.status);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    ctx = await launch();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('opens from a file:// URL with no network and no script error: summary, grid and plots', async () => {
    const { page, errors, requests } = await watchedPage(ctx);
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    await expect.poll(() => page.locator('#trial-list tr.trial').count()).toBe(3 * 2 + 3);
    const summary = await page.locator('.summary-line').textContent();
    expect(summary).toMatch(/6 trials/);
    // counted as the terminal counts them: trials with an honesty failure, labelled so
    expect(summary).toMatch(/honesty failures in 2 trials/);
    const cells = page.locator(`.grid td.cell[data-golden="${GOLDEN}"]`);
    expect(await cells.count()).toBe(6);
    const closer = page.locator('td.cell[data-seat="sim-early-closer-react"][data-gate="none"]');
    expect(await closer.textContent()).toMatch(/0% pass.*honesty/s);
    // uPlot drew each plot on a canvas, the legends name the gate sets and the wall split.
    for (const id of ['score', 'wall', 'split']) {
      expect(await page.locator(`#plot-${id} canvas`).count(), id).toBeGreaterThan(0);
    }
    expect(await page.locator('#plot-score .u-legend').textContent()).toMatch(/none.*all|all.*none/s);
    expect(await page.locator('#plot-split .u-legend').textContent()).toMatch(/model.*|tool|queue/);
    await shot(page, 'summary');
    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it('leads with the gate effect on the first screen at 1280 px, and never scrolls sideways at 390 px', async () => {
    const { page, errors, requests } = await watchedPage(ctx);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    const effects = page.locator('#effects > .scroll > table.effects');
    await effects.waitFor();
    // the first section after the header, whole within the first screen
    expect(await page.locator('body > header + section').getAttribute('id')).toBe('effects');
    const box = await effects.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    // a row per seat, every figure with its interval, coloured by which side of zero it lies
    const rows = await effects.locator('tbody tr th.seat').allTextContents();
    expect(rows.sort()).toEqual(['sim-diligent-reactree', 'sim-early-closer-react', 'sim-tweaker-reactree']);
    expect(await effects.locator('thead').textContent()).toMatch(
      /Δ pass rate.*Δ correctness.*Δ honesty-fail share.*Δ wall p50/,
    );
    expect(await effects.locator('tbody td.fig').first().textContent()).toMatch(
      /\[n<2\]|\[[-+\d.]+, [-+\d.]+\]/,
    );
    // the steer-then-halt alert is the ledger working: coloured as expected, not as a warning
    expect(await page.locator('#summary .alerts.expected summary').textContent()).toMatch(/expected/);
    await shot(page, 'effects-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    // the page's own width: a wide table scrolls inside its box, never the page
    const widths = await page.evaluate<{ scroll: number; client: number }>(
      '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
    );
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.client).toBe(390);
    await shot(page, 'phone-390');
    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it('shows a gated trial: calls with class, outcome and fingerprint, gate decisions, nodes, Theory and truth', async () => {
    const { page, errors, requests } = await watchedPage(ctx);
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    // nothing of a trial is loaded before it is opened; then its one timeline file, from the folder
    expect(requests.filter((u) => u.endsWith('.js'))).toEqual([]);
    await openTrial(page, GATED_TRIAL);
    const loaded = requests.filter((u) => u.endsWith('.js'));
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatch(/^file:\/\/.*\/run\/report\/[0-9a-f]{16}\/\d+\.js$/);
    const tl = page.locator('#timeline');
    const failed = tl.locator('tr.call', { has: page.locator('.outcome.o-failed') }).first();
    expect(await failed.locator('.tag.cls').textContent()).toBe('live');
    expect(await failed.locator('.tag.fp').textContent()).toMatch(/^fp [0-9a-f]{12}$/);
    expect(await failed.textContent()).toMatch(/fault payments-logs-failed/);
    expect(await tl.locator('tr.gate[data-gate="ledger"][data-decision="steer"]').count()).toBeGreaterThan(0);
    expect(await tl.locator('tr.gate[data-decision="halt"]').first().textContent()).toMatch(/fingerprint/);
    expect(await tl.locator('table.nodes').textContent()).toMatch(/root\.1.*agent/s);
    expect(await tl.locator('.theory').textContent()).toMatch(/root cause: .*pool/);
    expect(await tl.locator('.truth').textContent()).toMatch(/accept groups: .*pool/);
    const gap = tl.locator('tr[data-measurement="pool_exhausted_lines"]');
    expect(await gap.textContent()).toMatch(/gap: .*unobtainable/);
    await shot(page, 'timeline-gated', '#trials');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the honesty rule that fired and why for a failing trial', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    await page.selectOption('select[data-filter="verdict"]', 'honesty');
    // Only trials with a failure are left (the baselines among them); each names its rules on hover.
    const honesty = await page.locator('#trial-list tr.trial td:nth-child(4)').allTextContents();
    expect(honesty.length).toBeGreaterThan(0);
    expect(honesty.filter((h) => !/^[1-9]\d*$/.test(h))).toEqual([]);
    await openTrial(page, HONESTY_TRIAL);
    const box = page.locator('#timeline .verdict.fail');
    expect(await box.locator('b').first().textContent()).toMatch(/^fail: correctness .* honesty failure/);
    const rule = box.locator('li[data-rule]').first();
    expect(await rule.getAttribute('data-rule')).toMatch(/^[a-z-]+$/);
    expect(await rule.textContent()).toMatch(/\(B\): /);
    await shot(page, 'timeline-honesty', '#trials');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says so when a trial's timeline file is missing, and the rest of the page still works", async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'rematch-report-copy-')), 'run');
    cpSync(dir, copy, { recursive: true });
    const render = readdirSync(join(copy, 'report'))[0];
    rmSync(join(copy, 'report', render), { recursive: true });
    const { page, errors } = await watchedPage(ctx);
    await page.goto(pathToFileURL(join(copy, 'report.html')).href);
    await page.locator(`#trial-list tr[data-trial="${GATED_TRIAL}"]`).click();
    await expect
      .poll(() => page.locator('#timeline p.bad').textContent())
      .toMatch(
        /cannot load report\/[0-9a-f]{16}\/\d+\.js beside the page \(bench report DIR writes it again\)/,
      );
    // a failed script load is a console error of the browser's, not one of the page's script
    expect(errors.filter((e) => !/ERR_FILE_NOT_FOUND/.test(e))).toEqual([]);
    await page.close();
  });

  it('serves the same page through bench view on 127.0.0.1 and nothing else of the folder', async () => {
    const { child, url } = await startView(dir);
    try {
      const { page, errors } = await watchedPage(ctx);
      const res = await page.goto(`${url}#trial=${encodeURIComponent(HONESTY_TRIAL)}`);
      expect(res?.headers()['content-type']).toMatch(/^text\/html/);
      expect(Number(res?.headers()['content-length'])).toBe(statSync(join(dir, 'report.html')).size);
      await page.locator(`#timeline[data-trial="${HONESTY_TRIAL}"]`).waitFor();
      expect(await page.locator('#plot-wall canvas').count()).toBeGreaterThan(0);
      expect((await page.request.get(`${url}run.json`)).status()).toBe(404);
      // the timeline files, and nothing else under report/ (nor a path that climbs out of it)
      const render = readdirSync(join(dir, 'report'))[0];
      const script = await page.request.get(`${url}report/${render}/0.js`);
      expect(script.status()).toBe(200);
      expect(script.headers()['content-type']).toMatch(/^text\/javascript/);
      expect(await script.text()).toMatch(/^rematchTrial\(0,/);
      for (const bad of [
        `report/${render}/x.js`,
        `report/${render}/../../run.json`,
        `report/${render}/99999.js`,
      ])
        expect((await page.request.get(`${url}${bad}`)).status(), bad).toBe(404);
      await shot(page, 'view-http', '#timeline');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
    }
  });
});
