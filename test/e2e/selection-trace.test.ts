/**
 * A real trial's trace carries the selection record (docs/trace.md#selection): `bench trial`
 * through the built CLI, on shipped goldens with sim seats. Every query an engine answered has
 * `selection`, every ok/empty metric answer `values`, the header says `selectionRecorded`; the
 * label-mismatch golden's log queries are vacuous empties. recordSelection (public API) fills a
 * copy stripped of the record with exactly the same fields, and the public scoreTrial and
 * `bench score` judge the stripped copy as they judge the original.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Golden } from '../../src/formats/golden/normalized.js';
import type { ToolCallEvent, ToolResultEvent, Trace } from '../../src/formats/run/trace.js';
import { loadGolden, loadTheory, readTrace, recordSelection, scoreTrial } from '../../src/index.js';
import { bench } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
const QUERY_TOOLS = new Set(['query_metrics', 'query_logs']);

interface Ran {
  dir: string;
  golden: string;
  trace: Trace;
}

function trial(golden: string, seat: string, gates: string): Ran {
  const dir = mkdtempSync(join(tmpdir(), 'rematch-selection-'));
  const r = bench(['trial', '--golden', golden, '--seat', seat, '--gates', gates, '--out', dir], ROOT);
  // exit 1 is a verdict other than pass (the tweaker fails by design); anything else is a break
  expect([0, 1], r.stderr).toContain(r.status);
  return { dir, golden, trace: readTrace(join(dir, 'trace.jsonl')) };
}

function queryResults(t: Trace): { call: ToolCallEvent; result: ToolResultEvent }[] {
  const calls = new Map(t.events.flatMap((e) => (e.type === 'tool_call' ? [[e.id, e] as const] : [])));
  return t.events.flatMap((e) => {
    const call = e.type === 'tool_result' ? calls.get(e.id) : undefined;
    return call && e.type === 'tool_result' && QUERY_TOOLS.has(call.tool) ? [{ call, result: e }] : [];
  });
}

function stripped(t: Trace): Trace {
  const { selectionRecorded: _s, ...header } = t.header;
  const events = t.events.map((e) => {
    if (e.type === 'header') return header;
    if (e.type !== 'tool_result') return e;
    const { selection: _a, values: _b, valuesTruncated: _c, ...rest } = e;
    return rest;
  });
  return { header, events };
}

/** One Golden object per id: recordSelection builds a golden's world once per object. */
const goldens = new Map<string, Golden>();
const goldenOf = (id: string): Golden => {
  let g = goldens.get(id);
  if (!g) {
    g = loadGolden(join(ROOT, 'goldens', id));
    goldens.set(id, g);
  }
  return g;
};

const toJsonl = (t: Trace) => `${t.events.map((e) => JSON.stringify(e)).join('\n')}\n`;

let runs: Ran[] = [];

beforeAll(() => {
  runs = [
    trial('latency-label-mismatch', 'sim-tweaker-react', 'none'),
    trial('checkout-db-pool-logs-failed', 'sim-diligent-reactree', 'all'),
  ];
}, 300_000);

describe('selection record of a real trial', () => {
  it('says so in the header and writes it on every query an engine answered', () => {
    for (const { trace } of runs) {
      expect(trace.header.selectionRecorded).toBe(true);
      const qs = queryResults(trace);
      expect(qs.length).toBeGreaterThan(3);
      for (const { call, result } of qs) {
        const answered = result.outcome === 'ok' || result.outcome === 'empty';
        const where = `${call.id} ${call.query} (${result.outcome})`;
        if (!answered || result.fault) continue;
        expect(result.selection, where).toBeDefined();
        expect(result.selection?.selectors, where).toBeGreaterThan(0);
        const streams = call.tool === 'query_logs' && call.query?.trim().startsWith('{');
        if (streams) expect(result.values, where).toBeUndefined();
        else expect(Array.isArray(result.values), where).toBe(true);
      }
      // calls that failed or were refused carry no values
      for (const { result } of qs)
        if (result.outcome !== 'ok' && result.outcome !== 'empty') expect(result.values).toBeUndefined();
    }
  });

  it('tells the label-mismatch golden’s vacuous log empties from measured answers', () => {
    const qs = queryResults(runs[0].trace);
    const vacuous = qs.filter(({ result }) => (result.selection?.unmatched.length ?? 0) > 0);
    expect(vacuous.length).toBeGreaterThan(0);
    for (const { call, result } of vacuous) {
      expect(call.tool).toBe('query_logs');
      expect(result.outcome).toBe('empty');
      expect(result.values).toEqual([]);
    }
    const measured = qs.filter(({ result }) => result.outcome === 'ok');
    expect(measured.length).toBeGreaterThan(0);
    for (const { result } of measured) expect(result.selection?.unmatched).toEqual([]);
  });

  it('recordSelection fills a stripped copy with the same fields the host wrote', () => {
    for (const { golden, trace } of runs) {
      const g = goldenOf(golden);
      const filled = recordSelection(g, stripped(trace));
      expect(filled.events).toEqual(trace.events);
      expect(filled.header).toEqual(trace.header);
    }
  });

  it('the public scoreTrial and bench score judge the stripped copy as the original', () => {
    for (const { dir, golden, trace } of runs) {
      const theory = loadTheory(join(dir, 'theory.json'));
      const g = goldenOf(golden);
      expect(scoreTrial(g, stripped(trace), theory)).toEqual(scoreTrial(g, trace, theory));
    }
    // through the CLI once (each `bench score` of a stripped trace builds the golden's world)
    const { dir, golden, trace } = runs[0];
    const file = join(dir, 'stripped.jsonl');
    writeFileSync(file, toJsonl(stripped(trace)));
    expect(readFileSync(file, 'utf8')).not.toMatch(/selection/);
    const cli = (t: string) =>
      bench(['score', '--golden', golden, '--trace', t, '--theory', join(dir, 'theory.json')], ROOT);
    const a = cli(join(dir, 'trace.jsonl'));
    const b = cli(file);
    expect(b.status).toBe(a.status);
    expect(JSON.parse(b.stdout)).toEqual(JSON.parse(a.stdout));
  });
});
