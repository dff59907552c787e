/**
 * Provider rate limits (docs/providers.md, "Rate limits"): what an account or a seat may send per
 * minute, and how many requests may be in flight. A seat's `limits` bound that seat alone; the
 * config's `limits`, by provider name, bound every seat on one account (key variable and API
 * host) together; two names on one account: each limit the stricter.
 */
import { z } from 'zod';
import { REAL_PROVIDERS } from './vocabulary.js';

export const RateLimits = z
  .object({
    requestsPerMinute: z.number().positive().optional(),
    inputTokensPerMinute: z.number().positive().optional(),
    outputTokensPerMinute: z.number().positive().optional(),
    /** Requests in flight at once. */
    concurrency: z.number().int().positive().optional(),
  })
  .strict();
export type RateLimits = z.infer<typeof RateLimits>;

/** The config's `limits:`, keyed by provider name (openai-chat, anthropic ...). */
export const ProviderLimits = z.partialRecord(z.enum(REAL_PROVIDERS), RateLimits);
export type ProviderLimits = z.infer<typeof ProviderLimits>;

/** A seat's `pricing`: USD per million tokens, and where and when the prices were read. */
export const Pricing = z
  .object({
    inputPerMTok: z.number().nonnegative(),
    outputPerMTok: z.number().nonnegative(),
    /** Where the prices come from (a price page's URL, a contract). */
    source: z.string().min(1).optional(),
    /** The day they were read, YYYY-MM-DD: prices change, and a scorecard says how old its are. */
    asOf: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD')
      .optional(),
  })
  .strict();
export type Pricing = z.infer<typeof Pricing>;
