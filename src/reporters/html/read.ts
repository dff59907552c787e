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
import { loadRunFile, RunManifestFile, readTrace, TraceEvent } from '../../formats/run/index.js';
import { type Theory, Theory as TheorySchema } from '../../formats/theory.js';
import type { TrialRecord } from '../../scoring/index.js';

export interface TrialFiles {
  trace: Trace | null;
  theory: Theory | null;
  problem?: string;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0];

export function readTrialFiles(runDir: string, rec: Pick<TrialRecord, 'dir'>): TrialFiles {
  return readTrialFolder(join(runDir, rec.dir), rec.dir);
}

/** A trial's files from its folder; `label` names the folder in a problem (the record's `dir`). */
export function readTrialFolder(dir: string, label: string): TrialFiles {
  const traceFile = join(dir, 'trace.jsonl');
  if (!existsSync(traceFile))
    return { trace: null, theory: null, problem: `no trace at ${label}/trace.jsonl` };
  try {
    const trace = readTrace(traceFile);
    const theoryFile = join(dir, 'theory.json');
    return { trace, theory: existsSync(theoryFile) ? loadTheory(theoryFile) : null };
  } catch (e) {
    return { trace: null, theory: null, problem: message(e) };
  }
}

/**
 * The TrialFiles `readTrialFolder` reads back from the files a trace and Theory in memory were just
 * written as, without reading them: each value through the JSON text it was written as and the
 * schema the reader checks it with (so keys come in the reader's order). Undefined when a value
 * does not pass, and the caller reads the files.
 */
export function trialFilesOf(trace: Trace, theory: Theory | null): TrialFiles | undefined {
  const events: TraceEvent[] = [];
  for (const e of JSON.parse(JSON.stringify(trace.events)) as unknown[]) {
    const r = TraceEvent.safeParse(e);
    if (!r.success) return undefined;
    events.push(r.data);
  }
  const header = events[0];
  if (header?.type !== 'header' || events.slice(1).some((e) => e.type === 'header')) return undefined;
  if (theory === null) return { trace: { header, events }, theory: null };
  const t = TheorySchema.safeParse(JSON.parse(JSON.stringify(theory)));
  return t.success ? { trace: { header, events }, theory: t.data } : undefined;
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
