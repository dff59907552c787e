/**
 * The OpenTelemetry GenAI semantic conventions `bench export otlp` follows, said once: attribute
 * names and operation names as the semconv registry spells them (checked in the tests against
 * @opentelemetry/semantic-conventions' incubating constants), and a seat's provider as a
 * `gen_ai.provider.name` value. The bench's own facts go under `rematch.*`.
 */

export const GEN_AI = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  reasoningTokens: 'gen_ai.usage.reasoning.output_tokens',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  conversationId: 'gen_ai.conversation.id',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolArguments: 'gen_ai.tool.call.arguments',
  errorType: 'error.type',
} as const;

/** The `gen_ai.operation.name` values used: a session or sub-agent, a model turn, a tool call. */
export const OPERATION = { agent: 'invoke_agent', chat: 'chat', tool: 'execute_tool' } as const;

/**
 * Seat providers (formats/vocabulary.ts) as the semconv's well-known provider names; a provider
 * the registry has no name for (a sim, a command agent, a local OpenAI-compatible server) keeps the
 * seat's word, prefixed `rematch.` where it is the bench's own.
 */
const PROVIDER_NAMES: Record<string, string> = {
  'openai-responses': 'openai',
  'openai-chat': 'openai',
  xai: 'x_ai',
  gemini: 'gcp.gemini',
  anthropic: 'anthropic',
  sim: 'rematch.sim',
  command: 'rematch.command',
};

export const providerName = (seatProvider: string): string => PROVIDER_NAMES[seatProvider] ?? seatProvider;
