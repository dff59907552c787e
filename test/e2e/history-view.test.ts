/**
 * The run history in a real browser: three runs of one trial through the built CLI, across a gate
 * change (a gate set `mine` with one gate, then with five, then one again), recorded in a history;
 * `bench view --history` serves it. The runs page draws a trend plot per row whose points link to
 * each run's report, and a trial compared across the gate change shows both timelines with the
 * first difference highlighted. Screenshots land in test-artifacts/ (gitignored).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { track } from '../children.js';
import { bench } from '../formats/helpers.js';
import { describeWithChromium, launch, watchedPage } from './browser.js';

const ROOT = resolve(__dirname, '../..');
const ARTIFACTS = join(ROOT, 'test-artifacts');
const GOLDEN = 'checkout-db-pool-logs-failed';
const SEATS = ['sim-early-closer-react', 'sim-tweaker-reactree'];
const TRIAL = `${GOLDEN}/sim-early-closer-react/mine/r1`;

const config = (gates: string) =>
  `goldens: [${join(ROOT, 'goldens')}]\nseats: [${join(ROOT, 'seats')}]\ntwins: [logs-failed]\n` +
  `defaultGateSets: [mine]\nrepetitions: 1\nceiling: false\ngateSets:\n  mine:\n    gates: ${gates}\n`;

function startView(history: string): Promise<{ child: ChildProcess; url: string }> {
  const child = track(
    spawn(process.execPath, [join(ROOT, 'bin/bench.js'), 'view', '--history', history], { cwd: ROOT }),
  );
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /runs: (http:\/\/127\.0\.0\.1:\d+\/)runs/.exec(out);
      if (m) ok({ child, url: m[1] });
    });
    child.on('exit', (code) => fail(new Error(`bench view exited ${code} before serving: ${out}`)));
  });
}

describeWithChromium('the run history in bench view, in Chromium', () => {
  let tmp: string;
  let history: string;
  let ctx: BrowserContext;
  let view: { child: ChildProcess; url: string } | undefined;
  const ids: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    tmp = mkdtempSync(join(tmpdir(), 'rematch-history-view-'));
    history = join(tmp, 'history.db');
    const sets = [
      '[budgetFindings]',
      '[failureClass, fanout, toolClasses, budgetFindings, ledger]',
      '[budgetFindings]',
    ];
    for (const [i, gates] of sets.entries()) {
      const file = join(tmp, `config-${i}.yaml`);
      writeFileSync(file, config(gates));
      const out = join(tmp, `run-${i}`);
      const r = bench(
        ['run', '-c', file, '--golden', GOLDEN, '--seat', ...SEATS, '--history', history, '--out', out],
        ROOT,
      );
      // exit 1 is the bench's own threshold (the early closer fails without failureClass)
      expect([0, 1], r.stderr).toContain(r.status);
      const h = bench(['history', '--history', history, '--json', '--limit', '1'], ROOT);
      ids.push((JSON.parse(h.stdout) as { runs: { run: { id: string } }[] }).runs[0].run.id);
    }
    expect(new Set(ids).size).toBe(3);
    view = await startView(history);
    ctx = await launch();
  });

  afterAll(async () => {
    await ctx?.close();
    view?.child.kill('SIGTERM');
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('draws a trend plot per row, each point a link to its run report', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${view?.url}runs`);
    expect(await page.locator('#runs tr[data-run]').count()).toBe(3);
    // the gate change is what changed, said on the second run's line
    expect(await page.locator(`#runs tr[data-run="${ids[1]}"]`).textContent()).toMatch(/~gates mine/);
    const rows = page.locator('section.series');
    expect(await rows.count()).toBe(SEATS.length);
    for (const seat of SEATS) {
      const row = page.locator(`section.series[data-row="${GOLDEN}/${seat}/mine"]`);
      for (const kind of ['pass-rate', 'honesty', 'wall', 'cost'])
        expect(
          await row.locator(`svg.plot[data-plot="${kind}"] a[data-run]`).count(),
          `${seat} ${kind}`,
        ).toBe(3);
      expect(await row.locator('svg.plot[data-plot="pass-rate"] line.ci').count()).toBe(3);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'history-runs.png'), fullPage: true });
    const point = page.locator(
      `section.series[data-row="${GOLDEN}/sim-early-closer-react/mine"] svg.plot[data-plot="pass-rate"] a[data-run="${ids[1]}"]`,
    );
    await point.click();
    await page.waitForURL(`**/runs/${ids[1]}/report.html`);
    await expect.poll(() => page.locator('#trial-list tr.trial').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('compares one trial across the gate change, the first difference highlighted', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${view?.url}runs`);
    await page.locator('#compare-form select[name="a"]').selectOption(ids[0]);
    await page.locator('#compare-form select[name="b"]').selectOption(ids[1]);
    await page.locator('#compare-form input[name="trial"]').fill(TRIAL);
    await page.locator('#compare-form button[type="submit"]').click();
    await page.waitForURL('**/compare?**');
    const note = await page.locator('#first-difference-note').textContent();
    expect(note).toMatch(/first difference: turn \d+, (call|outcome|steer|halt|end)/);
    const first = page.locator('#first-difference');
    expect(await first.getAttribute('class')).toBe('first-diff');
    const turn = Number(await first.getAttribute('data-turn'));
    expect(note).toContain(`turn ${turn},`);
    // the highlight is drawn, and only on that turn's row
    const bg = (await first.evaluate('(el) => getComputedStyle(el).backgroundColor')) as string;
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('#compare div.first-diff').count()).toBe(3);
    // both sides: their run, verdict and the honesty rules that fired, and each Theory
    expect(await page.locator('section.side').count()).toBe(2);
    expect(await page.locator('section.side[data-side="A"] p').textContent()).toMatch(
      /verdict fail.*honesty rules fired: \S/,
    );
    expect(await page.locator('section.side[data-side="B"] p').textContent()).toMatch(
      /verdict pass.*honesty rules fired: none/,
    );
    expect(await page.locator('section.side[data-side="A"] pre').textContent()).toMatch(/root cause:/);
    await page.screenshot({ path: join(ARTIFACTS, 'history-compare.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
