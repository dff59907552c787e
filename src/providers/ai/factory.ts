/**
 * Seat → AI SDK language model and per-provider options. One entry per provider; the `Record`
 * makes a missing provider a compile error. Keys come from the environment variable the seat names.
 * Each entry imports its provider's package when first asked: together they are over a megabyte
 * of JavaScript that every process would otherwise compile at start, `bench --help` and a run of
 * sim seats included.
 */
import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { Seat } from '../../formats/seat.js';
import { isRealProvider, type RealProvider } from '../../formats/vocabulary.js';

export type { RealProvider } from '../../formats/vocabulary.js';
export { isRealProvider };

export interface ProviderSetup {
  model: LanguageModelV3;
  providerOptions: SharedV3ProviderOptions;
}

type Factory = (
  seat: Seat,
  apiKey: string | undefined,
  fetch?: typeof globalThis.fetch,
) => Promise<ProviderSetup>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Only defined values: providers reject `null` options. */
function defined(o: Record<string, unknown>): Record<string, never> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, never>;
}

const FACTORIES: Record<RealProvider, Factory> = {
  'openai-responses': async (seat, apiKey, fetch) => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    return {
      model: createOpenAI({ apiKey, baseURL: seat.baseURL, fetch }).responses(seat.model),
      providerOptions: {
        openai: defined({
          reasoningEffort: str(seat.params.reasoningEffort),
          reasoningSummary: str(seat.params.reasoningSummary),
        }),
      },
    };
  },
  'openai-chat': async (seat, apiKey, fetch) => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    return {
      model: createOpenAI({ apiKey, baseURL: seat.baseURL, fetch }).chat(seat.model),
      providerOptions: { openai: defined({ reasoningEffort: str(seat.params.reasoningEffort) }) },
    };
  },
  xai: async (seat, apiKey, fetch) => {
    const { createXai } = await import('@ai-sdk/xai');
    return {
      model: createXai({ apiKey, baseURL: seat.baseURL, fetch }).responses(seat.model),
      // Not stored by default: the request then asks for the reasoning as encrypted content, which the
      // next turn replays. A reasoning item with neither summary text nor encrypted content is dropped
      // by the SDK's parser, so with storing on, grok's reasoning would not survive the turn.
      providerOptions: {
        xai: defined({
          reasoningEffort: str(seat.params.reasoningEffort),
          store: typeof seat.params.store === 'boolean' ? seat.params.store : false,
        }),
      },
    };
  },
  gemini: async (seat, apiKey, fetch) => {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    return {
      model: createGoogleGenerativeAI({ apiKey, baseURL: seat.baseURL, fetch })(seat.model),
      providerOptions: {
        google: defined({
          thinkingConfig:
            seat.params.thinkingBudget !== undefined || seat.params.includeThoughts !== undefined
              ? defined({
                  thinkingBudget: num(seat.params.thinkingBudget),
                  includeThoughts: seat.params.includeThoughts === true,
                })
              : undefined,
        }),
      },
    };
  },
  anthropic: async (seat, apiKey, fetch) => {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    return {
      model: createAnthropic({ apiKey, baseURL: seat.baseURL, fetch })(seat.model),
      providerOptions: {
        anthropic: defined({
          thinking:
            num(seat.params.thinkingBudget) !== undefined
              ? { type: 'enabled', budgetTokens: num(seat.params.thinkingBudget) }
              : undefined,
        }),
      },
    };
  },
  'openai-compatible': async (seat, apiKey, fetch) => {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    return {
      model: createOpenAICompatible({
        name: str(seat.params.providerName) ?? 'openai-compatible',
        baseURL: seat.baseURL ?? 'http://127.0.0.1:11434/v1',
        apiKey,
        fetch,
      })(seat.model),
      providerOptions: {},
    };
  },
};

export async function createProviderSetup(
  seat: Seat,
  apiKey: string | undefined,
  fetch?: typeof globalThis.fetch,
): Promise<ProviderSetup> {
  if (!isRealProvider(seat.provider)) throw new Error(`not a model provider: ${seat.provider}`);
  return FACTORIES[seat.provider](seat, apiKey, fetch);
}
