/**
 * A trial's timeline detail made where the trial ends: a worker thread makes its own trials', the
 * main thread the rest (execute/trial-views.ts calls `writeTrialView` by this module's URL). It is
 * the detail report.html's timeline file embeds (trial.ts), read from the trial's own files as a
 * re-render reads them, masked as the page masks: `timeline.json` beside them holds it with the key
 * it was made for. At the run's end the reporter takes the detail from there instead of reading the
 * trace again, building the detail and masking it, which was most of the end of a run (1.1 s of a
 * default run's 8.4 s of CPU, 3.4 s at 20 repetitions) and ran on one thread after every trial.
 *
 * The key is the trial's id, its score (as the record the page shows has it), the pass threshold,
 * the golden's truth, the size and modification time of the trace and Theory files, and the code
 * that makes the detail: any other key, a file that is missing or does not read, and the reporter
 * makes the detail afresh from the trial's files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAtomic } from '../../formats/files.js';
import type { Golden } from '../../formats/golden/index.js';
import type { TrialViewInput } from '../../plan/types.js';
import type { TrialScore } from '../../scoring/index.js';
import { safeJson, safeJsonText } from './escape.js';
import { readTrialFolder, trialFilesOf } from './read.js';
import { trialDetail, truthOf } from './trial.js';

/** The file in a trial's folder. */
export const TRIAL_VIEW_FILE = 'timeline.json';

let code: string | undefined;

/**
 * The bench's version and every source file the detail depends on (this folder's modules, the
 * scoring that explains a verdict, the formats that read trace and Theory back, the masking), as
 * this thread loaded them, hashed once.
 */
function codeHash(): string {
  if (code !== undefined) return code;
  const h = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  const src = join(here, '..', '..');
  const pkg = join(src, '..', 'package.json');
  h.update(existsSync(pkg) ? String(JSON.parse(readFileSync(pkg, 'utf8')).version) : 'unknown');
  const walk = (dir: string, deep: boolean): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (deep) walk(p, deep);
      } else if (/\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
        h.update(`${name}\0`).update(readFileSync(p));
    }
  };
  walk(here, false);
  walk(join(src, 'scoring'), true);
  walk(join(src, 'formats'), true);
  for (const ext of ['.js', '.ts']) {
    const p = join(src, `errors${ext}`);
    if (existsSync(p)) h.update(`errors${ext}\0`).update(readFileSync(p));
  }
  code = h.digest('hex');
  return code;
}

/**
 * The trial's files as they are now: each one the detail is made from, its size and modification
 * time (a trace edited after the run, a scrubbed value, makes the stored detail stale).
 */
function filesStamp(folder: string): string {
  return ['trace.jsonl', 'theory.json']
    .map((name) => {
      // to the nanosecond: `cp -p` keeps it; a copy that does not only makes every detail afresh
      const st = statSync(join(folder, name), { throwIfNoEntry: false, bigint: true });
      return st ? `${st.size}:${st.mtimeNs}` : '-';
    })
    .join(' ');
}

/** The key a trial's detail is made for, from its folder as it is now. */
export function viewKey(
  folder: string,
  id: string,
  score: TrialScore,
  golden: Golden | undefined,
  passCorrectness: number,
): string {
  return createHash('sha256')
    .update(codeHash())
    .update(`\0${id}\0${passCorrectness}\0${filesStamp(folder)}\0`)
    .update(JSON.stringify(score))
    .update('\0')
    .update(JSON.stringify(golden ? truthOf(golden) : null))
    .digest('hex');
}

/** The detail as report.html's timeline file embeds it (masked, safe inside a script), from the trial's folder. */
export function detailText(
  folder: string,
  rec: { id: string; dir: string; score: TrialScore },
  golden: Golden | undefined,
  passCorrectness: number,
): string {
  return safeJson(trialDetail(rec, readTrialFolder(folder, rec.dir), golden, passCorrectness));
}

const head = (key: string): string => `{"key":"${key}","detail":`;

/**
 * The view hook: the trial's detail into its folder, made from its trace and Theory in memory as a
 * re-render would read them back from its files (read.ts trialFilesOf), or from the files.
 */
export function writeTrialView(t: TrialViewInput): void {
  const key = viewKey(t.folder, t.id, t.score, t.golden, t.passCorrectness);
  const files = trialFilesOf(t.trace, t.theory) ?? readTrialFolder(t.folder, t.dir);
  const text = safeJson(trialDetail(t, files, t.golden, t.passCorrectness));
  writeAtomic(join(t.folder, TRIAL_VIEW_FILE), `${head(key)}${text}}\n`, { sync: false });
}

/**
 * The detail text a trial's folder holds for `key`, masked again against the secrets known now
 * (the same text unless one of them is in it); undefined when the folder holds none for that key.
 */
export function readTrialView(folder: string, key: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, TRIAL_VIEW_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const h = head(key);
  if (!text.startsWith(h) || !text.endsWith('}\n')) return undefined;
  const detail = text.slice(h.length, -2);
  try {
    JSON.parse(detail);
  } catch {
    // not JSON: a file cut short by a crash of the machine
    return undefined;
  }
  return safeJsonText(detail);
}
