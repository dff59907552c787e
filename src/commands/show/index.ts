/**
 * `bench show TRACE`: a trace already on disk (a trace.jsonl, or a trial folder holding one) printed
 * as the timeline `bench trial` prints, and, when the folder has its score.json (a run's trial, or
 * a `bench trial` folder), the verdict and score after it.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError, redact } from '../../errors.js';
import { loadRunFile, RunManifestFile, readTrace, TrialScore } from '../../formats/run/index.js';
import { formatTimeline, formatVerdict } from '../../reporters/terminal/index.js';

export interface ShowOptions {
  /** Colour: the CLI passes chalk's own detection for stdout. */
  color?: boolean;
}

function traceFileOf(path: string): string {
  if (!existsSync(path)) throw new InputError(`bench show ${path}: not found`);
  if (!statSync(path).isDirectory()) return path;
  const file = join(path, 'trace.jsonl');
  if (!existsSync(file)) throw new InputError(`bench show ${path}: a folder without trace.jsonl`);
  return file;
}

/**
 * The pass threshold the verdict line names: score.json holds the verdict, not the threshold, so it
 * comes from the run folder the trial sits in (the nearest run.json above it), else the default.
 */
function passCorrectnessAbove(dir: string): number | undefined {
  for (let d = resolve(dir), i = 0; i < 8; i++, d = dirname(d)) {
    const manifest = join(d, 'run.json');
    if (existsSync(manifest))
      return loadRunFile(manifest, RunManifestFile, 'run manifest').thresholds.passCorrectness;
    if (dirname(d) === d) break;
  }
  return undefined;
}

export function showTrace(path: string, write: (s: string) => void, opts: ShowOptions = {}): void {
  const file = traceFileOf(path);
  const trace = readTrace(file);
  const color = opts.color ?? false;
  write(redact(formatTimeline(trace, { color, traceFile: file })));
  const scoreFile = join(dirname(file), 'score.json');
  if (!existsSync(scoreFile)) return;
  const score = loadRunFile(scoreFile, TrialScore, 'trial score');
  const passCorrectness = passCorrectnessAbove(dirname(file));
  write(redact(formatVerdict(score, { color, passCorrectness })));
}
