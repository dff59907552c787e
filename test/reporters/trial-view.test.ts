/**
 * Each trial's timeline detail is made as the trial ends, on the thread that ran it (a worker's
 * trials in the worker), into `timeline.json` in its folder (reporters/html/trial-view.ts), and the
 * page's timeline file takes it from there when its key still matches the trial's record: the
 * default run (built CLI, worker threads) leaves one for every trial it ran, a re-render uses a
 * stored detail that matches, and makes afresh one whose key does not or whose trace was edited.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRIAL_VIEW_FILE } from '../../src/reporters/html/trial-view.js';
import type { Scorecard } from '../../src/scoring/index.js';
import { bench } from '../formats/helpers.js';
import { defaultRun } from '../shared-runs.js';
import { indexBlock, parseTimeline } from './timeline-files.js';

const ROOT = resolve(__dirname, '../..');
const HEAD = /^\{"key":"([0-9a-f]{64})","detail":/;

const scorecardOf = (dir: string): Scorecard => JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8'));

/** The detail report.html's timeline file holds for trial `id`, after the page in `dir`. */
function renderedDetail(
  dir: string,
  id: string,
): { id: string; theory: { summary?: string } | null; header: { startedAt: string } | null } {
  const { index, timelines } = indexBlock(readFileSync(join(dir, 'report.html'), 'utf8'));
  const i = index.findIndex((t) => t.id === id);
  expect(i).toBeGreaterThanOrEqual(0);
  return parseTimeline(readFileSync(join(dir, timelines, `${i}.js`), 'utf8')).detail as never;
}

describe('trial views', () => {
  it('the default run leaves each trial’s detail in its folder, the one its timeline file holds', async () => {
    const run = await defaultRun();
    expect(run.status, run.stderr).toBe(0);
    const sc = scorecardOf(run.dir);
    const ran = sc.trials.filter((t) => !t.seat.startsWith('baseline/'));
    expect(ran.length).toBeGreaterThan(1000);
    for (const rec of ran) {
      const text = readFileSync(join(run.dir, rec.dir, TRIAL_VIEW_FILE), 'utf8');
      expect(text, rec.id).toMatch(HEAD);
      const detail = JSON.parse(text.replace(HEAD, '').slice(0, -2)) as { id: string };
      expect(detail.id).toBe(rec.id);
    }
    // the page's file of a trial holds that same detail
    const rec = ran[ran.length - 1];
    const stored = readFileSync(join(run.dir, rec.dir, TRIAL_VIEW_FILE), 'utf8')
      .replace(HEAD, '')
      .slice(0, -2);
    expect(renderedDetail(run.dir, rec.id)).toEqual(JSON.parse(stored));
  });

  it('a re-render takes a stored detail whose key matches and remakes one whose key does not', async () => {
    // a run of its own (the key holds the files' times, which a copy of the shared run would not keep)
    const copy = join(mkdtempSync(join(tmpdir(), 'rematch-views-')), 'run');
    const made = bench(
      [
        'run',
        '--golden',
        'checkout-db-pool',
        '--seat',
        'sim-diligent-react',
        '--reps',
        '3',
        '--no-history',
        '--out',
        copy,
      ],
      ROOT,
    );
    expect(made.status, made.stderr).toBe(0);
    const sc = scorecardOf(copy);
    const ran = sc.trials.filter((t) => !t.seat.startsWith('baseline/') && !t.golden.includes('~'));
    const [kept, stale, edited] = [ran[0], ran[1], ran[2]];
    // the same key over a changed detail: only a re-render that read it can show the mark
    const mark = (rec: (typeof ran)[number], key?: string) => {
      const file = join(copy, rec.dir, TRIAL_VIEW_FILE);
      const text = readFileSync(file, 'utf8');
      const k = key ?? HEAD.exec(text)![1];
      const detail = JSON.parse(text.replace(HEAD, '').slice(0, -2));
      detail.theory = { ...(detail.theory ?? {}), summary: `marked ${rec.id}` };
      writeFileSync(file, `{"key":"${k}","detail":${JSON.stringify(detail)}}\n`);
    };
    mark(kept);
    mark(stale, '0'.repeat(64));
    // a trace changed after the run (a value scrubbed from it): its stored detail is stale
    mark(edited);
    const traceFile = join(copy, edited.dir, 'trace.jsonl');
    const [head, ...rest] = readFileSync(traceFile, 'utf8').split('\n');
    const header = { ...JSON.parse(head), startedAt: '2001-02-03T04:05:06.000Z' };
    writeFileSync(traceFile, [JSON.stringify(header), ...rest].join('\n'));
    // from the repository, where run.json's golden paths lead (they are relative to where it ran)
    const r = bench(['report', copy], ROOT);
    expect(r.status, r.stderr).toBe(0);
    expect(renderedDetail(copy, kept.id).theory?.summary).toBe(`marked ${kept.id}`);
    const fresh = renderedDetail(copy, stale.id);
    expect(fresh.id).toBe(stale.id);
    expect(fresh.theory?.summary).not.toBe(`marked ${stale.id}`);
    const remade = renderedDetail(copy, edited.id) as {
      theory: { summary?: string } | null;
      header: { startedAt: string };
    };
    expect(remade.theory?.summary).not.toBe(`marked ${edited.id}`);
    expect(remade.header?.startedAt).toBe('2001-02-03T04:05:06.000Z');
    rmSync(dirname(copy), { recursive: true, force: true });
  });
});
