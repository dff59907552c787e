/**
 * Trials' timelines outside the page, so report.html's size does not grow with the run: each trial's
 * detail is a small script of its own, `report/<render>/<i>.js`, which calls `rematchTrial(i, {...})`
 * when the page adds it as a `<script src>` (classic scripts load from a file:// URL, where fetch
 * cannot; `bench view` serves exactly these paths). The page names its render's folder; a render
 * writes a new folder (its name a hash of the files' content), then the page, then removes the older
 * folders: a page on disk always points at a complete set, and a re-render of the same scorecard
 * rewrites the same folder.
 *
 * The files are derived (bench report DIR writes them again): written into the writer's own staging
 * folder, which is renamed whole to its render's name, not fsynced one by one: the folder is synced
 * once, and the page, written after, is fsynced.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir } from '../../formats/files.js';

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

/** Trial i's script, around its detail as safe JSON text (escape.ts safeJson, trial-view.ts). */
const timelineText = (i: number, detail: string): string => `rematchTrial(${i},${detail});\n`;

/** One script per trial, in index order, named by the content of them all. */
export function timelineFiles(details: string[]): Timelines {
  const files = details.map((d, i) => ({ name: `${i}.js`, text: timelineText(i, d) }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.text);
  const render = hash.digest('hex').slice(0, 16);
  return { base: `${TIMELINES}/${render}/`, render, files };
}

/** What the page needs of a render written trial by trial (streamTimelines). */
export interface StreamedTimelines {
  base: string;
  render: string;
  count: number;
}

/**
 * A render written one trial at a time, so memory does not grow with the run: each trial's detail
 * (as safe JSON text) is made or read, written and let go. The files go to a staging folder of this writer's own, which is
 * renamed to its render's name once the last is written (a folder of that name already there holds
 * the same content: its name is the hash of it). A killed writer's staging folder is pruned with the
 * older renders.
 */
export function streamTimelines(
  dir: string,
  count: number,
  detailOf: (i: number) => string,
): StreamedTimelines {
  const root = join(dir, TIMELINES);
  const staging = join(root, `.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { recursive: true });
  const hash = createHash('sha256');
  try {
    for (let i = 0; i < count; i++) {
      const text = timelineText(i, detailOf(i));
      hash.update(text);
      // written in place: the staging folder is this writer's own, and it is renamed whole below
      writeFileSync(join(staging, `${i}.js`), text);
    }
    const render = hash.digest('hex').slice(0, 16);
    const folder = join(root, render);
    // A folder of that name holds the same content when it is whole; it may not be (an older
    // bench wrote renders in place; a machine crash can lose unsynced files): replaced, never trusted.
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
    fsyncDir(folder);
    fsyncDir(root);
    return { base: `${TIMELINES}/${render}/`, render, count };
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}

/**
 * After the page is written: every other render's folder goes, and in this one anything it did not
 * write (a killed writer's temporary, a larger run's trials).
 */
export function pruneTimelines(dir: string, t: Timelines | StreamedTimelines): void {
  const root = join(dir, TIMELINES);
  if (!existsSync(root)) return;
  for (const name of readdirSync(root))
    if (name !== t.render && !writing(join(root, name)))
      rmSync(join(root, name), { recursive: true, force: true });
  const keep = new Set(
    'files' in t ? t.files.map((f) => f.name) : Array.from({ length: t.count }, (_, i) => `${i}.js`),
  );
  const folder = join(root, t.render);
  for (const name of readdirSync(folder)) if (!keep.has(name)) rmSync(join(folder, name), { force: true });
}

/** A staging folder another writer may still be filling (bench report beside a run): left for an hour. */
function writing(path: string): boolean {
  if (!path.split('/').pop()!.startsWith('.staging-')) return false;
  try {
    return Date.now() - statSync(path).mtimeMs < 60 * 60 * 1000;
  } catch {
    return false;
  }
}
