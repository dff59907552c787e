/**
 * The ONE resolver for goldens and seats named on a command line (`bench run --golden`, `bench
 * trial`, `bench score`, `bench serve`, `bench mcp` ...). A reference is, in this order:
 *   - a path that exists (golden.yaml, a golden folder or a folder of them; a seat file or folder);
 *   - `tag:<t>` (goldens only): every golden of the config carrying tag t;
 *   - a glob (`*`, `?`): every id (golden) or name (seat) of the config it matches;
 *   - an id or name among the goldens/seats the config's folders hold.
 * So a golden id means the same thing to every command: the `id:` of a golden the config finds.
 */
import { existsSync } from 'node:fs';
import { InputError } from '../errors.js';
import type { ConfigFile } from '../formats/config.js';
import { GLOB, globToRegExp } from '../formats/glob.js';
import type { Golden } from '../formats/golden/index.js';
import { loadGoldens, loadSeats } from '../formats/load.js';
import type { Seat } from '../formats/seat.js';
import { withTwins } from '../formats/twins/index.js';

interface Kind<T> {
  what: 'golden' | 'seat';
  key: (x: T) => string;
  fromPath: (p: string) => T[];
  tags?: (x: T) => string[];
}

const GOLDEN: Kind<Golden> = {
  what: 'golden',
  key: (g) => g.id,
  fromPath: (p) => loadGoldens([p]),
  tags: (g) => g.tags,
};
const SEAT: Kind<Seat> = { what: 'seat', key: (s) => s.name, fromPath: (p) => loadSeats([p]) };

function resolveRef<T>(k: Kind<T>, ref: string, all: () => T[]): T[] {
  if (existsSync(ref)) return k.fromPath(ref);
  const list = all();
  const known = () => list.map(k.key).join(', ') || 'none';
  if (ref.startsWith('tag:') && k.tags) {
    const tag = ref.slice('tag:'.length);
    const hits = list.filter((x) => k.tags!(x).includes(tag));
    if (!hits.length) throw new InputError(`no ${k.what} tagged "${tag}" (${ref})`);
    return hits;
  }
  if (GLOB.test(ref)) {
    const re = globToRegExp(ref);
    const hits = list.filter((x) => re.test(k.key(x)));
    if (!hits.length) throw new InputError(`no ${k.what} matches "${ref}" (known: ${known()})`);
    return hits;
  }
  const hit = list.find((x) => k.key(x) === ref);
  if (!hit) throw new InputError(`no ${k.what} "${ref}" (known: ${known()})`);
  return [hit];
}

/** Every reference resolved, in the order given, each golden/seat once. */
function resolveAll<T>(k: Kind<T>, refs: string[], all: () => T[]): T[] {
  let cache: T[] | undefined;
  const once = () => {
    cache ??= all();
    return cache;
  };
  const out = new Map<string, T>();
  for (const ref of refs)
    for (const x of resolveRef(k, ref, once)) if (!out.has(k.key(x))) out.set(k.key(x), x);
  return [...out.values()];
}

function one<T>(k: Kind<T>, ref: string, all: () => T[]): T {
  const hits = resolveRef(k, ref, all);
  if (hits.length !== 1)
    throw new InputError(
      `"${ref}" names ${hits.length} ${k.what}s (${hits.map(k.key).join(', ')}); give one`,
    );
  return hits[0];
}

/** The config, or a thunk for it: a path needs no config, so a caller may load it only when asked. */
type ConfigRef = ConfigFile | (() => ConfigFile);
const cfg = (c: ConfigRef): ConfigFile => (typeof c === 'function' ? c() : c);

/** The known set: the given list (an embedding caller's inputs), else what the config's folders hold. */
const goldensOf = (config: ConfigRef, known?: Golden[]) => () =>
  known ?? withTwins(loadGoldens(cfg(config).goldens), cfg(config).twins);
const seatsOf = (config: ConfigRef, known?: Seat[]) => () => known ?? loadSeats(cfg(config).seats);

export const resolveGoldens = (refs: string[], config: ConfigRef, known?: Golden[]): Golden[] =>
  resolveAll(GOLDEN, refs, goldensOf(config, known));
export const resolveSeats = (refs: string[], config: ConfigRef, known?: Seat[]): Seat[] =>
  resolveAll(SEAT, refs, seatsOf(config, known));
export const resolveOneGolden = (ref: string, config: ConfigRef): Golden =>
  one(GOLDEN, ref, goldensOf(config));
export const resolveOneSeat = (ref: string, config: ConfigRef): Seat => one(SEAT, ref, seatsOf(config));

/** A plain id or name: what the planner looks up itself (and names the known ones when it is not there). */
export const isPlainRef = (ref: string): boolean =>
  !existsSync(ref) && !ref.startsWith('tag:') && !GLOB.test(ref);

/**
 * `bench run --golden/--seat`: references the planner cannot look up itself (paths, globs, tags)
 * become ids or names, and what they load from outside the config's folders joins the inputs.
 * Plain ids and names are left to the planner, which names the known ones when one is missing.
 */
export function expandRunRefs<T extends Golden | Seat>(
  kind: 'golden' | 'seat',
  refs: string[] | undefined,
  known: T[],
): { names: string[] | undefined; extra: T[] } {
  if (!refs) return { names: undefined, extra: [] };
  const k = (kind === 'golden' ? GOLDEN : SEAT) as unknown as Kind<T>;
  const names: string[] = [];
  const extra = new Map<string, T>();
  for (const ref of refs) {
    if (isPlainRef(ref)) {
      names.push(ref);
      continue;
    }
    for (const x of resolveRef(k, ref, () => known)) {
      names.push(k.key(x));
      const same = known.find((y) => k.key(y) === k.key(x));
      if (!same) extra.set(k.key(x), x);
      else if (same.file !== x.file)
        throw new InputError(`${ref}: ${kind} "${k.key(x)}" is also in ${same.file}; give one of them`);
    }
  }
  return { names: [...new Set(names)], extra: [...extra.values()] };
}
