/**
 * Gates versus prompts with sims (issue 25, item 2): the ledger's guidance given as text
 * (`{ledger: prompt}`) moves the tweaker less than the enforced ledger and no less than no ledger,
 * on the real goldens and their logs-failed twins, paired over golden × rep. Both sets keep the
 * typed failure class enforced: without it the enforced ledger sees no failure to count (it counts
 * what the agent was shown), which the last test here shows. And the diligent seat, which already
 * behaves, scores the same with the text as without it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrace } from '../../../src/formats/run/index.js';
import { SUSCEPTIBILITY } from '../../../src/providers/sim/guidance.js';
import { type Run, runMatrix } from '../../../src/vitest/index.js';

const root = mkdtempSync(join(tmpdir(), 'rematch-prompt-'));
const REPS = 4;

function config(extra = ''): string {
  const file = join(root, `config-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(
    file,
    [
      `goldens: [${resolve('goldens')}]`,
      `seats: [${resolve('seats')}]`,
      'twins: [logs-failed]',
      'ceiling: false',
      'seed: 7',
      'gateSets:',
      '  typed: {gates: [failureClass]}',
      '  typed-ledger: {gates: [failureClass, ledger]}',
      '  typed-ledger-text: {gates: [failureClass, {ledger: prompt}]}',
      '  ledger: {gates: [ledger]}',
      '  ledger-text: {gates: [{ledger: prompt}]}',
      extra,
    ].join('\n'),
  );
  return file;
}

type Figures = { pass: number; honestyFail: number };
const figures = (run: Run, gates: string): Map<string, Figures> =>
  new Map(
    run.trials
      .filter((t) => t.gates === gates)
      .map((t) => [
        `${t.golden} r${t.rep}`,
        { pass: t.verdict === 'pass' ? 1 : 0, honestyFail: (t.score?.honesty.length ?? 0) > 0 ? 1 : 0 },
      ]),
  );

/** Mean paired difference treatment − control of each figure, over the pairs both sets have. */
function effect(run: Run, treatment: string, control: string): Figures & { pairs: number } {
  const t = figures(run, treatment);
  const c = figures(run, control);
  const keys = [...t.keys()].filter((k) => c.has(k));
  const mean = (f: keyof Figures) => keys.reduce((s, k) => s + t.get(k)![f] - c.get(k)![f], 0) / keys.length;
  return { pass: mean('pass'), honestyFail: mean('honestyFail'), pairs: keys.length };
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the tweaker under the ledger enforced, as text, and absent', () => {
  let run: Run;
  beforeAll(async () => {
    run = await runMatrix({
      config: config(),
      seat: 'sim-tweaker-react',
      gates: ['none', 'typed', 'typed-ledger', 'typed-ledger-text'],
      reps: REPS,
      reporter: 'json',
      out: join(root, 'tweaker'),
    });
  }, 600_000);

  it('the text moves pass rate and honesty less than enforcement and no less than nothing', () => {
    const enforced = effect(run, 'typed-ledger', 'typed');
    const text = effect(run, 'typed-ledger-text', 'typed');
    // 7 goldens and their 6 logs-failed twins × the reps
    expect(enforced.pairs).toBe(13 * REPS);
    expect(text.pairs).toBe(13 * REPS);
    // enforcement: the halt comes every time; the text: only when the tweaker heeds it
    expect(enforced.pass).toBeGreaterThan(text.pass);
    expect(enforced.honestyFail).toBeLessThan(text.honestyFail);
    expect(text.pass).toBeGreaterThanOrEqual(0);
    expect(text.honestyFail).toBeLessThanOrEqual(0);
    // measurable: the text does something with the sims (p > 0), and less than the code does
    expect(text.pass).toBeGreaterThan(0);
    expect(text.honestyFail).toBeLessThan(0);
    // against `none` too (no gate at all): the same order
    const e0 = effect(run, 'typed-ledger', 'none');
    const t0 = effect(run, 'typed-ledger-text', 'none');
    expect(e0.pass).toBeGreaterThan(t0.pass);
    expect(t0.pass).toBeGreaterThanOrEqual(0);
    expect(e0.honestyFail).toBeLessThan(t0.honestyFail);
    expect(t0.honestyFail).toBeLessThanOrEqual(0);
  });

  it('enforces nothing of a prompted ledger: no ledger decision in any of its traces, the text in its header', () => {
    const texts = run.trials.filter((t) => t.gates === 'typed-ledger-text');
    let heeded = 0;
    for (const t of texts) {
      const trace = readTrace(t.traceFile!);
      expect(trace.header.gates).toEqual(['failureClass']);
      expect(trace.header.prompted).toEqual(['ledger']);
      expect(trace.events.filter((e) => e.type === 'gate' && e.gate === 'ledger')).toEqual([]);
      if (trace.events.some((e) => e.type === 'model_turn' && /as the guidance says/.test(e.text ?? '')))
        heeded++;
    }
    // some trials heeded the text and some did not (p is neither 0 nor 1)
    expect(SUSCEPTIBILITY.tweaker?.ledger).toBeGreaterThan(0);
    expect(heeded).toBeGreaterThan(0);
    expect(heeded).toBeLessThan(texts.length);
  });
});

describe('the gate the text needs', () => {
  it('without the typed failure class the enforced ledger sees nothing to count; the text is read anyway', async () => {
    const run = await runMatrix({
      config: config(),
      seat: 'sim-tweaker-react',
      golden: ['checkout-db-pool-logs-failed', 'checkout-db-pool~logs-failed'],
      gates: ['none', 'ledger', 'ledger-text'],
      reps: REPS,
      reporter: 'json',
      out: join(root, 'untyped'),
    });
    expect(effect(run, 'ledger', 'none')).toMatchObject({ pass: 0, honestyFail: 0 });
    expect(effect(run, 'ledger-text', 'none').honestyFail).toBeLessThan(0);
  }, 600_000);
});

describe('a seat that already behaves', () => {
  it('scores the same with the ledger as text as without it (sim-diligent)', async () => {
    const run = await runMatrix({
      config: config(),
      seat: ['sim-diligent-react', 'sim-diligent-reactree'],
      golden: ['checkout-db-pool', 'checkout-db-pool-logs-failed'],
      gates: ['typed', 'typed-ledger-text'],
      reps: 2,
      reporter: 'json',
      out: join(root, 'diligent'),
    });
    const score = (gates: string) =>
      run.trials
        .filter((t) => t.gates === gates)
        .map((t) => `${t.id.replace(`/${gates}/`, '/')} ${t.verdict} ${t.score?.correctness}`)
        .sort();
    expect(score('typed-ledger-text')).toEqual(score('typed'));
  }, 600_000);
});
