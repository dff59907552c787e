/**
 * Foreign agents' traces, written here from the specifications (OTLP/JSON: opentelemetry-proto's
 * JSON mapping; GenAI semantic conventions: invoke_agent / chat / execute_tool spans,
 * gen_ai.tool.call.arguments and .result, gen_ai.output.messages; OpenInference: span kinds
 * AGENT / CHAIN / LLM / TOOL, input.value, output.value, llm.token_count.*), never copied from a
 * recording. Each investigates a golden as a careful agent would: one call per measurement's route
 * through mcp-grafana's tools, an answer showing the truth, and a Theory citing those calls.
 */
import { createHash } from 'node:crypto';
import type { Golden } from '../../../src/formats/golden/index.js';

type Value =
  | { stringValue: string }
  | { intValue: string }
  | { doubleValue: number }
  | { boolValue: boolean };
const v = (x: string | number | boolean): Value =>
  typeof x === 'string'
    ? { stringValue: x }
    : typeof x === 'boolean'
      ? { boolValue: x }
      : Number.isInteger(x)
        ? { intValue: String(x) }
        : { doubleValue: x };
export const kv = (o: Record<string, string | number | boolean>) =>
  Object.entries(o).map(([key, x]) => ({ key, value: v(x) }));

const hex = (bytes: number, s: string) =>
  createHash('sha256')
    .update(s)
    .digest('hex')
    .slice(0, bytes * 2);
const T0 = 1_773_500_000_000_000_000n;
const at = (ms: number) => (T0 + BigInt(ms) * 1_000_000n).toString();

export interface SpanIn {
  key: string;
  parent?: string;
  name: string;
  kind?: number;
  from: number;
  to: number;
  attrs: Record<string, string | number | boolean>;
  error?: string;
}

export function request(trace: string, service: string, spans: SpanIn[]) {
  const traceId = hex(16, trace);
  return {
    resourceSpans: [
      {
        resource: { attributes: kv({ 'service.name': service }) },
        scopeSpans: [
          {
            scope: { name: 'fixture', version: '1' },
            spans: spans.map((s) => ({
              traceId,
              spanId: hex(8, `${trace}/${s.key}`),
              ...(s.parent ? { parentSpanId: hex(8, `${trace}/${s.parent}`) } : {}),
              name: s.name,
              kind: s.kind ?? 1,
              startTimeUnixNano: at(s.from),
              endTimeUnixNano: at(s.to),
              attributes: kv(s.attrs),
              status: s.error ? { code: 2, message: s.error } : { code: 0 },
            })),
          },
        ],
      },
    ],
  };
}

export interface Step {
  id: string;
  tool: 'query_prometheus' | 'query_loki_logs';
  args: Record<string, string>;
  /** What mcp-grafana answered: a CallToolResult. */
  result: { content: { type: 'text'; text: string }[]; isError?: boolean };
  measurement?: string;
  value?: number;
  part: 'A' | 'B';
}

/** One call per obtainable measurement's route, answered with its truth as an instant vector. */
export function stepsFor(g: Golden): Step[] {
  const nowSec = g.ms.now / 1000;
  const out: Step[] = [];
  for (const part of ['A', 'B'] as const)
    for (const m of g.parts[part].measurements) {
      if (!m.obtainable || m.route === undefined || m.truth === undefined) continue;
      const metrics = m.source === 'metrics';
      const series = [{ metric: {}, value: [nowSec, String(m.truth)] }];
      out.push({
        id: `call_${out.length + 1}`,
        tool: metrics ? 'query_prometheus' : 'query_loki_logs',
        args: metrics
          ? {
              datasourceUid: 'prometheus',
              expr: m.route,
              queryType: 'instant',
              startRfc3339: new Date(g.ms.now).toISOString(),
            }
          : { datasourceUid: 'loki', logql: m.route, queryType: 'instant' },
        result: { content: [{ type: 'text', text: JSON.stringify(series) }] },
        measurement: m.id,
        value: m.truth,
        part,
      });
    }
  return out;
}

/** The Theory such an agent writes: every value it measured, cited; the root cause in the golden's words. */
export function theoryFor(g: Golden, steps: Step[]) {
  const part = (p: 'A' | 'B') => ({
    status: 'resolved',
    findings: `measured ${steps
      .filter((s) => s.part === p)
      .map((s) => s.measurement)
      .join(', ')}`,
    measurements: steps
      .filter((s) => s.part === p)
      .map((s) => ({ id: s.measurement, value: s.value, evidence: [s.id] })),
    gaps: [],
  });
  const words = g.rootCause.accept.map((group) => group[0]).join(' ');
  return {
    summary: `${g.rootCause.component}: ${g.rootCause.mechanism} (${words})`,
    rootCause: {
      component: g.rootCause.component,
      mechanism: `${g.rootCause.mechanism}; ${words}`,
      explanation: '',
    },
    parts: { A: part('A'), B: part('B') },
  };
}

/**
 * The OpenAI Agents SDK's run as GenAI spans: `invoke_agent <agent>` at the root, a `chat <model>`
 * per model call with its usage, an `execute_tool <tool>` per function call under it, the final
 * message (`gen_ai.output.messages`, the Theory in a fenced json block) on the last chat span.
 */
export function openaiAgentsTrace(g: Golden, steps = stepsFor(g)) {
  const spans: SpanIn[] = [
    {
      key: 'agent',
      name: 'invoke_agent Incident investigator',
      from: 0,
      to: 10_000,
      attrs: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'Incident investigator',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4.1',
      },
    },
  ];
  const chat = (i: number, from: number, to: number, extra: Record<string, string> = {}) =>
    spans.push({
      key: `chat${i}`,
      parent: 'agent',
      name: 'chat gpt-4.1',
      kind: 3,
      from,
      to,
      attrs: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4.1',
        'gen_ai.usage.input_tokens': 1200 + i,
        'gen_ai.usage.output_tokens': 80,
        ...extra,
      },
    });
  chat(1, 0, 900);
  for (const [i, s] of steps.entries())
    spans.push({
      key: s.id,
      parent: 'agent',
      name: `execute_tool ${s.tool}`,
      from: 1000 + i * 100,
      to: 1050 + i * 100,
      attrs: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': s.tool,
        'gen_ai.tool.call.id': s.id,
        'gen_ai.tool.type': 'function',
        'gen_ai.tool.call.arguments': JSON.stringify(s.args),
        'gen_ai.tool.call.result': JSON.stringify(s.result),
      },
      ...(s.result.isError ? { error: s.result.content[0].text } : {}),
    });
  const message = [
    {
      role: 'assistant',
      parts: [
        {
          type: 'text',
          content: `Here is my Theory.\n\`\`\`json\n${JSON.stringify(theoryFor(g, steps), null, 2)}\n\`\`\`\n`,
        },
      ],
      finish_reason: 'stop',
    },
  ];
  chat(2, 5000, 9000, { 'gen_ai.output.messages': JSON.stringify(message) });
  return request('openai-agents', 'incident-agent', spans);
}

/**
 * A LangChain (LangGraph) run as OpenInference spans: a CHAIN root whose `output.value` holds the
 * final answer, LLM spans with `llm.model_name` and `llm.token_count.*`, TOOL spans with
 * `tool.name`, `input.value` (the arguments) and `output.value` (the answer).
 */
export function langchainTrace(g: Golden, given = stepsFor(g)) {
  // TOOL spans carry no call id: the importer numbers them c1, c2 … in start order (docs/import.md)
  const steps = given.map((s, i) => ({ ...s, id: `c${i + 1}` }));
  const theory = theoryFor(g, steps);
  const spans: SpanIn[] = [
    {
      key: 'graph',
      name: 'LangGraph',
      from: 0,
      to: 12_000,
      attrs: {
        'openinference.span.kind': 'CHAIN',
        'input.value': JSON.stringify({ messages: [{ role: 'user', content: g.prompt.slice(0, 200) }] }),
        'output.value': JSON.stringify({ messages: [{ role: 'ai', content: JSON.stringify(theory) }] }),
        'output.mime_type': 'application/json',
      },
    },
    {
      key: 'llm1',
      parent: 'graph',
      name: 'ChatAnthropic',
      from: 10,
      to: 800,
      attrs: {
        'openinference.span.kind': 'LLM',
        'llm.model_name': 'claude-sonnet-4',
        'llm.provider': 'anthropic',
        'llm.token_count.prompt': 2000,
        'llm.token_count.completion': 150,
      },
    },
  ];
  for (const [i, s] of steps.entries())
    spans.push({
      key: s.id,
      parent: 'graph',
      name: s.tool,
      from: 900 + i * 200,
      to: 1000 + i * 200,
      attrs: {
        'openinference.span.kind': 'TOOL',
        'tool.name': s.tool,
        'input.value': JSON.stringify(s.args),
        'input.mime_type': 'application/json',
        'output.value': s.result.content[0].text,
      },
      ...(s.result.isError ? { error: s.result.content[0].text } : {}),
    });
  return request('langchain', 'langgraph-agent', spans);
}
