/**
 * The terminal's last screen is the summary (issue 24): the final 40 lines of the default `bench
 * run` (120 columns when piped) and of `bench report` of its folder at 80 columns hold the verdict
 * (the summary line), the assertions, the gate effect per seat (every seat's row), the worst trials
 * and where the reports are. The grids come before them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scorecard } from '../../src/scoring/index.js';
import { bench, tempDir } from '../formats/helpers.js';
import { copyRun, defaultRun } from '../shared-runs.js';

const SCREEN = 40;

function expectSummaryScreen(stdout: string, sc: Scorecard, width: number): void {
  const lines = stdout.trimEnd().split('\n');
  const screen = lines.slice(-SCREEN);
  const at = (re: RegExp) => screen.findIndex((l) => re.test(l));
  expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(width);
  expect(
    at(/^\d+ trials · pass \d+\/\d+ \(\d+%\) · honesty failures in \d+ trials/),
    screen.join('\n'),
  ).toBeGreaterThanOrEqual(0);
  expect(at(/^assertions: all \d+ passed$/)).toBeGreaterThan(0);
  const effect = at(/^gate effect all − none per seat/);
  expect(effect).toBeGreaterThan(0);
  for (const e of sc.seatGateEffects) expect(at(new RegExp(`^│ ${e.seat} +│`))).toBeGreaterThan(effect);
  const worst = at(/^worst trials /);
  expect(worst).toBeGreaterThan(effect);
  expect(screen.slice(worst + 1).some((l) => l.startsWith(`  ${sc.worst[0].id} `))).toBe(true);
  expect(screen.at(-1)?.startsWith('reports: ') || screen.at(-2)?.startsWith('reports: ')).toBe(true);
  // the grids are above it
  const grid = lines.indexOf(sc.rows[0].golden);
  expect(grid).toBeGreaterThanOrEqual(0);
  expect(grid).toBeLessThan(lines.length - SCREEN);
}

describe('the last screen of a run', () => {
  it('holds the summary at 120 columns (bench run, piped) and at 80 (bench report --width 80)', async () => {
    const run = await defaultRun();
    expect(run.status, run.stderr).toBe(0);
    const sc: Scorecard = JSON.parse(readFileSync(join(run.dir, 'scorecard.json'), 'utf8'));
    expectSummaryScreen(run.stdout, sc, 120);
    const copy = copyRun(run.dir);
    const r = bench(['report', copy, '--width', '80'], tempDir());
    expect(r.status, r.stderr).toBe(0);
    expectSummaryScreen(r.stdout, sc, 80);
    // bench report says what it wrote, and where
    const footer = r.stdout.trimEnd().split('\n').slice(-2).join(' ').replace(/\s+/g, ' ');
    expect(footer).toBe(`reports: ${copy}/scorecard.md, walltime.md, scorecard.json, junit.xml, report.html`);
  });
});
