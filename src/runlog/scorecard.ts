/**
 * A run folder read back as a Scorecard: its manifest, journal and baselines, scored and
 * aggregated; and the scorecard `bench diff` compares, from a run folder or a scorecard.json.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { readInput } from '../formats/files.js';
import { gateListText } from '../formats/gate-sets.js';
import { parseScorecard, type RecordedGateSet } from '../formats/run/index.js';
import { buildScorecard, type Scorecard } from '../scoring/index.js';
import { describeTorn, JOURNAL_FILE, scanJournal } from './journal.js';
import { readJudgeRecords } from './judge-files.js';
import { isOlderScorecard, readManifest } from './manifest.js';
import { readBaselines } from './run-folder.js';

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
      ...(m.gateSets ? { gates: gateTexts(m.gateSets) } : {}),
      ...(m.plan.effects?.length ? { effects: m.plan.effects } : {}),
    },
    trials,
    skipped: m.skipped,
    meta: { runId: m.runId, generatedAt: new Date().toISOString(), dir },
    ...(m.elapsedMs !== undefined ? { runMs: m.elapsedMs } : {}),
    // a shard holds part of the plan: its rules would judge rows it never ran; bench merge judges them
    assert: m.plan.shard ? [] : (m.assert ?? []),
    assertPartial: m.assertPartial ?? false,
    ...(m.assertMatrix ? { assertMatrix: m.assertMatrix } : {}),
    judge: readJudgeRecords(dir, [...journal.records.values()]),
  });
}

/** Each recorded gate set's gates as the config writes them, with `all`'s version (`v1: ...`). */
function gateTexts(sets: Record<string, RecordedGateSet>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, m] of Object.entries(sets)) {
    const list = gateListText(m.gates, m.prompted) || 'no gates';
    out[name] = m.version !== undefined ? `v${m.version}: ${list}` : list;
  }
  return out;
}

/** A file the system will not let us read (EACCES, EIO) is bad input naming it, not a crash. */
function unreadableAsInput<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (e instanceof InputError || typeof code !== 'string') throw e;
    throw new InputError(`${file}: cannot be read (${code})`);
  }
}

/**
 * A run folder scored from its journal, which must be whole: a comparison of an unfinished run
 * would compare fewer trials and pass, so a folder without a journal or with a torn last record is
 * bad input here (`bench report` and `--resume` are where those are fine).
 */
function scorecardOfFinished(dir: string): Scorecard {
  readManifest(dir);
  const journal = join(dir, JOURNAL_FILE);
  if (!existsSync(journal))
    throw new InputError(`${journal}: not found (the run folder holds no finished trial)`);
  const { torn } = unreadableAsInput(journal, () => scanJournal(journal));
  if (torn)
    throw new InputError(
      `${describeTorn(journal, torn)}: the run did not finish; complete it with bench run --resume ${dir}`,
    );
  return scorecardOf(dir, () => {});
}

/**
 * The scorecard at `path` (`bench diff`): a scorecard.json parsed by its schema, or a run folder's.
 * A folder whose scorecard.json is missing (written without the json reporter) or of an older
 * format (manifest.ts) is scored again from its journal: that is how an older scorecard is read.
 */
export function readScorecard(path: string): Scorecard {
  const dir = existsSync(path) && statSync(path).isDirectory();
  const file = dir ? join(path, 'scorecard.json') : path;
  const folder = dir && existsSync(join(path, 'run.json'));
  if (folder && (!existsSync(file) || isOlderScorecard(file))) return scorecardOfFinished(path);
  if (!existsSync(file)) throw new InputError(`${file}: not found (give a run folder or a scorecard.json)`);
  return parseScorecard(readInput(file, 'scorecard'), file);
}
