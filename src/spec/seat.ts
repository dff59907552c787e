/** Seat files (DESIGN §5.2): a configured agent. A seat names environment variables, never keys. */
import { z } from 'zod';
import { PROVIDERS, SHAPES } from './vocabulary.js';

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

export const SeatFile = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'seat names are lower-case, digits, . _ -'),
    description: z.string().optional(),
    provider: Provider,
    model: z.string().default('sim'),
    shape: z.enum(SHAPES).default('react'),
    params: z.record(z.string(), z.unknown()).default({}),
    budget: Budget.default({ turns: 40, toolCalls: 60, tokens: 400_000, wallSeconds: 600 }),
    auth: z
      .object({ apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name') })
      .strict()
      .optional(),
    baseURL: z.string().url().optional(),
    pricing: z
      .object({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() })
      .strict()
      .optional(),
    /** sim seats: the behaviour policy (DESIGN §9). */
    policy: z
      .enum(['diligent', 'tweaker', 'early-closer', 'catalog-leaner', 'fanout', 'reference'])
      .optional(),
    /** command seats: the external agent's argv. */
    command: z.array(z.string()).min(1).optional(),
    timeoutSeconds: z.number().positive().optional(),
    /**
     * command seats: variables passed from the bench's environment to the agent beyond the
     * allowlist (docs/command-seats.md); their values are masked in everything the bench writes.
     */
    env: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')).optional(),
  })
  .strict();

export type SeatFile = z.infer<typeof SeatFile>;

/** The environment variables a seat names: its key variable and its `env:` list (both masked). */
export function seatEnvNames(seat: Pick<SeatFile, 'auth' | 'env'>): string[] {
  return [...(seat.auth ? [seat.auth.apiKeyEnv] : []), ...(seat.env ?? [])];
}
export interface Seat extends SeatFile {
  file: string;
}
