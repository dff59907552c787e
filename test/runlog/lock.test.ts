/**
 * Nothing doubled: one process at a time in a run folder. Two resumes of one folder started
 * together (the built runBench in children): one refuses with exit 2 naming the other's pid, the
 * other completes with the uninterrupted scorecard. While a resume runs, `bench run --resume`,
 * `bench report` and `bench merge` of that folder refuse too (built CLI). A stale lock is taken
 * over with a warning; a lock is released on error paths.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../src/index.js';
import { fakeRunTrial, inputs } from '../commands/fake.js';
import {
  comparable,
  finishedRun,
  journalLines,
  keepJournalLines,
  leftovers,
  runChild,
  sink,
  tmp,
  until,
  writeScenario,
} from '../commands/helpers.js';
import { bench } from '../formats/helpers.js';

let clean = '';
let scenario = '';
const lockOf = (dir: string): string => join(dir, 'run.lock');

beforeAll(async () => {
  scenario = await writeScenario(4);
  clean = await finishedRun(4);
});

/** A finished run with all but its first two journal lines gone: 30 trials left to resume. */
async function interrupted(): Promise<string> {
  const dir = await finishedRun(4);
  keepJournalLines(dir, 2);
  return dir;
}

const deadPid = (): number => {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(r.stdout);
};

describe('run folder lock', () => {
  it('two resumes started together: one refuses with exit 2 naming the other, the other completes', async () => {
    const dir = await interrupted();
    const a = runChild(scenario, dir, 100, 'resume');
    const b = runChild(scenario, dir, 100, 'resume');
    const codes = await Promise.all([a.exit, b.exit]);
    expect([...codes].sort()).toEqual([0, 2]);
    const [refused, winner] = codes[0] === 2 ? [a, b] : [b, a];
    expect(refused.stderr()).toMatch(
      new RegExp(`run folder ${dir} is in use by pid ${winner.proc.pid} \\(started \\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(journalLines(dir)).toBe(32);
    expect(comparable(dir)).toEqual(comparable(clean));
    expect(leftovers(dir)).toEqual([]);
  }, 30_000);

  it('while a resume runs, bench run --resume, bench report and bench merge of the folder exit 2', async () => {
    const dir = await interrupted();
    // The resume's trials stay open until the three refusals are seen: a loaded machine once let
    // it finish before `bench merge` started, and merge then rightly exited 0.
    const hold = join(tmp(), 'hold');
    writeFileSync(hold, '');
    const a = runChild(scenario, dir, 100, 'resume', undefined, hold);
    await until(
      () => existsSync(lockOf(dir)) && readFileSync(lockOf(dir), 'utf8').includes(`"pid":${a.proc.pid}`),
      'the lock',
    );
    const busy = `run folder ${dir} is in use by pid ${a.proc.pid} (started `;
    const merged = join(tmp(), 'merged');
    for (const args of [
      ['run', '--resume', dir],
      ['report', dir],
      ['merge', dir, '--out', merged],
    ]) {
      const r = bench(args, tmp());
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(busy);
    }
    await expect(
      runBench({ inputs, resume: dir, runTrial: fakeRunTrial(), stdout: sink(), stderr: sink() }),
    ).rejects.toThrow(busy);
    expect(existsSync(join(merged, 'run.json'))).toBe(false);
    rmSync(hold);
    expect(await a.exit).toBe(0);
    expect(comparable(dir)).toEqual(comparable(clean));
  }, 30_000);

  it('takes over a stale lock (dead pid on this host, or unreadable and old) with a warning', async () => {
    const dir = await finishedRun(1);
    const pid = deadPid();
    writeFileSync(lockOf(dir), JSON.stringify({ pid, host: hostname(), startedAt: 'then', token: 't' }));
    const r = bench(['report', dir], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      `taking over the stale lock of run folder ${dir}: pid ${pid} (started then) is no longer running`,
    );
    expect(existsSync(lockOf(dir))).toBe(false);

    writeFileSync(lockOf(dir), '{"pi');
    utimesSync(lockOf(dir), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const partial = bench(['report', dir], dir);
    expect(partial.status).toBe(0);
    expect(partial.stderr).toContain(`taking over the stale lock of run folder ${dir}: an unreadable lock`);
  });

  it('a live pid on another host is not second-guessed: exit 2 naming the host', async () => {
    const dir = await finishedRun(1);
    writeFileSync(
      lockOf(dir),
      JSON.stringify({ pid: process.pid, host: 'ci-runner-7', startedAt: 'then', token: 't' }),
    );
    const r = bench(['report', dir], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `run folder ${dir} is in use by pid ${process.pid} (started then on ci-runner-7)`,
    );
  });

  it('is released when the run fails (threshold) and when the folder is refused (exists)', async () => {
    const dir = await interrupted();
    await expect(
      runBench({
        inputs,
        resume: dir,
        runTrial: fakeRunTrial(),
        minCorrectness: 1,
        stdout: sink(),
        stderr: sink(),
      }),
    ).rejects.toThrow(/mean correctness below 1/);
    expect(existsSync(lockOf(dir))).toBe(false);
    await expect(finishedRun(1, dir)).rejects.toThrow(/--resume/);
    expect(leftovers(dir)).toEqual([]);
  });
});
