/**
 * The journal's torn tail and corrupt lines, through runBench and the built CLI (`bench report`):
 * a torn last record is named, left out of reports, cut away by a resume and its trial run again;
 * a corrupt record anywhere else is bad input (exit 2) naming the file and line.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench } from '../../src/index.js';
import { JournalAppender, readJournal } from '../../src/runlog/journal.js';
import { fakeRunTrial, inputs } from '../commands/fake.js';
import { comparable, finishedRun, leftovers, sink } from '../commands/helpers.js';
import { bench } from '../formats/helpers.js';

const TRIALS = 8; // reps 1: 2 goldens × 2 seats × 2 gate sets
const journal = (dir: string): string => join(dir, 'journal.jsonl');
const lines = (dir: string): string[] => readFileSync(journal(dir), 'utf8').split('\n').slice(0, -1);
const resume = async (dir: string) => {
  const stderr = sink();
  const r = await runBench({
    inputs,
    resume: dir,
    runTrial: fakeRunTrial(),
    stdout: sink(),
    stderr,
    tty: false,
  });
  return { r, stderr: stderr.text() };
};

/** Damages the last line: keeps `keep` of its bytes (no newline), or rewrites it whole. */
function damageLast(dir: string, how: { keep: number } | { replace: (line: string) => string }): string {
  const all = lines(dir);
  const last = all[all.length - 1];
  const id = JSON.parse(last).id as string;
  if ('keep' in how)
    truncateSync(journal(dir), readFileSync(journal(dir)).length - 1 - last.length + how.keep);
  else writeFileSync(journal(dir), [...all.slice(0, -1), how.replace(last)].map((l) => `${l}\n`).join(''));
  return id;
}

describe('journal: torn tail', () => {
  it('bench report names a torn last record and leaves it out; --resume cuts it and runs that trial again', async () => {
    const clean = await finishedRun(1);
    const dir = await finishedRun(1);
    const id = damageLast(dir, { keep: 300 });
    const report = bench(['report', dir], dir);
    // the trial left out makes the folder short of its plan: said first, and exit 1 (incomplete)
    expect(report.status).toBe(1);
    expect(report.stdout.split('\n')[0]).toBe(
      `incomplete run: ${TRIALS - 1} of ${TRIALS} trials; continue with bench run --resume ${dir}`,
    );
    expect(report.stderr).toContain(
      `${journal(dir)}:${TRIALS}: torn last record (cut short: no newline at its end) of trial ${id} left out`,
    );
    const ids = (d: string): string[] =>
      JSON.parse(readFileSync(join(d, 'scorecard.json'), 'utf8')).trials.map((t: { id: string }) => t.id);
    expect(ids(dir)).toEqual(ids(clean).filter((x) => x !== id));

    const { r, stderr } = await resume(dir);
    expect(stderr).toContain(
      `torn last record (cut short: no newline at its end) of trial ${id} removed: its trial runs again`,
    );
    expect(r.executed).toBe(1);
    expect(lines(dir)).toHaveLength(TRIALS);
    expect(lines(dir).map((l) => JSON.parse(l).id)).toContain(id);
    expect(comparable(dir)).toEqual(comparable(clean));
    expect(leftovers(dir)).toEqual([]);
  });

  it('a last line that lost only its newline, or fails its checksum, also counts as torn', async () => {
    const clean = await finishedRun(1);
    const dir = await finishedRun(1);
    const whole = lines(dir)[TRIALS - 1].length;
    damageLast(dir, { keep: whole });
    expect((await resume(dir)).r.executed).toBe(1);
    damageLast(dir, { replace: (l) => l.replace('"correctness":', '"correctness": ') });
    const again = await resume(dir);
    expect(again.stderr).toContain('torn last record (checksum does not match)');
    expect(again.r.executed).toBe(1);
    expect(comparable(dir)).toEqual(comparable(clean));
  });
});

describe('journal: corrupt record in the middle', () => {
  it('is exit 2 naming the file and line, and nothing is changed', async () => {
    const dir = await finishedRun(1);
    const all = lines(dir);
    all[2] = all[2].replace('"verdict":"', '"verdict":"x');
    const text = all.map((l) => `${l}\n`).join('');
    writeFileSync(journal(dir), text);
    const report = bench(['report', dir], dir);
    expect(report.status).toBe(2);
    expect(report.stderr).toContain(`${journal(dir)}:3: journal record is corrupt (checksum does not match)`);
    await expect(resume(dir)).rejects.toThrow(`${journal(dir)}:3: journal record is corrupt`);
    expect(readFileSync(journal(dir), 'utf8')).toBe(text);
    all[4] = '{"id":"g-one/sim-a/all/r1","record":{}}'; // a line of no checksum at all
    writeFileSync(
      journal(dir),
      all
        .slice(3)
        .map((l) => `${l}\n`)
        .join(''),
    );
    expect(bench(['report', dir], dir).stderr).toContain(
      `${journal(dir)}:2: journal record is corrupt (no checksum at its end (a line of an older rematch?))`,
    );
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('journal: group commit', () => {
  it('each line is in the file as its append returns; fsyncs are grouped, and close() syncs the rest', async () => {
    const clean = await finishedRun(1);
    const records = [...readJournal(journal(clean)).values()];
    const file = join(mkdtempSync(join(tmpdir(), 'rematch-journal-')), 'journal.jsonl');
    const appender = new JournalAppender(file);
    try {
      for (let i = 0; i < 200; i++) {
        appender.append(records[i % records.length]);
        // what a kill -9 right now would leave: every line appended so far, whole
        if (i % 50 === 0) expect(readFileSync(file, 'utf8').split('\n').slice(0, -1)).toHaveLength(i + 1);
      }
    } finally {
      await appender.close();
    }
    // 200 lines written in one tick: one fsync at close, none per line
    expect(appender.syncs).toBe(1);
    await appender.close(); // idempotent
    expect(readJournal(file).size).toBe(records.length);
    expect(lines(clean)).toEqual(readFileSync(file, 'utf8').split('\n').slice(0, records.length));
  });

  it('a resume runs again, with a warning, a journaled trial whose files a crash of the machine lost', async () => {
    const clean = await finishedRun(1);
    const dir = await finishedRun(1);
    const recs = [...readJournal(journal(dir)).values()];
    const [gone, empty, cut] = [recs[1], recs[4], recs[6]];
    rmSync(join(dir, gone.dir, 'trace.jsonl'));
    writeFileSync(join(dir, empty.dir, 'score.json'), '');
    const trace = readFileSync(join(dir, cut.dir, 'trace.jsonl'), 'utf8');
    writeFileSync(join(dir, cut.dir, 'trace.jsonl'), trace.slice(0, trace.length - 40));
    const { r, stderr } = await resume(dir);
    expect(stderr).toContain(`${join(dir, gone.dir)}: trace.jsonl is missing; trial ${gone.id} runs again`);
    expect(stderr).toContain(
      `${join(dir, empty.dir)}: score.json does not match its journal record; trial ${empty.id} runs again`,
    );
    expect(stderr).toContain(`${join(dir, cut.dir)}: trace.jsonl is cut short; trial ${cut.id} runs again`);
    expect(r.executed).toBe(3);
    expect(comparable(dir)).toEqual(comparable(clean));
    // a second resume finds every file whole: nothing runs
    expect((await resume(dir)).r.executed).toBe(0);
  });
});
