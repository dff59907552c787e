/** Data files beside golden.yaml: a load block's `file`, a log block's JSONL `file`, gzip optional. */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { edit, FIXTURES, inputErrorOf, lineOf, MINI, tempDir, write } from './helpers.js';

const SERIES = 'http_requests_total{service="checkout",code="500"} 0x255 600+30x224\n';
const RECORDS = ['1h10m', '1h20m', '1h30m']
  .map((at) => `${JSON.stringify({ at, line: 'pool exhausted waiting for connection' })}\n`)
  .join('');

/** MINI with its series and log lines moved into data files `metrics` and `logs` (written by the caller). */
function golden(metrics: string, logs: string): string {
  const m = edit(MINI, `      series: |\n        ${SERIES}`, `      file: ${metrics}\n`);
  return edit(m, / {6}lines:\n( {8}- .*\n){3}/.exec(m)![0], `      file: ${logs}\n`);
}

function folder(metrics: [string, string | Buffer], logs: [string, string | Buffer]): string {
  const dir = tempDir();
  write(dir, 'golden.yaml', golden(metrics[0], logs[0]));
  writeFileSync(join(dir, metrics[0]), metrics[1]);
  writeFileSync(join(dir, logs[0]), logs[1]);
  return dir;
}

const samplesOf = (dir: string) => buildWorld(loadGolden(dir)).metrics.select([], -Infinity, Infinity);

describe('golden data files', () => {
  it('builds the same world from plain and gzipped data files as from the inline form', () => {
    const inline = buildWorld(loadGolden(`${FIXTURES}/goldens/mini`));
    const plain = folder(['samples.txt', SERIES], ['lines.jsonl', RECORDS]);
    const gz = folder(['samples.txt.gz', gzipSync(SERIES)], ['lines.jsonl.gz', gzipSync(RECORDS)]);
    const want = inline.metrics.select([], -Infinity, Infinity);
    expect(want.length).toBe(1);
    for (const dir of [plain, gz]) {
      expect(samplesOf(dir)).toEqual(want);
      const w = buildWorld(loadGolden(dir));
      expect(w.logs.select([], -Infinity, Infinity)).toEqual(inline.logs.select([], -Infinity, Infinity));
    }
  });

  it('refuses a bad log record and a line outside the window at the data file line', () => {
    const records = `${RECORDS}{"at": 5}\n{"at": "9h", "line": "late"}\n`;
    const dir = folder(['samples.txt', SERIES], ['lines.jsonl', records]);
    const e = inputErrorOf(() => loadGolden(dir));
    expect(e.exitCode).toBe(2);
    const file = join(dir, 'lines.jsonl');
    expect(e.issues.map((i) => [i.file, i.line])).toEqual([
      [file, 4],
      [file, 5],
    ]);
    expect(e.issues[1].message).toContain("outside the golden's window");
  });

  it('refuses a bad series line at the data file line, and a missing file by name', () => {
    const dir = folder(['samples.txt.gz', gzipSync(`${SERIES}broken{ 1 2\n`)], ['lines.jsonl', RECORDS]);
    const e = inputErrorOf(() => buildWorld(loadGolden(dir)));
    expect(e.issues[0]).toMatchObject({ file: join(dir, 'samples.txt.gz'), line: 2 });
    const gone = tempDir();
    write(gone, 'golden.yaml', golden('nothing.txt', 'none.jsonl'));
    const m = inputErrorOf(() => loadGolden(gone));
    expect(m.issues.map((i) => i.message)).toEqual([
      'data file nothing.txt: not found',
      'data file none.jsonl: not found',
    ]);
  });

  it("holds a data file's samples to the world's caps, naming file:line", () => {
    // 10,500 series of 480 samples (the 2-hour window at 15s): 5,040,000 samples, none outside it.
    const big = Array.from({ length: 10_500 }, (_, i) => `m{i="${i}"} 0+0x479\n`).join('');
    const dir = folder(['samples.txt.gz', gzipSync(big)], ['lines.jsonl', RECORDS]);
    const text = golden('samples.txt.gz', 'lines.jsonl');
    const e = inputErrorOf(() => buildWorld(loadGolden(dir)));
    expect(e.exitCode).toBe(2);
    expect(e.issues[0].line).toBe(lineOf(text, 'file: samples.txt.gz'));
    expect(e.issues[0].message).toMatch(/samples, over the cap of 5,000,000/);
    const late = folder(['samples.txt', 'm 0+0x999999\n'], ['lines.jsonl', RECORDS]);
    const l = inputErrorOf(() => buildWorld(loadGolden(late)));
    expect(l.issues[0].message).toMatch(/^samples\.txt:1: sample \d+ lies at .*after time\.end/);
  });

  it('refuses a data file outside the golden folder', () => {
    const dir = tempDir();
    write(dir, 'golden.yaml', golden('../samples.txt', 'lines.jsonl'));
    writeFileSync(join(dir, 'lines.jsonl'), RECORDS);
    const e = inputErrorOf(() => loadGolden(dir));
    expect(e.issues[0].message).toContain("inside the golden's folder");
  });
});
