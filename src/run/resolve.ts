/**
 * Goldens and seats named on the command line: a path when one exists there, else an id (golden)
 * or name (seat) among those the config's folders hold, as `bench run --golden` takes them.
 */
import { existsSync } from 'node:fs';
import { InputError } from '../errors.js';

export function byIdOrPath<T>(
  what: string,
  ref: string,
  fromPath: (p: string) => T,
  all: () => T[],
  key: (x: T) => string,
): T {
  if (existsSync(ref)) return fromPath(ref);
  const list = all();
  const hit = list.find((x) => key(x) === ref);
  if (!hit) throw new InputError(`no ${what} "${ref}" (known: ${list.map(key).join(', ') || 'none'})`);
  return hit;
}
