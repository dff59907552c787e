/**
 * What report.html reads from the run folder besides the scorecard: each trial's trace and Theory,
 * and the goldens (for their truth). Everything here is optional for the page: a trial whose trace
 * is missing (a baseline, a crashed trial, a folder copied without traces/) or unreadable still
 * gets its row, with the reason shown instead of a timeline; goldens that cannot be found leave
 * the truth column empty. So a broken file never stops the other reports from being written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Golden } from '../../formats/golden/index.js';
import { loadGoldens, loadTheory } from '../../formats/load.js';
import type { Trace } from '../../formats/run/index.js';
import { loadRunFile, RunManifestFile, readTrace } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import type { TrialRecord } from '../../scoring/index.js';

export interface TrialFiles {
  trace: Trace | null;
  theory: Theory | null;
  problem?: string;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0];

export function readTrialFiles(runDir: string, rec: TrialRecord): TrialFiles {
  const dir = join(runDir, rec.dir);
  const traceFile = join(dir, 'trace.jsonl');
  if (!existsSync(traceFile))
    return { trace: null, theory: null, problem: `no trace at ${rec.dir}/trace.jsonl` };
  try {
    const trace = readTrace(traceFile);
    const theoryFile = join(dir, 'theory.json');
    return { trace, theory: existsSync(theoryFile) ? loadTheory(theoryFile) : null };
  } catch (e) {
    return { trace: null, theory: null, problem: message(e) };
  }
}

/**
 * The goldens a re-render (`bench report`, `bench view`) has no plan for: the paths run.json
 * recorded, as the run resolved them (relative to where it ran). Missing ones are left out.
 */
export function readRunGoldens(runDir: string): Golden[] {
  try {
    const m = loadRunFile(join(runDir, 'run.json'), RunManifestFile, 'run manifest');
    return loadGoldens(m.goldenPaths.filter((p) => existsSync(p)));
  } catch {
    return [];
  }
}
