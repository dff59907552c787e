/** A run folder read back as a Scorecard: its manifest, journal and baselines, scored and aggregated. */
import { join } from 'node:path';
import { buildScorecard, type Scorecard } from '../scoring/index.js';
import { describeTorn, JOURNAL_FILE, scanJournal } from './journal.js';
import { readJudgeRecords } from './judge-files.js';
import { readBaselines, readManifest } from './run-folder.js';

type Warn = (line: string) => void;

/** A torn last record (a killed run) is a trial that did not finish: left out, and said so. */
export function scorecardOf(dir: string, warn: Warn): Scorecard {
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
      ...(m.pricing && Object.keys(m.pricing).length ? { pricing: m.pricing } : {}),
      ...(m.maxCost !== undefined ? { maxCost: m.maxCost } : {}),
    },
    trials,
    skipped: m.skipped ?? [],
    meta: { runId: m.runId, generatedAt: new Date().toISOString(), dir },
    ...(m.elapsedMs !== undefined ? { runMs: m.elapsedMs } : {}),
    // a shard holds part of the plan: its rules would judge rows it never ran; bench merge judges them
    assert: m.plan.shard ? [] : (m.assert ?? []),
    assertPartial: m.assertPartial ?? false,
    judge: readJudgeRecords(dir, [...journal.records.values()]),
  });
}
