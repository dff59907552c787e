/**
 * The rate limiters of one run, created by the executor and handed to every trial, so the whole
 * matrix shares them: one per account, that is per key variable and API host (openai-chat and
 * openai-responses seats on one OPENAI_API_KEY share one account's limit), with the config's
 * limits for the provider names seen on it (two names on one account: each limit the stricter),
 * and one per seat that states `limits` of its own. A seat's turns pass both (its own first:
 * waiting there holds back only that seat). Without any limits the account's limiter still
 * exists: a 429's Retry-After then pauses every seat on that key, not just one.
 */
import type { ProviderLimits } from '../../formats/rate-limits.js';
import type { Seat } from '../../formats/seat.js';
import { isRealProvider, type RealProvider } from '../../formats/vocabulary.js';
import { Limiter } from './limiter.js';

/** Where each provider's SDK sends requests when the seat names no `baseURL`. */
const DEFAULT_HOSTS: Record<RealProvider, string> = {
  'openai-responses': 'api.openai.com',
  'openai-chat': 'api.openai.com',
  xai: 'api.x.ai',
  gemini: 'generativelanguage.googleapis.com',
  anthropic: 'api.anthropic.com',
  'openai-compatible': '127.0.0.1:11434',
};

function hostOf(seat: Seat, provider: RealProvider): string {
  if (!seat.baseURL) return DEFAULT_HOSTS[provider];
  try {
    return new URL(seat.baseURL).host;
  } catch {
    return seat.baseURL;
  }
}

export class RateLimiters {
  private readonly byKey = new Map<string, Limiter>();
  /** Per account limiter: the provider names whose config limits it already holds. */
  private readonly applied = new Map<Limiter, Set<string>>();
  private readonly providers: ProviderLimits;

  constructor(providers: ProviderLimits = {}) {
    this.providers = providers;
  }

  /** The seat's limiters, narrowest first; the last is its account's (the one to pause). */
  forSeat(seat: Seat): Limiter[] {
    const name = seat.provider;
    if (!isRealProvider(name)) return [];
    // By the key variable's name, never its value: no key is kept anywhere it need not be.
    const account = this.get(`${seat.auth?.apiKeyEnv ?? '-'} ${hostOf(seat, name)}`);
    const names = this.applied.get(account) ?? new Set<string>();
    this.applied.set(account, names);
    if (!names.has(name)) {
      names.add(name);
      account.tighten(this.providers[name] ?? {});
    }
    if (!seat.limits) return [account];
    const own = this.get(`seat ${seat.file} ${seat.name}`);
    if (!this.applied.has(own)) {
      this.applied.set(own, new Set());
      own.tighten(seat.limits);
    }
    return [own, account];
  }

  private get(key: string): Limiter {
    let l = this.byKey.get(key);
    if (!l) {
      l = new Limiter(key);
      this.byKey.set(key, l);
    }
    return l;
  }
}
