/**
 * Seat → AI SDK language model and per-provider options. One entry per provider; the `Record`
 * makes a missing provider a compile error. Keys come from the environment variable the seat names.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { createXai } from '@ai-sdk/xai';
import type { Seat } from '../../formats/seat.js';
import { isRealProvider, type RealProvider } from '../../formats/vocabulary.js';

export type { RealProvider } from '../../formats/vocabulary.js';
export { isRealProvider };

export interface ProviderSetup {
  model: LanguageModelV3;
  providerOptions: SharedV3ProviderOptions;
}

type Factory = (seat: Seat, apiKey: string | undefined, fetch?: typeof globalThis.fetch) => ProviderSetup;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Only defined values: providers reject `null` options. */
function defined(o: Record<string, unknown>): Record<string, never> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, never>;
}

const FACTORIES: Record<RealProvider, Factory> = {
  'openai-responses': (seat, apiKey, fetch) => ({
    model: createOpenAI({ apiKey, baseURL: seat.baseURL, fetch }).responses(seat.model),
    providerOptions: {
      openai: defined({
        reasoningEffort: str(seat.params.reasoningEffort),
        reasoningSummary: str(seat.params.reasoningSummary),
      }),
    },
  }),
  'openai-chat': (seat, apiKey, fetch) => ({
    model: createOpenAI({ apiKey, baseURL: seat.baseURL, fetch }).chat(seat.model),
    providerOptions: { openai: defined({ reasoningEffort: str(seat.params.reasoningEffort) }) },
  }),
  xai: (seat, apiKey, fetch) => ({
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
  }),
  gemini: (seat, apiKey, fetch) => ({
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
  }),
  anthropic: (seat, apiKey, fetch) => ({
    model: createAnthropic({ apiKey, baseURL: seat.baseURL, fetch })(seat.model),
    providerOptions: {
      anthropic: defined({
        thinking:
          num(seat.params.thinkingBudget) !== undefined
            ? { type: 'enabled', budgetTokens: num(seat.params.thinkingBudget) }
            : undefined,
      }),
    },
  }),
  'openai-compatible': (seat, apiKey, fetch) => ({
    model: createOpenAICompatible({
      name: str(seat.params.providerName) ?? 'openai-compatible',
      baseURL: seat.baseURL ?? 'http://127.0.0.1:11434/v1',
      apiKey,
      fetch,
    })(seat.model),
    providerOptions: {},
  }),
};

export function createProviderSetup(
  seat: Seat,
  apiKey: string | undefined,
  fetch?: typeof globalThis.fetch,
): ProviderSetup {
  if (!isRealProvider(seat.provider)) throw new Error(`not a model provider: ${seat.provider}`);
  return FACTORIES[seat.provider](seat, apiKey, fetch);
}
