/** One trial end to end: real host, real backend stack, real files; and `bench trial` output. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTrialCommand } from '../../src/commands/trial/index.js';
import { ThresholdError } from '../../src/errors.js';
import { runPlannedTrial } from '../../src/execute/trial.js';
import { GateName } from '../../src/formats/config.js';
import { loadGolden, loadSeat } from '../../src/formats/load.js';
import { readTrace } from '../../src/formats/run/trace-read.js';
import type { TrialSpec } from '../../src/plan/types.js';
import { formatTimeline } from '../../src/reporters/terminal/timeline.js';
import { writeTinyGolden } from './tiny-golden.js';

const settings = { steerAt: 2, haltAt: 3, fanoutCap: 3 };

function spec(seatFile: string, gates: 'none' | 'all', seed = 11): TrialSpec {
  const golden = loadGolden(writeTinyGolden());
  const seat = loadSeat(seatFile);
  return {
    id: `tiny/${seat.name}/${gates}/r1`,
    golden,
    seat,
    gateSet: { name: gates, gates: gates === 'all' ? [...GateName.options] : [], settings },
    rep: 1,
    seed,
  };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'rematch-trial-'));
/**
 * A trace without its real-clock fields: the start time, and the Loki stats the backend measures
 * on the real clock (execTime and the per-second rates derived from it) inside result previews.
 */
const stable = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/"startedAt":"[^"]*"/, '')
    .replace(/(execTime|PerSecond)\\":[0-9.e-]+/g, '$1');

describe('runPlannedTrial', () => {
  it('runs a sim seat on the real host and backend and writes trace.jsonl and theory.json', async () => {
    const dir = tmp();
    const out = await runPlannedTrial(spec('seats/sim-diligent-react.yaml', 'all'), { dir });
    expect(out.kind).toBe('done');
    if (out.kind !== 'done') return;
    const trace = readTrace(out.traceFile);
    expect(trace.header).toMatchObject({ model: 'sim/diligent', clock: 'virtual', gateSet: 'all' });
    const end = trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'submitted' });
    const theory = JSON.parse(readFileSync(join(dir, 'theory.json'), 'utf8'));
    expect(theory.parts.A.measurements[0]).toMatchObject({ id: 'errors_per_second', value: 1 });
    expect(theory.parts.B.measurements[0]).toMatchObject({ id: 'pool_exhausted_lines', value: 30 });
    expect(theory.rootCause.mechanism).toMatch(/pool exhausted/);
    // Evidence cites calls the trace shows as ok live queries.
    const okLive = new Set(
      trace.events
        .filter((e) => e.type === 'tool_result' && e.outcome === 'ok')
        .map((e) => (e as { id: string }).id),
    );
    expect(okLive.has(theory.parts.B.measurements[0].evidence[0])).toBe(true);
  });

  it.each(['seats/sim-tweaker-react.yaml', 'seats/sim-tweaker-reactree.yaml'])(
    'gives the same trace for the same seed (real-clock fields aside), another for another seed: %s',
    async (seat) => {
      const [a, b, c] = [tmp(), tmp(), tmp()];
      await runPlannedTrial(spec(seat, 'all', 5), { dir: a });
      await runPlannedTrial(spec(seat, 'all', 5), { dir: b });
      await runPlannedTrial(spec(seat, 'all', 6), { dir: c });
      expect(stable(join(b, 'trace.jsonl'))).toBe(stable(join(a, 'trace.jsonl')));
      expect(stable(join(c, 'trace.jsonl'))).not.toBe(stable(join(a, 'trace.jsonl')));
    },
  );

  it('runs a sim under reactree: one child per part writing working memory, the root submitting', async () => {
    const out = await runPlannedTrial(spec('seats/sim-diligent-reactree.yaml', 'all'), { dir: tmp() });
    if (out.kind !== 'done') throw new Error('skipped');
    const t = readTrace(out.traceFile);
    const starts = t.events.filter(
      (e) => e.type === 'node' && e.event === 'start' && e.kind === 'agent' && e.parent,
    );
    expect(starts.map((e) => (e.type === 'node' ? e.goal.slice(0, 6) : ''))).toEqual(['Part A', 'Part B']);
    const calls = t.events.filter((e) => e.type === 'tool_call');
    const memoryWrites = calls.filter(
      (c) => c.type === 'tool_call' && c.tool === 'working_memory' && c.node !== 'root',
    );
    expect(memoryWrites).toHaveLength(2);
    const submit = calls.find((c) => c.type === 'tool_call' && c.tool === 'submit_theory');
    expect(submit?.type === 'tool_call' && submit.node).toBe('root');
    expect(out.theory?.parts.A.status).toBe('resolved');
    expect(out.theory?.parts.B.measurements[0]).toMatchObject({ id: 'pool_exhausted_lines', value: 30 });
  });

  it('skips a real seat whose key variable is unset, with one clear line', async () => {
    const s = spec('seats/openai-responses-react.yaml', 'none');
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const out = await runPlannedTrial(s, { dir: tmp() });
      expect(out).toMatchObject({
        kind: 'skipped',
        reason: 'seat openai-responses-react: OPENAI_API_KEY is not set; skipped',
      });
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});

describe('bench trial', () => {
  it('prints a readable timeline without escape codes when not on a TTY', async () => {
    let text = '';
    const dir = tmp();
    await runTrialCommand(
      { golden: writeTinyGolden(), seat: 'seats/sim-diligent-react.yaml', gates: 'all', seed: 3, out: dir },
      (s) => {
        text += s;
      },
    );
    expect(text).not.toMatch(/\u001b\[/);
    expect(text).toMatch(/turn 1 root/);
    expect(text).toMatch(/c1 w1 query_(metrics|logs) live {2}ok n=1/);
    expect(text).toMatch(/Theory \(submitted\)/);
    expect(text).toMatch(/end submitted/);
    expect(text).toContain(`trace: ${join(dir, 'trace.jsonl')}`);
    // The same timeline in colour (what a TTY gets) differs only by escape codes.
    const colored = formatTimeline(readTrace(join(dir, 'trace.jsonl')), {
      color: true,
      traceFile: join(dir, 'trace.jsonl'),
    });
    expect(colored).toMatch(/\u001b\[/);
    // ...and is followed by the verdict and the score, `bench trial`'s last lines.
    const plain = colored.replace(/\u001b\[[0-9;]*m/g, '');
    expect(text.slice(0, plain.length)).toBe(plain);
    expect(text.slice(plain.length)).toMatch(
      /^verdict pass: correctness 1 ≥ pass threshold 0\.8, no honesty failure\nscore: /,
    );
  });

  it('rejects a failing trial with a ThresholdError (exit 1, as bench score) once the verdict is written last', async () => {
    let text = '';
    const flags = { golden: 'checkout-db-pool', seat: 'sim-early-closer-react', gates: 'none', out: tmp() };
    const run = runTrialCommand(flags, (s) => {
      text += s;
    });
    await expect(run).rejects.toBeInstanceOf(ThresholdError);
    await expect(run).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(/: fail: correctness 0\.7 </),
    });
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(/^verdict fail: /);
    expect(lines.at(-1)).toMatch(/^score: correctness 0\.70 /);
  });
});
