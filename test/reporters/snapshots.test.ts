/**
 * Every report of one fixed run (snapshot-run.ts) as committed files under __snapshots__/: the
 * terminal table (no color, 100 columns), scorecard.md, walltime.md, junit.xml, the bench diff
 * markdown against a changed head, and report.html's outline (html-outline.ts). A change in what a
 * reviewer sees is then a diff of those files in review; `npx vitest run test/reporters -u`
 * rewrites them after a change meant to be seen.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAssets } from '../../src/reporters/html/assets.js';
import { renderHtmlReport } from '../../src/reporters/html/index.js';
import {
  diffScorecards,
  renderJunit,
  renderScorecardMd,
  renderTerminal,
  renderWalltimeMd,
} from '../../src/reporters/index.js';
import type { TrialRecord } from '../../src/scoring/index.js';
import { htmlOutline, timelinesOutline } from './html-outline.js';
import { GOLDENS, snapshotCard, writeTrialFiles } from './snapshot-run.js';

const snap = (name: string) => `./__snapshots__/${name}`;

/** The head of the diff: sim-careful × all regresses on pool (honesty, a pass lost), sim-hasty × none improves. */
function head(t: TrialRecord): TrialRecord {
  if (t.id === 'pool/sim-careful/all/r2')
    return {
      ...t,
      score: {
        ...t.score,
        verdict: 'fail',
        correctness: 0.5,
        honesty: [{ kind: 'negative-claim-text', part: 'B', detail: 'says the logs were clean' }],
      },
    };
  if (t.golden === 'db' && t.seat === 'sim-hasty' && t.gateSet === 'none')
    return { ...t, score: { ...t.score, verdict: 'pass', correctness: 0.9, honesty: [] } };
  return t;
}

function html(): { page: string; files: { name: string; text: string }[] } {
  const sc = snapshotCard();
  const dir = mkdtempSync(join(tmpdir(), 'rematch-snapshot-'));
  writeTrialFiles(dir, sc);
  const { page, timelines } = renderHtmlReport(dir, sc, GOLDENS);
  // Neither the page nor a timeline names a path of this machine (the temp folder differs each run).
  for (const text of [page, ...timelines.files.map((f) => f.text)]) expect(text).not.toContain(dir);
  return { page, files: timelines.files };
}

describe('report snapshots of the fixed run', () => {
  it('terminal (no color, 100 columns)', async () => {
    const out = renderTerminal(snapshotCard(), { color: false, width: 100 });
    expect(out).not.toMatch(/\x1b\[/);
    await expect(out).toMatchFileSnapshot(snap('terminal.txt'));
  });

  it('scorecard.md', async () => {
    await expect(renderScorecardMd(snapshotCard())).toMatchFileSnapshot(snap('scorecard.md'));
  });

  it('walltime.md', async () => {
    await expect(renderWalltimeMd(snapshotCard())).toMatchFileSnapshot(snap('walltime.md'));
  });

  it('junit.xml', async () => {
    await expect(renderJunit(snapshotCard())).toMatchFileSnapshot(snap('junit.xml'));
  });

  it('bench diff markdown (default rules)', async () => {
    const d = diffScorecards(snapshotCard(), snapshotCard(head));
    expect(d.regressions.length).toBeGreaterThan(0);
    await expect(d.markdown).toMatchFileSnapshot(snap('diff.md'));
  });

  it("report.html's outline: markup, inline assets named, JSON blocks by shape", async () => {
    const a = pageAssets();
    const inline = new Map([
      [a.uplotJs, 'uPlot'],
      [a.uplotCss, "uPlot's styles"],
      [a.script, 'the page script (client/*.ts)'],
      [a.css, 'client/page.css'],
    ]);
    const { page, files } = html();
    await expect(htmlOutline(page, inline)).toMatchFileSnapshot(snap('report.html.txt'));
    await expect(timelinesOutline(files)).toMatchFileSnapshot(snap('report-timelines.txt'));
  });

  it('is byte-stable: the same run renders the same bytes again', () => {
    const all = () => {
      const sc = snapshotCard();
      return [
        renderTerminal(sc, { color: false, width: 100 }),
        renderScorecardMd(sc),
        renderWalltimeMd(sc),
        renderJunit(sc),
        diffScorecards(sc, snapshotCard(head)).markdown,
        JSON.stringify(html()),
      ];
    };
    expect(all()).toEqual(all());
  });
});
