/**
 * Where cached turns live. The shared store (`TurnStore`): a folder, one `<key>.json` a turn,
 * written to a temporary name and renamed, so concurrent runs (or a CI cache restored mid-write)
 * never see half a file and the folder can be shared as it is. A trial's own record
 * (`turns.jsonl` beside its trace): every turn of that trial in order, failures included, which
 * `bench replay` answers from.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RecordedTurn, type StoredTurn } from '../../formats/turn-cache.js';

/**
 * A file's value is a turn when the schema (formats/turn-cache.ts) accepts it. The value itself is
 * kept, not zod's copy: a replay appends a hit to the trial's record as it was stored, byte for
 * byte (zod's copy would order keys by the schema and drop any it does not know).
 */
function isTurn(v: unknown, key?: string): v is RecordedTurn {
  const r = RecordedTurn.safeParse(v);
  return r.success && (key === undefined || r.data.key === key);
}

export class TurnStore {
  constructor(readonly dir: string) {}

  fileOf(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** A missing, unreadable or foreign file is a miss (a read-write run then writes it again). */
  get(key: string): StoredTurn | undefined {
    const v = this.read(key);
    return isTurn(v, key) && 'result' in v ? v : undefined;
  }

  put(turn: StoredTurn, text: string): void {
    this.write(turn.key, text);
  }

  /** The parsed file of a key (a turn or a judge answer, judge-cache.ts), undefined when there is none. */
  read(key: string): unknown {
    try {
      return JSON.parse(readFileSync(this.fileOf(key), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  }

  write(key: string, text: string): void {
    mkdirSync(this.dir, { recursive: true });
    const file = this.fileOf(key);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  }
}

/** A trial's record, read back: each key's turns in the order they were taken. */
export class RecordedTurns {
  private readonly byKey = new Map<string, RecordedTurn[]>();

  constructor(readonly file: string) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // no record (a sim seat, a trial that never reached the model): every turn misses
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        continue; // a torn last line: that turn misses
      }
      if (isTurn(v)) this.byKey.set(v.key, [...(this.byKey.get(v.key) ?? []), v]);
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
