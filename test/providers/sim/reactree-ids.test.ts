/**
 * Under reactree the children's calls reach the host in one merged wave, so the host's call ids
 * (what evidence cites) differ from the ids the sim gave them. A child that looks up "the query
 * that worked" by an evidence id must find its own query, not another child's.
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

const GOLDEN = 'goldens/checkout-db-pool';

describe('sim under parallel reactree', () => {
  it("reads Part B's log lines on Part B's own selectors", { timeout: 120_000 }, async () => {
    const golden = loadGolden(GOLDEN);
    const seat = loadSeat('seats/sim-diligent-reactree.yaml');
    const selectors = new Set(golden.parts.B.measurements.map((m) => /\{[^}]*\}/.exec(m.route ?? '')?.[0]));
    let parallel = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const out = await runPlannedTrial(
        {
          id: `${golden.id}/${seat.name}/all/r${seed}`,
          golden,
          seat,
          gateSet: {
            name: 'all',
            gates: [...GateName.options],
            settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 },
          },
          rep: seed,
          seed,
        },
        { dir: mkdtempSync(join(tmpdir(), 'rematch-ids-')) },
      );
      if (out.kind !== 'done') throw new Error('skipped');
      const calls = readTrace(out.traceFile).events.filter((e): e is ToolCallEvent => e.type === 'tool_call');
      const expand = calls.find((c) => c.tool === 'expand');
      if ((expand?.args as { control?: string } | undefined)?.control !== 'parallel') continue;
      parallel++;
      const reads = calls.filter(
        (c) => c.tool === 'query_logs' && (c.args as { limit?: number }).limit === 200,
      );
      expect(reads.length).toBeGreaterThan(0);
      for (const r of reads) expect(selectors.has(/\{[^}]*\}/.exec(r.query ?? '')?.[0])).toBe(true);
    }
    expect(parallel).toBeGreaterThan(0);
  });
});
