/**
 * The reference takes every honest route to a measurement (issue 21, item 7): goldens where the
 * route as written fails but the same value is honestly there by another route
 * (test/fixtures/ceiling-routes/). Each failed the ceiling while the reference tried only the route
 * and its other API form; an honest agent that reads the raw lines passes them, so must the reference.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGolden } from '../../../src/formats/load.js';
import type { ToolCallEvent, ToolResultEvent } from '../../../src/formats/run/trace.js';
import { validate } from '../../../src/index.js';
import { scoreTrial } from '../../../src/scoring/index.js';
import { referenceSeat, simTrial } from './sim-trial.js';

const DIR = resolve(__dirname, '../../fixtures/ceiling-routes');

async function trial(name: string) {
  const golden = loadGolden(join(DIR, name));
  const { trace, theory } = await simTrial({ golden, seatFile: referenceSeat(), gates: 'all', seed: 9 });
  const calls = new Map(
    trace.events.filter((e): e is ToolCallEvent => e.type === 'tool_call').map((c) => [c.id, c]),
  );
  const results = new Map(
    trace.events.filter((e): e is ToolResultEvent => e.type === 'tool_result').map((r) => [r.id, r]),
  );
  const evidence = (id: string) =>
    (theory.parts.B.measurements.find((m) => m.id === id)?.evidence ?? []).map((c) => ({
      call: calls.get(c)!,
      result: results.get(c)!,
    }));
  return { trace, theory, score: scoreTrial(golden, trace, theory), evidence, calls };
}

const raw = (c: ToolCallEvent) => c.tool === 'query_logs' && (c.query ?? '').trim().startsWith('{');

describe('the reference tries every honest route', () => {
  it('counts the raw lines when the metric query over the stream fails (CEIL-1)', {
    timeout: 60_000,
  }, async () => {
    const { score, evidence, trace } = await trial('cert-metric-queries-failed');
    expect(score.verdict).toBe('pass');
    expect(score.correctness).toBe(1);
    const [read] = evidence('handshake_failure_lines');
    expect(raw(read.call)).toBe(true);
    expect(read.call.query).toBe('{app="ingress-nginx"} |= "certificate expired"');
    // the golden's max-entries limit is 1000: the read asks for no more
    expect((read.call.args as { limit: number }).limit).toBe(1000);
    expect(trace.events.filter((e) => e.type === 'gate' && e.decision === 'halt')).toEqual([]);
  });

  it('counts raw lines, parser pipelines included, when every LogQL metric query fails', {
    timeout: 60_000,
  }, async () => {
    const { score, evidence } = await trial('metric-queries-failed');
    expect(score.verdict).toBe('pass');
    expect(score.correctness).toBe(1);
    for (const id of ['rejected_lines', 'error_lines']) {
      const reads = evidence(id);
      expect(reads.length).toBeGreaterThan(0);
      for (const r of reads) expect(raw(r.call)).toBe(true);
    }
    expect(evidence('error_lines')[0].call.query).toBe('{app="importer"} | logfmt | level="error"');
  });

  it('pages the lines in time windows under a max-entries limit and adds them', {
    timeout: 60_000,
  }, async () => {
    const { score, evidence, theory } = await trial('max-entries-paging');
    expect(score.verdict).toBe('pass');
    const reads = evidence('rejected_lines');
    expect(reads.length).toBeGreaterThan(3);
    for (const r of reads) {
      expect(raw(r.call)).toBe(true);
      expect((r.call.args as { limit: number }).limit).toBe(500);
      expect(r.result.n).toBeLessThan(500);
    }
    const total = reads.reduce((a, r) => a + r.result.n, 0);
    expect(theory.parts.B.measurements.find((m) => m.id === 'rejected_lines')?.value).toBe(total);
  });

  it('splits for max_query_length and counts the lines of a window whose count failed', {
    timeout: 60_000,
  }, async () => {
    const { score, evidence } = await trial('windows-one-failed');
    expect(score.verdict).toBe('pass');
    expect(score.correctness).toBe(1);
    const reads = evidence('rejected_lines');
    expect(reads.every((r) => raw(r.call))).toBe(true);
    for (const r of reads) {
      const a = r.call.args as { start: string; end: string };
      expect(Date.parse(a.end) - Date.parse(a.start)).toBeLessThanOrEqual(30 * 60_000);
    }
  });

  it('bench validate passes each golden and its twins', { timeout: 240_000 }, async () => {
    const names = [
      'cert-metric-queries-failed',
      'metric-queries-failed',
      'max-entries-paging',
      'windows-one-failed',
    ];
    const res = await validate(names.map((n) => join(DIR, n)));
    for (const g of res.goldens) {
      expect({ id: g.id, ok: g.ok, causes: g.ceiling?.causes }).toEqual({ id: g.id, ok: true, causes: [] });
      for (const t of g.twins ?? [])
        expect({ twin: t.id, ok: t.ceiling.ok }).toEqual({ twin: t.id, ok: true });
    }
  });
});
