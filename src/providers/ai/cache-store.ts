/**
 * Where cached turns live. The shared store (`TurnStore`): a folder, one `<key>.json` a turn,
 * written atomically (formats/files.ts: a temporary, fsynced, renamed), so concurrent runs (or a CI cache restored mid-write)
 * never see half a file and the folder can be shared as it is. A trial's own record
 * (`turns.jsonl` beside its trace): every turn of that trial in order, failures included, which
 * `bench replay` answers from.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import { writeAtomic } from '../../formats/files.js';
import { type BadEntrySink, FailedTurn, type RecordedTurn, StoredTurn } from '../../formats/turn-cache.js';

/** A cache file read back: its entry, nothing there, or a file that fails its check (and why). */
export type CacheRead<T> =
  | { kind: 'hit'; entry: T }
  | { kind: 'miss' }
  | { kind: 'bad'; file: string; problem: string };

/** The first thing wrong with `v` as `schema` says it, with the field's dot path. */
export function problemOf(schema: z.ZodType, v: unknown): string | undefined {
  const r = schema.safeParse(v);
  if (r.success) return undefined;
  const issue = r.error.issues[0];
  return `${issue.path.length ? issue.path.map(String).join('.') : '(the entry)'}: ${issue.message}`;
}

export class TurnStore {
  constructor(readonly dir: string) {}

  fileOf(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** A stored turn of `key`; an unreadable, corrupt or foreign file is `bad`: never replayed. */
  get(key: string): CacheRead<StoredTurn> {
    return this.lookup(key, StoredTurn);
  }

  put(turn: StoredTurn, text: string): void {
    this.write(turn.key, text);
  }

  /**
   * The file of a key checked as `schema` (a turn here, a judge answer in judge-cache.ts). No file
   * is a miss; anything else that is not an entry of this key is `bad`, with what is wrong.
   */
  lookup<T extends z.ZodType>(key: string, schema: T): CacheRead<z.output<T>> {
    const file = this.fileOf(key);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return code === 'ENOENT'
        ? { kind: 'miss' }
        : { kind: 'bad', file, problem: `unreadable (${code ?? e})` };
    }
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      return { kind: 'bad', file, problem: 'not JSON (a torn or hand-edited file)' };
    }
    const problem = problemOf(schema, v);
    if (problem !== undefined) return { kind: 'bad', file, problem };
    // the value as stored, not zod's copy: a hit is replayed (and recorded) byte for byte
    const entry = v as z.output<T>;
    if ((entry as { key?: unknown }).key !== key)
      return {
        kind: 'bad',
        file,
        problem: `key: the entry is for another key (${String((v as { key?: unknown }).key)})`,
      };
    return { kind: 'hit', entry };
  }

  write(key: string, text: string): void {
    mkdirSync(this.dir, { recursive: true });
    const file = this.fileOf(key);
    writeAtomic(file, text);
  }
}

/**
 * A trial's record, read back: each key's turns in the order they were taken. A line that is not a
 * turn (a torn last line, a hand edit) is skipped, so that turn misses; a line that parses but
 * fails the check is told to `onBad` as `<file>:<line>`.
 */
export class RecordedTurns {
  private readonly byKey = new Map<string, RecordedTurn[]>();

  constructor(
    readonly file: string,
    onBad?: BadEntrySink,
  ) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // no record (a sim seat, a trial that never reached the model): every turn misses
    }
    for (const [i, line] of text.split('\n').entries()) {
      if (!line.trim()) continue;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        continue; // a torn last line: that turn misses
      }
      // checked as the kind it says it is, so the problem names a field, not "no union member"
      const schema = v !== null && typeof v === 'object' && 'error' in v ? FailedTurn : StoredTurn;
      const r = schema.safeParse(v);
      if (r.success) this.byKey.set(r.data.key, [...(this.byKey.get(r.data.key) ?? []), v as RecordedTurn]);
      else onBad?.(`${file}:${i + 1}`, problemOf(schema, v) ?? 'not a turn');
    }
  }

  /** The next recorded turn of this key; the last one again once they are used up. */
  take(key: string): RecordedTurn | undefined {
    const list = this.byKey.get(key);
    if (!list?.length) return undefined;
    return list.length > 1 ? list.shift() : list[0];
  }
}

/**
 * Appends each turn of a trial to its record. An older record in the folder (a rerun into it) goes
 * first; the folder itself may not exist until the trial's first turn.
 */
export class TurnRecorder {
  constructor(readonly file: string) {
    rmSync(file, { force: true });
  }

  add(text: string): void {
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${text}\n`);
  }
}
