/** Seat files (DESIGN §5.2): a configured agent. A seat names environment variables, never keys. */
import { z } from 'zod';
import { Pricing, RateLimits } from './rate-limits.js';
import {
  HOSTED_PROVIDERS,
  PROVIDERS,
  SANDBOX_NETWORKS,
  SANDBOX_SETTINGS,
  SHAPES,
  TREE_BUDGETS,
} from './vocabulary.js';

export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

export const Budget = z
  .object({
    turns: z.number().int().positive().default(40),
    toolCalls: z.number().int().positive().default(60),
    tokens: z.number().int().positive().default(400_000),
    wallSeconds: z.number().positive().default(600),
  })
  .strict();

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name');

/** Fields every seat may carry; `auth`, `env`, `pricing` and `limits` only warn where they do nothing. */
const common = {
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'seat names are lower-case, digits, . _ -'),
  description: z.string().optional(),
  model: z.string().default('sim'),
  shape: z.enum(SHAPES).default('react'),
  /** reactree: `split` gives each child an equal share of its parent's remaining budget (default shared). */
  treeBudget: z.enum(TREE_BUDGETS).optional(),
  params: z.record(z.string(), z.unknown()).default({}),
  budget: Budget.default({ turns: 40, toolCalls: 60, tokens: 400_000, wallSeconds: 600 }),
  auth: z
    .object({ apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name') })
    .strict()
    .optional(),
  pricing: Pricing.optional(),
  /** This seat's own rate limits, on top of its provider's in the config (formats/rate-limits.ts). */
  limits: RateLimits.optional(),
  timeoutSeconds: z.number().positive().optional(),
  /**
   * command seats: variables passed from the bench's environment to the agent beyond the
   * allowlist (docs/command-seats.md); their values are masked in everything the bench writes.
   */
  env: z.array(EnvName).optional(),
};

/** sim seats: the behaviour policy (DESIGN §9). */
const Policy = z.enum([
  'diligent',
  'tweaker',
  'early-closer',
  'catalog-leaner',
  'fanout',
  'reference',
  'plain',
]);
/** command seats: the external agent's argv. */
const Argv = z.array(z.string()).min(1);
/** command seats: the agent's sandbox (default auto). */
const Sandbox = z.enum(SANDBOX_SETTINGS);
/** command seats: what network a sandboxed agent has (default bench: the bench's ports only). */
const Network = z.enum(SANDBOX_NETWORKS);
/** openai-compatible seats: the server's base URL. */
const BaseURL = z.string().url();

/**
 * A field another provider uses: refused at its file:line:col. Typed `undefined` rather than left
 * out, so every seat still reads `seat.policy` (etc.) without narrowing first.
 */
const onlyFor = (field: string, seats: string) =>
  z.never({ error: `\`${field}\` is for ${seats} seats only` }).optional();

/**
 * A seat, by provider: each provider takes its own fields. Fields a provider NEEDS (a sim's
 * `policy`, a command's `command`, a hosted model's `auth` and `model`) are rules (rules/seat.ts),
 * reported at `provider` with the reason.
 */
export const SeatByProvider = z.discriminatedUnion('provider', [
  z
    .object({
      ...common,
      provider: z.literal('sim'),
      policy: Policy.optional(),
      command: onlyFor('command', 'command'),
      sandbox: onlyFor('sandbox', 'command'),
      network: onlyFor('network', 'command'),
      baseURL: onlyFor('baseURL', 'openai-compatible'),
    })
    .strict(),
  z
    .object({
      ...common,
      provider: z.literal('command'),
      command: Argv.optional(),
      sandbox: Sandbox.optional(),
      network: Network.optional(),
      policy: onlyFor('policy', 'sim'),
      baseURL: onlyFor('baseURL', 'openai-compatible'),
    })
    .strict(),
  z
    .object({
      ...common,
      provider: z.literal('openai-compatible'),
      baseURL: BaseURL.optional(),
      policy: onlyFor('policy', 'sim'),
      command: onlyFor('command', 'command'),
      sandbox: onlyFor('sandbox', 'command'),
      network: onlyFor('network', 'command'),
    })
    .strict(),
  z
    .object({
      ...common,
      provider: z.enum(HOSTED_PROVIDERS),
      policy: onlyFor('policy', 'sim'),
      command: onlyFor('command', 'command'),
      sandbox: onlyFor('sandbox', 'command'),
      network: onlyFor('network', 'command'),
      baseURL: onlyFor('baseURL', 'openai-compatible'),
    })
    .strict(),
]);

/**
 * Every seat field in one object: the type the bench reads a seat as (`seat.policy` is simply
 * undefined on a non-sim seat). Built from the same pieces as SeatByProvider, which the loader and
 * the JSON Schema use; a parsed SeatByProvider is always a SeatFile.
 */
export const SeatFile = z
  .object({
    ...common,
    provider: Provider,
    policy: Policy.optional(),
    command: Argv.optional(),
    sandbox: Sandbox.optional(),
    network: Network.optional(),
    baseURL: BaseURL.optional(),
  })
  .strict();
export type SeatFile = z.infer<typeof SeatFile>;

/** The environment variables a seat names: its key variable and its `env:` list (both masked). */
export function seatEnvNames(seat: Pick<SeatFile, 'auth' | 'env'>): string[] {
  return [...(seat.auth ? [seat.auth.apiKeyEnv] : []), ...(seat.env ?? [])];
}
export type Seat = SeatFile & { file: string };
