/**
 * The one atomic write (formats/files.ts): the target holds the old text or the new, never a part;
 * no temporary is left behind, on success or failure; a file written in place under a temporary
 * name is committed the same way; and the temporaries a killed writer leaves are ones the run
 * folder's sweep recognises.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAtomic, writeAtomic } from '../../src/formats/files.js';
import { sweepTemporaries } from '../../src/runlog/files.js';
import { tempDir } from './helpers.js';

describe('writeAtomic', () => {
  it('writes text and bytes whole, replaces an older file, and leaves no temporary', () => {
    const dir = tempDir();
    const file = join(dir, 'score.json');
    writeAtomic(file, 'old\n');
    const big = 'x'.repeat(3 << 20);
    writeAtomic(file, big);
    expect(readFileSync(file, 'utf8')).toBe(big);
    writeAtomic(file, new Uint8Array([104, 105]));
    expect(readFileSync(file, 'utf8')).toBe('hi');
    expect(readdirSync(dir)).toEqual(['score.json']);
  });

  it('on a failed rename the old file stays and the temporary goes', () => {
    const dir = tempDir();
    // a folder in the target's place: the rename fails after the temporary was written
    mkdirSync(join(dir, 'busy.json'));
    writeFileSync(join(dir, 'busy.json', 'inside'), 'kept');
    expect(() => writeAtomic(join(dir, 'busy.json'), 'new')).toThrow();
    expect(readdirSync(dir)).toEqual(['busy.json']);
    expect(readFileSync(join(dir, 'busy.json', 'inside'), 'utf8')).toBe('kept');
  });

  it('throws, leaving nothing, when the folder does not exist', () => {
    const dir = tempDir();
    expect(() => writeAtomic(join(dir, 'missing', 'a.json'), 'x')).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('commitAtomic', () => {
  it('makes a file written under a temporary name final', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'trace.jsonl.tmp'), '{"type":"header"}\n');
    writeFileSync(join(dir, 'trace.jsonl'), 'an older trial\n');
    commitAtomic(join(dir, 'trace.jsonl.tmp'), join(dir, 'trace.jsonl'));
    expect(readdirSync(dir)).toEqual(['trace.jsonl']);
    expect(readFileSync(join(dir, 'trace.jsonl'), 'utf8')).toBe('{"type":"header"}\n');
  });
});

describe("writeAtomic's temporaries", () => {
  it('are the names the run folder sweep removes', () => {
    const dir = tempDir();
    writeAtomic(join(dir, 'run.json'), '{}\n');
    // what a writer killed between its write and its rename leaves, named as writeAtomic names it
    const left = `scorecard.json.${process.pid}.7.0a1b2c3d.tmp`;
    writeFileSync(join(dir, left), 'half');
    sweepTemporaries(dir);
    expect(readdirSync(dir)).toEqual(['run.json']);
  });
});
