/**
 * The progress line while a run goes: done of total, passes and failures so far, and an ETA from
 * the real time per trial so far (the clock here is stepped by hand, so nothing depends on the
 * machine's speed).
 */
import { describe, expect, it } from 'vitest';
import { createProgress, formatEta } from '../../src/reporters/terminal/index.js';

describe('progress', () => {
  it('says done/total, pass/fail so far and the time left, one line per trial off a terminal', () => {
    const lines: string[] = [];
    let t = 0;
    const p = createProgress(4, {
      tty: false,
      stream: { write: (s: string) => lines.push(s) > 0 } as never,
      now: () => t,
    });
    t = 30_000;
    p.tick({ id: 'g/s/none/r1', verdict: 'fail', correctness: 0.4 });
    t = 60_000;
    p.tick({ id: 'g/s/all/r1', verdict: 'pass', correctness: 1 });
    p.tick({ id: 'g/s/none/r2', verdict: 'unscored', correctness: 0 });
    t = 200_000;
    p.tick({ id: 'g/s/all/r2', verdict: 'pass', correctness: 1 });
    expect(lines).toEqual([
      '[1/4] g/s/none/r1 fail correctness 0.40 · 0 pass, 1 fail · ETA 1m30s\n',
      '[2/4] g/s/all/r1 pass correctness 1.00 · 1 pass, 1 fail · ETA 1m00s\n',
      '[3/4] g/s/none/r2 unscored · 1 pass, 1 fail · ETA 20s\n',
      '[4/4] g/s/all/r2 pass correctness 1.00 · 2 pass, 1 fail · done\n',
    ]);
    expect([formatEta(0), formatEta(59_400), formatEta(3_725_000)]).toEqual(['0s', '59s', '1h02m']);
  });
});
