/**
 * Recorded-shape API responses for each provider, built from a provider-neutral step
 * (tool calls or text). Shapes follow each API's documented response bodies.
 */
export interface Step {
  calls?: { id: string; name: string; args: unknown; rawArgs?: string }[];
  text?: string;
  usage?: { input: number; output: number; reasoning?: number };
  /** OpenAI/xAI Responses: the reasoning item's id (random when unset). */
  reasoningId?: string;
  /** OpenAI/xAI Responses: the reasoning item's encrypted content (sent when the request asks for it). */
  encryptedReasoning?: string;
  /** Gemini: the thought signature on the first function call part. */
  signature?: string;
}

export interface Wire {
  provider: 'openai-responses' | 'openai-chat' | 'xai' | 'gemini' | 'anthropic' | 'openai-compatible';
  url: string | RegExp;
  body(step: Step, model: string): unknown;
  keyEnv?: string;
  baseURL?: string;
}

const argsText = (c: NonNullable<Step['calls']>[number]) => c.rawArgs ?? JSON.stringify(c.args);

function responsesBody(step: Step, model: string): unknown {
  const u = step.usage ?? { input: 120, output: 30, reasoning: 12 };
  const output: unknown[] = [];
  if (u.reasoning)
    output.push({
      type: 'reasoning',
      id: step.reasoningId ?? `rs_${Math.random().toString(36).slice(2, 10)}`,
      summary: [],
      status: 'completed',
      ...(step.encryptedReasoning ? { encrypted_content: step.encryptedReasoning } : {}),
    });
  if (step.text) {
    output.push({
      type: 'message',
      id: 'msg_1',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: step.text, annotations: [] }],
    });
  }
  for (const c of step.calls ?? []) {
    output.push({
      type: 'function_call',
      id: `fc_${c.id}`,
      call_id: c.id,
      name: c.name,
      arguments: argsText(c),
      status: 'completed',
    });
  }
  return {
    id: 'resp_1',
    object: 'response',
    created_at: 1_763_000_000,
    status: 'completed',
    model,
    output,
    usage: {
      input_tokens: u.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: u.output,
      output_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
      total_tokens: u.input + u.output,
    },
  };
}

function chatBody(step: Step, model: string): unknown {
  const u = step.usage ?? { input: 100, output: 20 };
  const toolCalls = (step.calls ?? []).map((c) => ({
    id: c.id,
    type: 'function',
    function: { name: c.name, arguments: argsText(c) },
  }));
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_763_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: step.text ?? null,
          tool_calls: toolCalls.length ? toolCalls : undefined,
        },
        finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: u.input,
      completion_tokens: u.output,
      total_tokens: u.input + u.output,
      completion_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
    },
  };
}

function geminiBody(step: Step): unknown {
  const u = step.usage ?? { input: 90, output: 25, reasoning: 40 };
  const parts: unknown[] = [];
  if (step.text) parts.push({ text: step.text });
  (step.calls ?? []).forEach((c, i) => {
    const part: Record<string, unknown> = { functionCall: { name: c.name, args: c.args } };
    if (i === 0) part.thoughtSignature = step.signature ?? 'c2lnbmF0dXJlLW9mLXRob3VnaHQ=';
    parts.push(part);
  });
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: u.input,
      candidatesTokenCount: u.output,
      thoughtsTokenCount: u.reasoning ?? 0,
      totalTokenCount: u.input + u.output + (u.reasoning ?? 0),
    },
    modelVersion: 'gemini-test',
  };
}

function anthropicBody(step: Step, model: string): unknown {
  const u = step.usage ?? { input: 110, output: 35 };
  const content: unknown[] = [
    { type: 'thinking', thinking: 'Look at the error ratio first.', signature: 'sig-abc' },
  ];
  if (step.text) content.push({ type: 'text', text: step.text });
  for (const c of step.calls ?? []) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.args });
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: step.calls?.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: u.input, output_tokens: u.output },
  };
}

export const WIRES: Wire[] = [
  {
    provider: 'openai-responses',
    url: 'https://api.openai.com/v1/responses',
    body: responsesBody,
    keyEnv: 'OPENAI_API_KEY',
  },
  {
    provider: 'openai-chat',
    url: 'https://api.openai.com/v1/chat/completions',
    body: chatBody,
    keyEnv: 'OPENAI_API_KEY',
  },
  { provider: 'xai', url: 'https://api.x.ai/v1/responses', body: responsesBody, keyEnv: 'XAI_API_KEY' },
  {
    provider: 'gemini',
    url: /https:\/\/generativelanguage\.googleapis\.com\/v1beta\/models\/.*:generateContent/,
    body: (s) => geminiBody(s),
    keyEnv: 'GEMINI_API_KEY',
  },
  {
    provider: 'anthropic',
    url: 'https://api.anthropic.com/v1/messages',
    body: anthropicBody,
    keyEnv: 'ANTHROPIC_API_KEY',
  },
  {
    provider: 'openai-compatible',
    url: 'http://127.0.0.1:11434/v1/chat/completions',
    body: chatBody,
    baseURL: 'http://127.0.0.1:11434/v1',
  },
];
