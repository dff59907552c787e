/**
 * The rate limiters of one run, created by the executor and handed to every trial, so the whole
 * matrix shares them: one per provider key (provider, key variable, base URL) with the config's
 * limits for that provider, and one per seat that states `limits` of its own. A seat's turns pass
 * both (its own first: waiting there holds back only that seat). Without any limits the provider's
 * limiter still exists: a 429's Retry-After then pauses every seat on that key, not just one.
 */
import type { ProviderLimits } from '../../formats/rate-limits.js';
import type { Seat } from '../../formats/seat.js';
import { isRealProvider } from '../../formats/vocabulary.js';
import { Limiter } from './limiter.js';

export class RateLimiters {
  private readonly byKey = new Map<string, Limiter>();
  private readonly providers: ProviderLimits;

  constructor(providers: ProviderLimits = {}) {
    this.providers = providers;
  }

  /** The seat's limiters, narrowest first; the last is its provider key's (the one to pause). */
  forSeat(seat: Seat): Limiter[] {
    const name = seat.provider;
    if (!isRealProvider(name)) return [];
    // By the key variable's name, never its value: no key is kept anywhere it need not be.
    const provider = this.get(
      `${seat.provider} ${seat.auth?.apiKeyEnv ?? '-'} ${seat.baseURL ?? '-'}`,
      () => this.providers[name],
    );
    if (!seat.limits) return [provider];
    const own = this.get(`seat ${seat.file} ${seat.name}`, () => seat.limits);
    return [own, provider];
  }

  private get(key: string, limits: () => ConstructorParameters<typeof Limiter>[1]): Limiter {
    let l = this.byKey.get(key);
    if (!l) {
      l = new Limiter(key, limits());
      this.byKey.set(key, l);
    }
    return l;
  }
}
