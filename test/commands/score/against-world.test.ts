/**
 * `bench score --against-world` (docs/import.md, Against the golden's world): a foreign agent's
 * trace (GenAI spans, fixtures.ts) whose own backend answered differently from the golden's world —
 * an empty answer where the world has data, a success where the golden's fault fails the query —
 * is answered again by the world, through the built CLI and the public API: the differences per
 * call, the world's verdict beside the recorded one, the agent's now mapped onto the golden's;
 * malformed calls are exit 2 naming the call.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  againstWorld,
  importOtlpFile,
  loadConfig,
  resolveOneGolden,
  scoreTrial,
} from '../../../src/index.js';
import { bench, tempDir } from '../../formats/helpers.js';
import { openaiAgentsTrace, type Step, stepsFor } from '../import/fixtures.js';

const ROOT = resolve(__dirname, '../../..');
const config = () => loadConfig(join(ROOT, 'bench.config.yaml')).config;
// its fault fails every Loki query of {app="payments"} with a failed envelope
const golden = resolveOneGolden('checkout-db-pool-logs-failed', config);
/** The fixtures' agent ran at its own wall clock: the root span's start. */
const AGENT_NOW = new Date(1_773_500_000_000).toISOString();

const text = (v: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(v) }] });
const instant = (v: number) => text([{ metric: {}, value: [1_773_500_000, String(v)] }]);

/**
 * The agent's calls, its times its own (instant queries at its now): one per obtainable route of
 * the golden, answered with the truth; then its backend disagreeing with the golden's world twice.
 */
function agentSteps(): Step[] {
  const steps = stepsFor(golden).map((s) =>
    s.tool === 'query_prometheus' ? { ...s, args: { ...s.args, startRfc3339: AGENT_NOW } } : s,
  );
  const failures = steps.findIndex((s) => s.measurement === 'checkout_payment_failures');
  // its Loki had no checkout lines: an empty answer where the world has 8379
  steps[failures] = { ...steps[failures], result: text([]) };
  // and its Loki read the payments logs the golden's fault fails
  steps.push({
    id: `call_${steps.length + 1}`,
    tool: 'query_loki_logs',
    args: {
      datasourceUid: 'loki',
      logql: 'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))',
      queryType: 'instant',
      endRfc3339: AGENT_NOW,
    },
    result: instant(10279),
    measurement: 'pool_exhausted_lines',
    value: 10279,
    part: 'B',
  });
  return steps;
}

function otlpFile(steps: Step[]): string {
  const f = join(tempDir(), 'agent.json');
  writeFileSync(f, JSON.stringify(openaiAgentsTrace(golden, steps)));
  return f;
}

describe('bench score --against-world', () => {
  it('answers each recorded query from the golden’s world and shows where the answers differ', () => {
    const steps = agentSteps();
    const f = otlpFile(steps);
    const r = bench(['score', '--golden', golden.id, '--otlp', f, '--against-world'], ROOT);
    const out = JSON.parse(r.stdout);
    const byId = new Map<string, { status: string; differences: string[]; world?: { fault?: string } }>(
      out.world.calls.map((c: { id: string }) => [c.id, c]),
    );
    expect(out.world.agentNow).toBe(AGENT_NOW);
    expect(out.world.agentNowFrom).toBe('trace');
    expect(out.world.goldenNow).toBe(new Date(golden.ms.now).toISOString());
    const pool = steps.find((s) => s.measurement === 'payments_pool_in_use_peak');
    expect(byId.get(pool?.id ?? '')?.status).toBe('same');
    const empty = steps.find((s) => s.measurement === 'checkout_payment_failures');
    expect(byId.get(empty?.id ?? '')?.differences).toEqual([
      'outcome empty → ok',
      'series/streams 0 → 1',
      'samples/lines 0 → 1',
      'values none → 8379',
    ]);
    const failed = byId.get(steps.at(-1)?.id ?? '');
    expect(failed?.differences[0]).toBe('outcome ok → failed');
    expect(failed?.world?.fault).toBe('payments-logs-failed');
    // the Theory cites that call for a value the world's answer does not back
    expect(out.world.world.verdict).toBe('fail');
    expect(out.verdict).toBe('fail');
    expect(out.honesty.map((h: { kind: string }) => h.kind)).toContain('failed-evidence');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`agent now ${AGENT_NOW} (the trace) → golden now`);
    expect(r.stderr).toMatch(/call_\d+\s+query_logs\s+empty n=0 s=0\s+ok n=1 s=1\s+outcome empty → ok/);
    expect(r.stderr).toMatch(
      /verdict on the recorded answers: \w+ \(correctness [\d.]+\); on the world's: fail/,
    );
    // without --against-world the recorded answers are judged, as before
    const plain = bench(['score', '--golden', golden.id, '--otlp', f], ROOT);
    expect(JSON.parse(plain.stdout).verdict).toBe(out.world.recorded.verdict);
  });

  it('the public API returns the trace with the world’s answers, scored as a native one', async () => {
    const [t] = importOtlpFile(otlpFile(agentSteps()), { golden: golden.id, note: () => {} });
    const th = [...t.trace.events].reverse().find((e) => e.type === 'theory');
    const theory = th?.type === 'theory' ? th.theory : null;
    const r = await againstWorld(golden, t.trace, theory);
    expect(r.score).toEqual(scoreTrial(golden, r.trace, theory));
    expect(r.recordedScore).toEqual(scoreTrial(golden, t.trace, theory));
    expect(r.world.counts).toEqual({ same: expect.any(Number), differs: expect.any(Number), notAsked: 0 });
    expect(r.world.counts.differs).toBeGreaterThanOrEqual(2);
    const failed = r.trace.events.filter((e) => e.type === 'tool_result' && e.outcome === 'failed');
    expect(failed.map((e) => e.type === 'tool_result' && e.fault)).toEqual(['payments-logs-failed']);
    // the recorded instant times, the agent's, moved onto the golden's now
    const first = r.trace.events.find((e) => e.type === 'tool_call');
    expect(
      (first?.type === 'tool_call' && (first.args as { startRfc3339?: string }).startRfc3339) || '',
    ).toBe(new Date(golden.ms.now).toISOString());
    // --agent-now overrides the trace's: the golden's now itself leaves the times where they are
    const same = await againstWorld(golden, t.trace, theory, {
      agentNow: new Date(golden.ms.now).toISOString(),
    });
    expect(same.world.shiftMs).toBe(0);
    expect(same.world.agentNowFrom).toBe('flag');
  });

  it('refuses a call the world cannot answer: exit 2 naming the call', () => {
    const steps = agentSteps();
    const f = otlpFile(steps);
    // the agent's now said to be a week earlier: every time moves a week on, past the golden's window
    const late = new Date(Date.parse(AGENT_NOW) - 7 * 86_400_000).toISOString();
    const r = bench(
      ['score', '--golden', golden.id, '--otlp', f, '--against-world', '--agent-now', late],
      ROOT,
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /call call_1 \(query_metrics\): reads .* outside the golden's window .* --agent-now sets it/,
    );

    const bad = agentSteps();
    bad[0] = { ...bad[0], args: { ...bad[0].args, expr: 'sum(rate(http_requests_total[5m]' } };
    const parse = bench(['score', '--golden', golden.id, '--otlp', otlpFile(bad), '--against-world'], ROOT);
    expect(parse.status).toBe(2);
    expect(parse.stderr).toMatch(
      /call call_1 \(query_metrics\): the golden's backend cannot evaluate "sum\(rate\(http_requests_total\[5m\]".*\(recorded: ok\)/,
    );

    const time = agentSteps();
    time[0] = { ...time[0], args: { ...time[0].args, startRfc3339: 'yesterday' } };
    const t = bench(['score', '--golden', golden.id, '--otlp', otlpFile(time), '--against-world'], ROOT);
    expect(t.status).toBe(2);
    expect(t.stderr).toMatch(
      /call call_1 \(query_metrics\): argument startRfc3339: "yesterday" is not a time/,
    );

    const flag = bench(['score', '--golden', golden.id, '--otlp', f, '--agent-now', AGENT_NOW], ROOT);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/--agent-now maps the agent's times for --against-world/);
  });
});
