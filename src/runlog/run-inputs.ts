/**
 * What a run was started with, as hashes in run.json: every golden file of the plan (golden.yaml
 * and, for a golden in its own `<id>/` folder, every data file beside it), every seat file, the normalized
 * config, and each gate set's definition. `--resume` recomputes them and refuses to mix trials of
 * different inputs into one scorecard. Inputs given in memory (the API's `inputs`) hash their value.
 * The record's shape: formats/run/files.ts `InputHashes`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ConfigFile } from '../formats/config.js';
import type { Golden } from '../formats/golden/index.js';
import type { InputHashes, PlanRecord } from '../formats/run/index.js';
import type { Seat } from '../formats/seat.js';
import { resolveGateSets } from '../host/index.js';

/**
 * Where a run goes, how many trials fly at once, how its turns are paced (rate limits), its spend
 * cap and where its turns are cached change neither trials nor scores (a cap is raised precisely to
 * resume a run it stopped); nor does the LLM judge (a second opinion beside the scores), so a
 * finished run can be resumed to be judged.
 */
const NOT_AN_INPUT = new Set(['concurrency', 'workers', 'outDir', 'judge', 'limits', 'maxCost', 'cache']);
export const IN_MEMORY = '(in memory)';

const sha = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Data files of a golden folder: hidden entries (.git, .DS_Store) and node_modules are not data. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
    );
}

/**
 * Hashes keyed by the file's path inside what owns it (`golden.yaml`, `data/samples.txt`, the seat
 * file's name), never by an absolute path: a run resumed or a shard merged from another checkout
 * of the same inputs must compare equal.
 */
function hashFiles(files: string[], base: string, value: unknown): Record<string, string> {
  if (!files.length || !files.every((f) => existsSync(f))) return { [IN_MEMORY]: sha(JSON.stringify(value)) };
  return Object.fromEntries(files.map((f) => [relative(base, f) || basename(f), sha(readFileSync(f))]));
}

/**
 * A golden read from `<id>/golden.yaml` owns that folder (its data files live beside it); one read
 * from any other file (a golden.yaml in a folder of another name, which may hold run folders too)
 * owns only that file; one that was never read from disk (the API's in-memory goldens) hashes its
 * value.
 */
function goldenFiles(g: Golden): { files: string[]; base: string } {
  if (!existsSync(g.file)) return { files: [], base: '' };
  const dir = dirname(resolve(g.file));
  if (basename(g.file) === 'golden.yaml' && basename(dir) === g.id)
    return { files: filesUnder(dir), base: dir };
  return { files: [resolve(g.file)], base: dir };
}

export function hashInputs(
  config: ConfigFile,
  configFile: string,
  goldens: Golden[],
  seats: Seat[],
  plan: Pick<PlanRecord, 'goldens' | 'seats' | 'gateSets'>,
): InputHashes {
  // by name, derived sets (all-ledger) included
  const sets = new Map(resolveGateSets(config, plan.gateSets).map((s) => [s.name, s]));
  return {
    goldens: Object.fromEntries(
      goldens
        .filter((g) => plan.goldens.includes(g.id))
        .map((g) => {
          const { files, base } = goldenFiles(g);
          return [g.id, hashFiles(files, base, g)];
        }),
    ),
    seats: Object.fromEntries(
      seats
        .filter((s) => plan.seats.includes(s.name))
        .map((s) => [s.name, hashFiles([resolve(s.file)], dirname(resolve(s.file)), s)]),
    ),
    config: {
      file: configFile,
      keys: Object.fromEntries(
        Object.entries(config)
          .filter(([k]) => !NOT_AN_INPUT.has(k))
          .map(([k, v]) => [k, sha(JSON.stringify(v) ?? 'undefined')]),
      ),
    },
    gateSets: Object.fromEntries(plan.gateSets.map((n) => [n, sha(JSON.stringify(sets.get(n)))])),
  };
}
