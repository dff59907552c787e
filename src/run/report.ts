/** Rebuild a run folder's scorecard from its journal and write every report file. */
import { join } from 'node:path';
import { renderReports } from '../reporters/index.js';
import { buildScorecard, type Scorecard } from '../scoring/index.js';
import { writeAtomic } from './files.js';
import { JOURNAL_FILE, readJournal } from './journal.js';
import { readBaselines, readManifest } from './run-folder.js';

export function scorecardOf(dir: string): Scorecard {
  const m = readManifest(dir);
  const trials = [...readJournal(join(dir, JOURNAL_FILE)).values(), ...readBaselines(dir)];
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

/** `bench report DIR`: re-render every report from the folder's journal. */
export function reportRun(dir: string): Scorecard {
  const sc = scorecardOf(dir);
  writeRunReports(dir, sc);
  return sc;
}
