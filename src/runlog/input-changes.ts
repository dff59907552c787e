/** What differs between the inputs a run was started with and those found now, one line each. */
import { InputError } from '../errors.js';
import type { InputHashes } from '../formats/run/index.js';

const keysOf = (a: Record<string, unknown>, b: Record<string, unknown>): string[] =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();

/** The files of one golden or seat that changed, appeared or went away. */
function fileChanges(before: Record<string, string>, now: Record<string, string>): string[] {
  return keysOf(before, now).flatMap((f) => {
    if (before[f] === now[f]) return [];
    if (before[f] === undefined) return [`${f} is new`];
    if (now[f] === undefined) return [`${f} is gone`];
    return [f];
  });
}

function items(what: string, before: InputHashes['goldens'], now: InputHashes['goldens']): string[] {
  return keysOf(before, now).flatMap((name) => {
    if (!now[name]) return [`${what} ${name} is no longer among the inputs`];
    if (!before[name]) return [`${what} ${name} was not among the inputs the run started with`];
    const files = fileChanges(before[name], now[name]);
    return files.length ? [`${what} ${name} changed since the run started (${files.join(', ')})`] : [];
  });
}

export function inputChanges(before: InputHashes, now: InputHashes): string[] {
  const out = [...items('golden', before.goldens, now.goldens), ...items('seat', before.seats, now.seats)];
  const keys = keysOf(before.config.keys, now.config.keys).filter(
    (k) => before.config.keys[k] !== now.config.keys[k],
  );
  if (keys.length) out.push(`config ${now.config.file} changed since the run started (${keys.join(', ')})`);
  for (const name of keysOf(before.gateSets, now.gateSets))
    if (before.gateSets[name] !== now.gateSets[name])
      out.push(`gate set ${name} changed since the run started`);
  return out;
}

/** `--resume DIR` refuses (exit 2) a folder whose inputs are not the ones it was started with. */
export function assertSameInputs(dir: string, before: InputHashes | undefined, now: InputHashes): void {
  if (!before)
    throw new InputError(
      `--resume ${dir}: run.json records no input hashes (the run was started by an older rematch), so its inputs cannot be checked; start a new run`,
    );
  const changes = inputChanges(before, now);
  if (changes.length === 1) throw new InputError(`--resume ${dir}: ${changes[0]}`);
  if (changes.length)
    throw new InputError(
      `--resume ${dir}: the inputs changed since the run started:\n  ${changes.join('\n  ')}`,
    );
}
