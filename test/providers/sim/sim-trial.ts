/**
 * One sim trial through the real host (runPlannedTrial), for the sim tests: a golden, a seat,
 * gates `none` or `all` (the ledger's steer at 2 and halt at 3, a fan-out cap of 3), a seed. It
 * throws when the trial was skipped, so a test never reads a trace that is not there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPlannedTrial } from '../../../src/execute/trial.js';
import { GateName } from '../../../src/formats/config.js';
import type { Golden } from '../../../src/formats/golden/index.js';
import { loadSeat } from '../../../src/formats/load.js';
import type { Trace } from '../../../src/formats/run/index.js';
import { readTrace } from '../../../src/formats/run/trace-read.js';
import type { Theory } from '../../../src/formats/theory.js';

/** A seat file for the reference sim (no such seat ships: it is the ceiling, not a seat). */
export function referenceSeat(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rematch-refseat-')), 'sim-reference-react.yaml');
  writeFileSync(file, 'name: sim-reference-react\nprovider: sim\npolicy: reference\nshape: react\n');
  return file;
}

export async function simTrial(opts: {
  golden: Golden;
  seatFile: string;
  gates: 'none' | 'all';
  seed: number;
}): Promise<{ trace: Trace; theory: Theory }> {
  const { golden, gates, seed } = opts;
  const seat = loadSeat(opts.seatFile);
  const out = await runPlannedTrial(
    {
      id: `${golden.id}/${seat.name}/${gates}/r1`,
      golden,
      seat,
      gateSet: {
        name: gates,
        gates: gates === 'all' ? [...GateName.options] : [],
        settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 },
      },
      rep: 1,
      seed,
    },
    { dir: mkdtempSync(join(tmpdir(), 'rematch-sim-')) },
  );
  if (out.kind !== 'done') throw new Error(`${golden.id}/${seat.name}/${gates}: the trial was skipped`);
  if (!out.theory) throw new Error(`${golden.id}/${seat.name}/${gates}: no Theory`);
  return { trace: readTrace(out.traceFile), theory: out.theory };
}
