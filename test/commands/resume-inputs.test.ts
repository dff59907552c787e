/**
 * Nothing mixed: `bench run --resume` (built CLI) refuses with exit 2 a folder whose golden (or a
 * data file beside it), seat, config or gate set changed since the run started, naming what
 * changed; the refused resume leaves the folder as it was. Where the run goes and how many trials
 * fly at once are not inputs.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { bench, tempDir } from '../formats/helpers.js';
import { leftovers } from './helpers.js';

const ROOT = resolve(__dirname, '../..');
const SEAT = 'seats/sim-diligent-react.yaml';
let cwd = '';
let golden = '';
const config = (extra = '') =>
  `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nrepetitions: 1\nconcurrency: 2\n${extra}`;

beforeAll(() => {
  cwd = tempDir();
  // A golden in a folder named after its id owns the folder: its data files are inputs too.
  golden = join(tempDir(), 'tiny-checkout');
  mkdirSync(golden);
  copyFileSync(join(writeTinyGolden(), 'golden.yaml'), join(golden, 'golden.yaml'));
  mkdirSync(join(cwd, 'seats'));
  copyFileSync(join(ROOT, SEAT), join(cwd, SEAT));
  writeFileSync(join(cwd, 'bench.config.yaml'), config());
  expect(bench(['run', '--out', 'out/r'], cwd).status).toBe(0);
});

/** Applies `edit`, expects the resume refused naming `message`, then undoes the edit. */
function refused(edit: () => () => void, message: string): void {
  const journal = readFileSync(join(cwd, 'out/r/journal.jsonl'), 'utf8');
  const undo = edit();
  try {
    const r = bench(['run', '--resume', 'out/r'], cwd);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(readFileSync(join(cwd, 'out/r/journal.jsonl'), 'utf8')).toBe(journal);
    expect(leftovers(join(cwd, 'out/r'))).toEqual([]);
  } finally {
    undo();
  }
}

/** Appends to a file; the undo puts the old content back. */
const append = (file: string, text: string) => () => {
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, before + text);
  return () => writeFileSync(file, before);
};

describe('--resume checks the inputs it resumes against', () => {
  it('refuses an edited golden, a new data file, an edited seat, config or gate set', () => {
    const g = join(golden, 'golden.yaml');
    refused(append(g, '# edited\n'), 'golden tiny-checkout changed since the run started (golden.yaml)');
    refused(() => {
      writeFileSync(join(golden, 'samples.txt'), '1 2 3\n');
      return () => rmSync(join(golden, 'samples.txt'));
    }, 'golden tiny-checkout changed since the run started (samples.txt is new)');
    refused(
      append(join(cwd, SEAT), '# a comment counts: the file is hashed as bytes\n'),
      `seat sim-diligent-react changed since the run started (${basename(SEAT)})`,
    );
    const cfg = join(cwd, 'bench.config.yaml');
    refused(
      append(cfg, 'thresholds: {passCorrectness: 0.9}\n'),
      '--resume out/r: config bench.config.yaml changed since the run started (thresholds)',
    );
    refused(
      append(cfg, 'gateSettings: {steerAt: 3, haltAt: 4, fanoutCap: 3}\n'),
      'the inputs changed since the run started:\n  config bench.config.yaml changed since the run started (gateSettings)\n  gate set all changed since the run started\n  gate set none changed since the run started',
    );
  }, 60_000);

  it("resumes a run whose golden.yaml shares its folder with the run folders (the folder is not the golden's)", () => {
    const proj = tempDir();
    copyFileSync(join(golden, 'golden.yaml'), join(proj, 'golden.yaml'));
    mkdirSync(join(proj, 'seats'));
    copyFileSync(join(ROOT, SEAT), join(proj, SEAT));
    writeFileSync(
      join(proj, 'bench.config.yaml'),
      'goldens: [golden.yaml]\nseats: [seats]\nrepetitions: 1\noutDir: reports\n',
    );
    expect(bench(['run', '--out', 'reports/r1'], proj).status).toBe(0);
    const r = bench(['run', '--resume', 'reports/r1'], proj);
    expect(r.stderr).not.toContain('changed since the run started');
    expect(r.status).toBe(0);
  }, 60_000);

  it('resumes when only concurrency or outDir changed', () => {
    writeFileSync(
      join(cwd, 'bench.config.yaml'),
      config('outDir: elsewhere\n').replace('concurrency: 2', 'concurrency: 1'),
    );
    const r = bench(['run', '--resume', 'out/r'], cwd);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('resuming out/r: 3 of 3 trials already done');
  });
});
