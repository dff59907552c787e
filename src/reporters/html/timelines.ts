/**
 * Trials' timelines outside the page, so report.html's size does not grow with the run: each trial's
 * detail is a small script of its own, `report/<render>/<i>.js`, which calls `rematchTrial(i, {...})`
 * when the page adds it as a `<script src>` (classic scripts load from a file:// URL, where fetch
 * cannot; `bench view` serves exactly these paths). The page names its render's folder; a render
 * writes a new folder (its name a hash of the files' content), then the page, then removes the older
 * folders: a page on disk always points at a complete set, and a re-render of the same scorecard
 * rewrites the same folder.
 *
 * The files are derived (bench report DIR writes them again), so each is renamed into place whole
 * but not fsynced one by one: the folder is synced once, and the page, written after, is fsynced.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir, writeAtomic } from '../../formats/files.js';
import { safeJson } from './escape.js';
import type { TrialDetail } from './trial.js';

/** The run folder's sub-folder of timeline renders. */
export const TIMELINES = 'report';

/** A render's folder name: 16 hex of its files' content. */
export const RENDER_NAME = /^[0-9a-f]{16}$/;

/** A timeline file's path inside the run folder, as `bench view` accepts it. */
export const TIMELINE_PATH = /^report\/([0-9a-f]{16})\/(\d{1,7})\.js$/;

export interface Timelines {
  /** Relative to the run folder (and so to report.html): `report/<render>/`. */
  base: string;
  render: string;
  files: { name: string; text: string }[];
}

/** One script per trial, in index order, named by the content of them all. */
export function timelineFiles(details: TrialDetail[]): Timelines {
  const files = details.map((d, i) => ({ name: `${i}.js`, text: `rematchTrial(${i},${safeJson(d)});\n` }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.text);
  const render = hash.digest('hex').slice(0, 16);
  return { base: `${TIMELINES}/${render}/`, render, files };
}

/** Writes a render's files into the run folder (before the page that points at them). */
export function writeTimelines(dir: string, t: Timelines): void {
  const folder = join(dir, TIMELINES, t.render);
  mkdirSync(folder, { recursive: true });
  for (const f of t.files) writeAtomic(join(folder, f.name), f.text, { sync: false });
  fsyncDir(folder);
  fsyncDir(join(dir, TIMELINES));
}

/**
 * After the page is written: every other render's folder goes, and in this one anything it did not
 * write (a killed writer's temporary, a larger run's trials).
 */
export function pruneTimelines(dir: string, t: Timelines): void {
  const root = join(dir, TIMELINES);
  if (!existsSync(root)) return;
  for (const name of readdirSync(root))
    if (name !== t.render) rmSync(join(root, name), { recursive: true, force: true });
  const keep = new Set(t.files.map((f) => f.name));
  const folder = join(root, t.render);
  for (const name of readdirSync(folder)) if (!keep.has(name)) rmSync(join(folder, name), { force: true });
}
