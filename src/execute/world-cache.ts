/**
 * Worlds kept on disk between runs (`.rematch-cache/worlds/` beside the config; `--no-cache`
 * bypasses it). A world is a pure function of what worldKeyOf names (its golden's blocks, seed and
 * window, and the bytes of the data files it loads) and of the code that builds it, so a file is
 * named by the sha256 of both: the bench's version and a hash of every source file of `world/`
 * (a change to a generator is a new key, never a stale world). Files are the world as plain data
 * (the engine pool's worldData: typed arrays copied by bytes, so stale markers survive) in V8's
 * serialization, written atomically; loading one is about a tenth of building it. A file that
 * does not read back (cut short, another format) is built again and replaced, never an error.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { type WorldData, worldData, worldFromData } from '../backend/index.js';
import { writeAtomic } from '../formats/files.js';
import type { Golden } from '../formats/golden/index.js';
import { buildWorld } from '../world/build.js';
import type { World } from '../world/types.js';

/** Where a run keeps worlds by default: beside its config. */
export const WORLD_CACHE_SUBDIR = join('.rematch-cache', 'worlds');

let code: string | undefined;

/**
 * What a cached file's meaning depends on, beside the golden: the format of the file itself
 * (bumped by hand when worldData's shape changes) and the code that builds and reads worlds.
 */
const WORLD_FILE_FORMAT = 1;

/**
 * The bench's version, the file format and every source file of the code worlds are made of and
 * read back with (world/, formats/time.ts's times, the engine pool's worldData), as this process
 * loaded them, hashed once.
 */
function codeHash(): string {
  if (code !== undefined) return code;
  const h = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  const pkg = join(here, '..', '..', 'package.json');
  h.update(existsSync(pkg) ? String(JSON.parse(readFileSync(pkg, 'utf8')).version) : 'unknown');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
        h.update(`${name}\0`).update(readFileSync(p));
    }
  };
  h.update(`format ${WORLD_FILE_FORMAT}\0`);
  walk(join(here, '..', 'world'));
  for (const [dir, base] of [
    ['formats', 'time'],
    [join('backend', 'engines'), 'world-transfer'],
  ])
    for (const ext of ['.js', '.ts']) {
      const p = join(here, '..', dir, base + ext);
      if (existsSync(p)) h.update(`${base}${ext}\0`).update(readFileSync(p));
    }
  code = h.digest('hex');
  return code;
}

/** The file a golden's world is kept in under `dir`. */
export function worldCacheFile(dir: string, key: string): string {
  return join(dir, `${createHash('sha256').update(codeHash()).update(key).digest('hex').slice(0, 32)}.v8`);
}

/** The golden's world from `dir` when it is there and reads back, else built and written there. */
export function cachedWorld(golden: Golden, key: string, dir: string): World {
  const file = worldCacheFile(dir, key);
  if (existsSync(file)) {
    try {
      const data = deserialize(readFileSync(file)) as WorldData;
      if (Array.isArray(data?.series) && Array.isArray(data?.streams)) return worldFromData(data);
    } catch {
      // unreadable: built again below, and replaced
    }
  }
  const world = buildWorld(golden);
  try {
    mkdirSync(dir, { recursive: true });
    // a cache needs no fsync: a file lost to a crash is built again
    writeAtomic(file, serialize(worldData(world)), { sync: false });
  } catch {
    // a cache that cannot be written (read-only checkout, full disk) only costs the next run time
  }
  return world;
}
