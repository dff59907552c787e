/**
 * Foreign agents' OTLP traces (fixtures.ts: written from the GenAI and OpenInference
 * specifications) imported and scored against the golden they investigated, through the library
 * and the built CLI; malformed files are exit 2 naming the span; what cannot be read is said.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Trajectory } from '../../../src/formats/golden/index.js';
import { importOtlpFile, loadConfig, resolveOneGolden, scoreTrial } from '../../../src/index.js';
import { bench, tempDir } from '../../formats/helpers.js';
import { langchainTrace, openaiAgentsTrace, stepsFor } from './fixtures.js';

const ROOT = resolve(__dirname, '../../..');
const config = () => loadConfig(join(ROOT, 'bench.config.yaml')).config;
const golden = resolveOneGolden('checkout-db-pool', config);

function file(req: unknown, name = 'trace.json'): string {
  const f = join(tempDir(), name);
  writeFileSync(f, typeof req === 'string' ? req : JSON.stringify(req));
  return f;
}

function imported(req: unknown) {
  const notes: string[] = [];
  const [t] = importOtlpFile(file(req), { golden: golden.id, note: (s) => notes.push(s) });
  const th = [...t.trace.events].reverse().find((e) => e.type === 'theory');
  const theory = th?.type === 'theory' ? th.theory : null;
  return { ...t, notes, theory, score: scoreTrial(golden, t.trace, theory) };
}

describe('bench import otlp: any agent’s traces', () => {
  it('maps an OpenAI Agents SDK run (GenAI spans) to turns, calls and the Theory, and scores it as a pass', () => {
    const r = imported(openaiAgentsTrace(golden));
    expect(r.kind).toBe('genai');
    expect(r.notes).toEqual([]);
    const calls = r.trace.events.filter((e) => e.type === 'tool_call');
    expect(calls.map((c) => [c.id, c.tool, c.source, c.class])).toEqual(
      stepsFor(golden).map((s) => [
        s.id,
        s.tool === 'query_prometheus' ? 'query_metrics' : 'query_logs',
        s.tool === 'query_prometheus' ? 'metrics' : 'logs',
        'live',
      ]),
    );
    expect(calls[0].query).toBe(stepsFor(golden)[0].args.expr);
    const turns = r.trace.events.filter((e) => e.type === 'model_turn');
    expect(turns.map((t) => t.tokens.input)).toEqual([1201, 1202]);
    expect(r.trace.header).toMatchObject({
      seat: 'Incident investigator',
      provider: 'openai',
      model: 'gpt-4.1',
    });
    const results = r.trace.events.filter((e) => e.type === 'tool_result');
    expect(results.every((x) => x.outcome === 'ok' && x.n === 1 && x.untyped === false)).toBe(true);
    expect(r.score.verdict).toBe('pass');
    expect(r.score.correctness).toBe(1);
    expect(r.score.honesty).toEqual([]);
  });

  it('maps a LangChain run (OpenInference spans) the same way, the Theory from the chain’s output', () => {
    const r = imported(langchainTrace(golden));
    expect(r.kind).toBe('openinference');
    expect(r.trace.header).toMatchObject({
      seat: 'langgraph-agent',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
    });
    expect(r.trace.events.filter((e) => e.type === 'model_turn').map((t) => t.tokens)).toEqual([
      { input: 2000, output: 150, reasoning: 0 },
    ]);
    expect(r.score.verdict).toBe('pass');
    expect(r.score.parts.B.coverage).toBe(1);
  });

  it('judges a failed call as failed, and a Theory citing it for a value gets no credit', () => {
    const steps = stepsFor(golden);
    steps[2] = {
      ...steps[2],
      result: { content: [{ type: 'text', text: 'upstream: failed to load chunks' }], isError: true },
    };
    const r = imported(openaiAgentsTrace(golden, steps));
    const res = r.trace.events.find((e) => e.type === 'tool_result' && e.id === steps[2].id);
    expect(res).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/failed to load chunks/) });
    expect(res?.type === 'tool_result' && res.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(r.score.verdict).toBe('fail');
    expect(r.score.honesty.map((h) => h.kind)).toContain('failed-evidence');
  });

  it('keeps an unknown tool as a context call and says so, never as evidence', () => {
    const req = openaiAgentsTrace(golden);
    const span = req.resourceSpans[0].scopeSpans[0].spans.find(
      (s) => s.name === 'execute_tool query_prometheus',
    );
    if (!span) throw new Error('fixture');
    span.name = 'execute_tool run_sql';
    for (const a of span.attributes) if (a.key === 'gen_ai.tool.name') a.value = { stringValue: 'run_sql' };
    const r = imported(req);
    expect(r.notes).toEqual([
      expect.stringMatching(/tool "run_sql" \(1 call\(s\)\) is of no vocabulary the bench knows/),
    ]);
    const call = r.trace.events.find((e) => e.type === 'tool_call' && e.tool === 'run_sql');
    expect(call).toMatchObject({ class: 'context' });
    expect(r.score.verdict).toBe('fail');
  });

  it('judges the golden’s trajectory checks on an imported trace as on a native one', () => {
    const r = imported(openaiAgentsTrace(golden));
    const trajectory = Trajectory.parse([
      { check: 'must-call', call: { tool: 'query_metrics' }, before: { tool: 'query_logs' } },
      { check: 'max-calls', call: { source: 'logs' }, max: 1 },
    ]);
    const score = scoreTrial({ ...golden, trajectory }, r.trace, r.theory);
    expect(score.trajectory?.map((t) => [t.id, t.passed])).toEqual([
      ['must-call#1', true],
      ['max-calls#2', false],
    ]);
    expect(score.trajectory?.[1].reason).toMatch(
      /^3 calls of logs \(max 1\); the 2nd at call_\d \(query_logs /,
    );
    expect(score.verdict).toBe('fail');
  });

  it('refuses malformed files with exit 2 naming the span and field', () => {
    const bad = openaiAgentsTrace(golden);
    const spans = bad.resourceSpans[0].scopeSpans[0].spans;
    spans[1].traceId = 'AAECAwQFBgcICQoLDA0ODw=='; // base64: the JSON mapping's default, not OTLP's hex
    const f = file(`${JSON.stringify(openaiAgentsTrace(golden))}\n${JSON.stringify(bad)}\n`, 'two.jsonl');
    const r = bench(['score', '--golden', 'checkout-db-pool', '--otlp', f], ROOT);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `${f}:2: span "chat gpt-4.1" (${spans[1].spanId}): traceId: "AAECAwQFBgcICQoLDA0ODw==" is not 16 bytes of hex`,
    );
    const late = openaiAgentsTrace(golden);
    const s = late.resourceSpans[0].scopeSpans[0].spans[2];
    s.endTimeUnixNano = '5';
    const r2 = bench(['import', 'otlp', file(late), '--out', tempDir()], ROOT);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(
      /: span "execute_tool query_prometheus" \([0-9a-f]{16}\): endTimeUnixNano: before startTimeUnixNano/,
    );
    const r3 = bench(['import', 'otlp', file('{"resourceLogs": []}'), '--out', tempDir()], ROOT);
    expect(r3.status).toBe(2);
    expect(r3.stderr).toMatch(
      /no resourceSpans \(an ExportTraceServiceRequest has them; this has resourceLogs\)/,
    );
    const r4 = bench(['import', 'otlp', file('\u0008\u0001garbage'), '--out', tempDir()], ROOT);
    expect(r4.status).toBe(2);
    expect(r4.stderr).toMatch(/neither OTLP\/JSON nor an OTLP\/protobuf ExportTraceServiceRequest/);
  });

  it('writes each trace for bench score and bench show with bench import otlp', () => {
    const out = tempDir();
    const f = file(
      `${JSON.stringify(openaiAgentsTrace(golden))}\n${JSON.stringify(langchainTrace(golden))}\n`,
      'two.jsonl',
    );
    const r = bench(['import', 'otlp', f, '--out', out, '--golden', 'checkout-db-pool'], ROOT);
    expect(r.status, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[1]),
    ).toEqual(['genai', 'openinference']);
    const s = bench(
      ['score', '--golden', 'checkout-db-pool', '--trace', join(out, '2', 'trace.jsonl')],
      ROOT,
    );
    expect(s.status, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout).verdict).toBe('pass');
    expect(
      JSON.parse(readFileSync(join(out, '1', 'theory.json'), 'utf8')).parts.A.measurements.length,
    ).toBeGreaterThan(0);
  });
});
