/**
 * What a span is, by the conventions it follows: OpenTelemetry GenAI (`gen_ai.operation.name`)
 * or OpenInference (`openinference.span.kind`). `bench export otlp` writes the GenAI names
 * (commands/export/otlp/genai.ts, read from there); a span of neither is `other` and is reported.
 */
import { GEN_AI, OPERATION } from '../../export/index.js';
import type { ImportedSpan } from './spans.js';

export type Role = 'agent' | 'chat' | 'tool' | 'other';

/** GenAI operations that are a model call: chat, and the older completion and Gemini names. */
const CHAT_OPS = new Set<string>([OPERATION.chat, 'text_completion', 'generate_content']);
const AGENT_OPS = new Set<string>([OPERATION.agent, 'create_agent']);

export function roleOf(s: ImportedSpan): Role {
  const op = s.attrs[GEN_AI.operation];
  const oi = s.attrs['openinference.span.kind'];
  const kind = typeof oi === 'string' ? oi.toUpperCase() : undefined;
  if (op === OPERATION.tool || kind === 'TOOL') return 'tool';
  if ((typeof op === 'string' && CHAT_OPS.has(op)) || kind === 'LLM') return 'chat';
  if ((typeof op === 'string' && AGENT_OPS.has(op)) || kind === 'AGENT') return 'agent';
  return 'other';
}
