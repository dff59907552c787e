/**
 * The trace header of a trial that crashed before it could write one is built like every other
 * header (protocol/trace-header.ts): its clock is the trial's clock, not a fixed `virtual`, so a
 * crashed real-seat trial is timed as real and a sim-only run does not turn `mixed`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench } from '../../src/index.js';
import { inputs } from '../commands/fake.js';

const sink = () => ({ write: () => true });

describe('crash records', () => {
  it('carry the clock of the seat that crashed', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rematch-crash-'));
    // The real seat's key variable must be set, or the seat is skipped before any trial runs.
    process.env.NO_SUCH_KEY_H7 = 'test-key';
    const r = await runBench({
      inputs,
      out,
      seats: ['sim-a', 'real-x'],
      gates: ['none'],
      // every trial crashes, so nothing is scored: accepted, this test is about the records
      allowEmpty: true,
      reps: 1,
      runTrial: async (spec) => {
        throw new Error(`crashed: ${spec.seat.name}`);
      },
      stdout: sink(),
      stderr: sink(),
      tty: false,
    }).finally(() => {
      delete process.env.NO_SUCH_KEY_H7;
    });
    const trials = r.scorecard!.trials.filter((t) => t.seat === 'sim-a' || t.seat === 'real-x');
    const clockOf = (seat: string) => [
      ...new Set(trials.filter((t) => t.seat === seat).map((t) => t.score.timing.clock)),
    ];
    expect(trials.map((t) => t.score.verdict)).toEqual(['unscored', 'unscored', 'unscored', 'unscored']);
    expect(clockOf('sim-a')).toEqual(['virtual']);
    expect(clockOf('real-x')).toEqual(['real']);
  });
});
