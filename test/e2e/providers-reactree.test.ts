/**
 * Real seats under the reactree shape: the root expands into parallel children whose model turns
 * run concurrently against the same provider endpoint (msw), children query and finish, and the
 * root submits what they found. A provider storm inside one child ends the whole trial unscored.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPlannedTrial } from '../../src/execute/trial.js';
import type { Trace } from '../../src/formats/run/trace.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import { scoreTrial } from '../../src/scoring/index.js';
import { FAKE_KEYS, playModel, seatFor, tinyGolden, tmp, trialSpec } from '../providers/ai/harness.js';
import { treeStep } from '../providers/ai/scripted.js';
import { WIRES, type Wire } from '../providers/ai/wire.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const [k, v] of Object.entries(FAKE_KEYS)) vi.stubEnv(k, v);
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

async function treeTrial(w: Wire): Promise<{ trace: Trace; theory: unknown }> {
  const seat = { ...seatFor(w), shape: 'reactree' as const };
  const out = await runPlannedTrial(trialSpec(seat), { dir: tmp() });
  if (out.kind !== 'done') throw new Error('skipped');
  return { trace: readTrace(out.traceFile), theory: out.theory };
}

describe.each(WIRES)('$provider seat as a reactree', (w) => {
  it('expands into parallel children that query and finish; the root submits their findings', async () => {
    playModel(server, w, (text) => treeStep(text));
    const { trace } = await treeTrial(w);
    const calls = trace.events.flatMap((e) => (e.type === 'tool_call' ? [`${e.node}:${e.tool}`] : []));
    expect(calls[0]).toBe('root:expand');
    expect(calls.at(-1)).toBe('root:submit_theory');
    expect([...calls].sort()).toEqual(
      [
        'root:expand',
        'root.1:query_metrics',
        'root.1:finish_node',
        'root.2:query_logs',
        'root.2:finish_node',
        'root:submit_theory',
      ].sort(),
    );
    const end = trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'submitted', unscored: false });
    const theory = trace.events.find((e) => e.type === 'theory');
    if (theory?.type !== 'theory') throw new Error('no theory');
    expect(theory.theory.parts.A.measurements[0].value).toBe(1);
    expect(theory.theory.parts.B.measurements[0].value).toBe(30);
    expect(scoreTrial(tinyGolden(), trace, theory.theory).verdict).toBe('pass');
  });

  it('ends unscored when one child hits a provider storm, with nothing written after the end', async () => {
    const bodies = playModel(server, w, (text) =>
      text.includes('You are a child agent') && text.includes('pool_exhausted_lines (pool')
        ? { status: 500 }
        : treeStep(text),
    );
    const { trace } = await treeTrial(w);
    const end = trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'error', unscored: true });
    expect(trace.events.filter((e) => e.type === 'end')).toHaveLength(1);
    expect(end?.type === 'end' && end.error).toMatch(/upstream said 500.*after 4 attempts/);
    expect(trace.events.some((e) => e.type === 'theory')).toBe(false);
    expect(bodies.length).toBeGreaterThanOrEqual(5);
  });
});
