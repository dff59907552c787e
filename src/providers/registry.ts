/**
 * Seat → Model. Sim seats get their policy (virtual clock, seeded by the trial); real providers get
 * the AI SDK adapter when their key variable is set and a one-line skip when it is not; command
 * seats are not Models: they run outside the host (src/external/, which execute/trial.ts dispatches
 * to), so they are skipped here with the reason. Every real seat is wrapped in the turn cache's
 * decorator (ai/cache.ts): it records the trial's turns, and replays them when a cache is on. Given
 * the run's rate limiters, the model inside the cache is wrapped in the limiter decorator
 * (ai/limited-model.ts), so a replayed turn never waits for the limiter, and its 429s pause its
 * provider's limiter.
 */
import { InputError } from '../errors.js';
import type { Golden } from '../formats/golden/index.js';
import type { Seat } from '../formats/seat.js';
import type { Model } from '../protocol/model.js';
import {
  AiSdkModel,
  CachingModel,
  isRealProvider,
  LimitedModel,
  type RateLimiters,
  type TurnCacheOptions,
} from './ai/index.js';
import { POLICIES, SimModel } from './sim/index.js';

export type Skip = { skip: string };

/** What the run shares between its trials' models: a real seat's turn cache and record, the rate limiters. */
export type ModelContext = Omit<TurnCacheOptions, 'secret'> & {
  /** The run's rate limiters (execute/ makes one set per run); absent: no limiting. */
  limiters?: RateLimiters;
};

type Factory = (
  seat: Seat,
  golden: Golden,
  seed: number,
  env: NodeJS.ProcessEnv,
  ctx: ModelContext,
) => Model | Skip;

const real: Factory = (seat, _golden, _seed, env, ctx) => {
  const key = seat.auth ? env[seat.auth.apiKeyEnv] : undefined;
  // cache-only never calls the provider, so it needs no key (bench replay runs offline)
  if (seat.auth && !key && ctx.settings?.mode !== 'only') {
    return { skip: `seat ${seat.name}: ${seat.auth.apiKeyEnv} is not set; skipped` };
  }
  const { limiters: run, ...cache } = ctx;
  const limiters = run?.forSeat(seat) ?? [];
  const provider = limiters.at(-1);
  const model = new AiSdkModel(seat, {
    env,
    ...(provider ? { onRateLimit: (ms, clock) => provider.pause(ms, clock) } : {}),
  });
  const paced = limiters.length ? new LimitedModel(model, limiters) : model;
  return new CachingModel(paced, seat, { ...cache, secret: key });
};

const REGISTRY: Record<Seat['provider'], Factory> = {
  sim: (seat, golden, seed) => {
    if (!seat.policy) {
      throw new InputError(`seat ${seat.name}: a sim seat needs a policy`, [
        {
          file: seat.file,
          path: 'policy',
          message: `one of ${Object.keys(POLICIES).join(', ')}`,
          severity: 'error',
        },
      ]);
    }
    return new SimModel(POLICIES[seat.policy], golden, seat, seed);
  },
  command: (seat) => ({
    skip: `seat ${seat.name}: command seats run outside the host (bench run drives them); skipped here`,
  }),
  'openai-responses': real,
  'openai-chat': real,
  xai: real,
  gemini: real,
  anthropic: real,
  'openai-compatible': real,
};

export function createModel(
  seat: Seat,
  golden: Golden,
  seed: number,
  env: NodeJS.ProcessEnv = process.env,
  ctx: ModelContext = { sample: 'trial' },
): Model | Skip {
  if (!isRealProvider(seat.provider) && !(seat.provider in REGISTRY)) {
    throw new InputError(`seat ${seat.name}: provider ${seat.provider} not implemented yet`);
  }
  return REGISTRY[seat.provider](seat, golden, seed, env, ctx);
}

export function isSkip(m: Model | Skip): m is Skip {
  return 'skip' in m;
}
