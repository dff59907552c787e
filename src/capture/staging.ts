/**
 * Where a capture writes: a staging folder beside `--out` (`.<name>.capture-XXXXXX`, on the same
 * file system so a rename moves it), moved into place only once the golden is complete. A capture
 * that fails (a timeout, a malformed answer, a cap) leaves nothing at `--out`: no golden.yaml
 * whose truths were never computed, no data files without it. A golden already at `--out` is
 * refused unless `--force`; then golden.yaml goes first and comes back last, so a reader of the
 * folder sees the old golden, none, or the new one whole. Other files in that folder stay.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { removeOldDataFiles } from './data-files.js';

const GOLDEN = 'golden.yaml';

/** Exit 2 when `out` cannot take the capture: a file, or a golden there without `--force`. */
export function checkOut(out: string, force: boolean): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new InputError(`--out ${out}: not a folder (a file is there)`);
  if (!force && existsSync(join(out, GOLDEN)))
    throw new InputError(`--out ${out}: ${join(out, GOLDEN)} exists; give --force to replace it`);
}

export class Staging {
  private done = false;

  private constructor(
    readonly dir: string,
    private readonly out: string,
    private readonly force: boolean,
    /** The first folder above `out` this capture created, removed again if it fails. */
    private readonly madeParent: string | undefined,
  ) {}

  static open(out: string, force: boolean): Staging {
    const target = resolve(out);
    const madeParent = mkdirSync(dirname(target), { recursive: true });
    const dir = mkdtempSync(join(dirname(target), `.${basename(target)}.capture-`));
    return new Staging(dir, out, force, madeParent);
  }

  /** The staged golden moved to `out` (checked again: another process may have written one since). */
  commit(): void {
    checkOut(this.out, this.force);
    if (!existsSync(this.out)) renameSync(this.dir, this.out);
    else {
      rmSync(join(this.out, GOLDEN), { force: true });
      removeOldDataFiles(this.out);
      const files = readdirSync(this.dir).filter((f) => f !== GOLDEN);
      for (const f of [...files, GOLDEN]) renameSync(join(this.dir, f), join(this.out, f));
      rmSync(this.dir, { recursive: true, force: true });
    }
    this.done = true;
  }

  /** After a failure: the staging folder and any folder made for it go; a no-op after commit. */
  discard(): void {
    if (this.done) return;
    rmSync(this.madeParent ?? this.dir, { recursive: true, force: true });
  }
}
