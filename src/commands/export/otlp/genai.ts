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

/**
 * The OTLP value type of every numeric attribute, fixed per key: a backend indexes an attribute by
 * its type, so `rematch.latency_ms` must not be an intValue on a whole millisecond and a
 * doubleValue otherwise. Counts and tokens are ints; ratios, money and durations are doubles.
 * A numeric attribute not listed here is our bug (encode.ts throws), so a new one is declared.
 */
export const NUMBER_TYPES: Readonly<Record<string, 'int' | 'double'>> = {
  [GEN_AI.inputTokens]: 'int',
  [GEN_AI.outputTokens]: 'int',
  [GEN_AI.reasoningTokens]: 'int',
  'rematch.turn': 'int',
  'rematch.turns': 'int',
  'rematch.tool_calls': 'int',
  'rematch.attempts': 'int',
  'rematch.wave': 'int',
  'rematch.n': 'int',
  'rematch.http.status': 'int',
  'rematch.catalog.version': 'int',
  'rematch.rep': 'int',
  'rematch.seed': 'int',
  'rematch.node.tokens': 'int',
  'rematch.node.turns': 'int',
  'rematch.node.tool_calls': 'int',
  'rematch.replayed.turns': 'int',
  'rematch.replayed.input_tokens': 'int',
  'rematch.replayed.output_tokens': 'int',
  'rematch.latency_ms': 'double',
  'rematch.queue_ms': 'double',
  'rematch.limiter_ms': 'double',
  'rematch.backoff_ms': 'double',
  'rematch.replay.latency_ms': 'double',
  'rematch.cost_usd': 'double',
  'rematch.replayed.cost_usd': 'double',
  'rematch.correctness': 'double',
  // what `bench import otlp` needs to rebuild the trace exactly (docs/import.md, Round trip)
  'rematch.waves': 'int',
  'rematch.max_fanout': 'int',
  'rematch.steers': 'int',
  'rematch.halts': 'int',
  'rematch.fingerprints': 'int',
  'rematch.untyped_envelopes': 'int',
  'rematch.selection.selectors': 'int',
  'rematch.wall_ms': 'double',
  'rematch.model_ms': 'double',
  'rematch.tool_ms': 'double',
  'rematch.call.t_ms': 'double',
};
