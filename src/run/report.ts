/** Rebuild a run folder's scorecard from its journal and write every report file. */
import { join } from 'node:path';
import { renderReports } from '../reporters/index.js';
import { buildScorecard, type Scorecard } from '../scoring/index.js';
import { writeAtomic } from './files.js';
import { describeTorn, JOURNAL_FILE, scanJournal } from './journal.js';
import { lockRunFolder } from './lock.js';
import { readBaselines, readManifest } from './run-folder.js';

type Warn = (line: string) => void;
const toStderr: Warn = (l) => process.stderr.write(l);

/** A torn last record (a killed run) is a trial that did not finish: left out, and said so. */
export function scorecardOf(dir: string, warn: Warn = toStderr): Scorecard {
  const m = readManifest(dir);
  const journal = scanJournal(join(dir, JOURNAL_FILE));
  if (journal.torn)
    warn(`${describeTorn(join(dir, JOURNAL_FILE), journal.torn)} left out: --resume ${dir} runs it again\n`);
  const trials = [...journal.records.values(), ...readBaselines(dir)];
  return buildScorecard({
    run: {
      seed: m.plan.seed,
      goldens: m.plan.goldens,
      seats: m.plan.seats,
      gateSets: m.plan.gateSets,
      repetitions: m.plan.repetitions,
      thresholds: m.thresholds,
    },
    trials,
    skipped: m.skipped ?? [],
    meta: { runId: m.runId, generatedAt: new Date().toISOString(), dir },
  });
}

export function writeRunReports(dir: string, sc: Scorecard): void {
  for (const [name, text] of Object.entries(renderReports(sc))) writeAtomic(join(dir, name), text);
}

/** `bench report DIR`: re-render every report from the folder's journal, with the folder locked. */
export function reportRun(dir: string, warn: Warn = toStderr): Scorecard {
  readManifest(dir);
  const lock = lockRunFolder(dir, warn);
  try {
    return reportUnlocked(dir, warn);
  } finally {
    lock.release();
  }
}

/** For a caller that holds the folder's lock already (bench merge). */
export function reportUnlocked(dir: string, warn: Warn = toStderr): Scorecard {
  const sc = scorecardOf(dir, warn);
  writeRunReports(dir, sc);
  return sc;
}
