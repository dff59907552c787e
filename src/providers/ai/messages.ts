/**
 * Pure converters between the bench's model interface (protocol/model.ts) and AI SDK v6 messages.
 * Assistant turns that carry `providerState` (the AI SDK response messages of that turn) are replayed
 * verbatim, so reasoning items (OpenAI Responses, xAI) and thought signatures (Gemini) survive
 * across turns without the bench knowing their shapes.
 */
import type { ModelMessage } from 'ai';
import type { Message, ToolCall } from '../../protocol/model.js';

export function toModelMessages(messages: readonly Message[]): { system: string; messages: ModelMessage[] } {
  const system: string[] = [];
  const out: ModelMessage[] = [];
  for (const m of messages) {
    switch (m.role) {
      case 'system':
        system.push(m.content);
        break;
      case 'user':
        out.push({ role: 'user', content: m.content });
        break;
      case 'assistant': {
        const replay = replayable(m.providerState);
        if (replay) {
          out.push(...replay);
          break;
        }
        const parts: Exclude<ModelMessage & { role: 'assistant' }, string>['content'] = [];
        if (m.content) parts.push({ type: 'text', text: m.content });
        for (const c of m.toolCalls ?? [])
          parts.push({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: c.args ?? {} });
        out.push({ role: 'assistant', content: parts });
        break;
      }
      case 'tool':
        appendToolResult(out, m.toolCallId, m.toolName, m.content);
        break;
    }
  }
  return { system: system.join('\n\n'), messages: out };
}

/** Consecutive tool results belong in one tool message (some providers insist). */
function appendToolResult(out: ModelMessage[], toolCallId: string, toolName: string, text: string): void {
  const part = {
    type: 'tool-result' as const,
    toolCallId,
    toolName,
    output: { type: 'text' as const, value: text },
  };
  const last = out[out.length - 1];
  if (last && last.role === 'tool') last.content.push(part);
  else out.push({ role: 'tool', content: [part] });
}

/** The assistant messages of one AI SDK response, kept as opaque provider state. */
function replayable(state: unknown): ModelMessage[] | null {
  if (!state || typeof state !== 'object' || !('responseMessages' in state)) return null;
  const msgs = (state as { responseMessages: unknown }).responseMessages;
  if (!Array.isArray(msgs)) return null;
  return (msgs as ModelMessage[]).filter((m) => m.role === 'assistant');
}

interface SdkToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalid?: boolean;
  error?: unknown;
}

/** AI SDK tool calls → ours; unparsable arguments become `argsError` (the host answers `rejected`). */
export function fromSdkToolCalls(calls: readonly SdkToolCall[]): ToolCall[] {
  return calls.map((c) => {
    if (c.invalid) {
      const msg = c.error instanceof Error ? c.error.message : String(c.error ?? 'invalid tool call');
      return { id: c.toolCallId, name: c.toolName, args: c.input, argsError: firstLine(msg) };
    }
    return { id: c.toolCallId, name: c.toolName, args: c.input };
  });
}

function firstLine(s: string): string {
  const line = s.split('\n')[0];
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
