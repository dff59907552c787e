/**
 * Root cause from all the evidence a sim holds: on the golden whose payments logs fail, the
 * careful sims find the payments DB pool at its limit from metrics alone (one listing of metric
 * names, one read of the sibling limit), and the limit check costs no wave where no gauge is read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlannedTrial } from '../../../src/execute/trial.js';
import { GateName } from '../../../src/formats/config.js';
import { loadGolden, loadSeat } from '../../../src/formats/load.js';
import type { ToolCallEvent } from '../../../src/formats/run/trace.js';
import { readTrace } from '../../../src/formats/run/trace-read.js';
import { writeTinyGolden } from '../../e2e/tiny-golden.js';

async function trial(golden: string, seatFile: string, seed = 3) {
  const g = loadGolden(golden);
  const seat = loadSeat(seatFile);
  const out = await runPlannedTrial(
    {
      id: `${g.id}/${seat.name}/all/r1`,
      golden: g,
      seat,
      gateSet: {
        name: 'all',
        gates: [...GateName.options],
        settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 },
      },
      rep: 1,
      seed,
    },
    { dir: mkdtempSync(join(tmpdir(), 'rematch-rc-')) },
  );
  if (out.kind !== 'done') throw new Error('skipped');
  const calls = readTrace(out.traceFile).events.filter((e): e is ToolCallEvent => e.type === 'tool_call');
  return { theory: out.theory!, calls };
}

describe('sim root cause from metrics', () => {
  it.each(['seats/sim-diligent-react.yaml', 'seats/sim-diligent-reactree.yaml'])(
    'names the saturated payments DB pool when the payments logs fail: %s',
    { timeout: 60_000 },
    async (seat) => {
      const { theory, calls } = await trial('goldens/checkout-db-pool-logs-failed', seat);
      expect(theory.rootCause.component).toBe('payments DB connection pool');
      expect(theory.rootCause.mechanism).toBe(
        'connection pool saturated: db_pool_connections_in_use reached db_pool_connections_max (50 of 50); acquire p99 4.87 s',
      );
      // The limit came from a listing of metric names and a read of the sibling, same selector.
      const listing = calls.find((c) => c.tool === 'list_label_values');
      expect(listing?.args).toMatchObject({
        source: 'metrics',
        label: '__name__',
        match: '{service="payments"}',
      });
      expect(
        calls.some((c) => c.query === 'max(max_over_time(db_pool_connections_max{service="payments"}[1h]))'),
      ).toBe(true);
      // Neither is cited as a measurement's evidence.
      const cited = [...theory.parts.A.measurements, ...theory.parts.B.measurements].flatMap(
        (m) => m.evidence,
      );
      const side = new Set(
        calls.filter((c) => c.tool === 'list_label_values' || c.query?.includes('_max{')).map((c) => c.id),
      );
      expect(cited.filter((id) => side.has(id))).toEqual([]);
    },
  );

  it('makes no limit check where no gauge peak is measured', { timeout: 60_000 }, async () => {
    const { calls } = await trial(writeTinyGolden(), 'seats/sim-diligent-react.yaml');
    expect(calls.some((c) => c.tool === 'list_label_values')).toBe(false);
  });
});
