/** Every file under a folder, as [relative path, text]: what the secrets tests search for leaks. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string, rel = ''): [string, string][] {
  return readdirSync(join(dir, rel)).flatMap((name) => {
    const p = join(rel, name);
    return statSync(join(dir, p)).isDirectory()
      ? filesUnder(dir, p)
      : [[p, readFileSync(join(dir, p), 'utf8')] as [string, string]];
  });
}
