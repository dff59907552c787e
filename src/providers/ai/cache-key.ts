/**
 * The turn cache's key: a SHA-256 of the normalized request a real seat would send. What decides the
 * answer goes in (provider, model, base URL, the seat's request settings, system and messages with
 * the provider state replayed in them, tools, tool choice, and the trial's golden, gate set and repetition); what only tunes how
 * the bench calls (timeouts, retries) and every secret stay out: the API key is never read here.
 */
import { createHash } from 'node:crypto';
import type { Seat } from '../../formats/seat.js';
import type { TurnRequest } from '../../protocol/model.js';

/** Bumped when the normalized form changes, so an old cache misses instead of answering wrongly. */
export const TURN_KEY_VERSION = 2;

/** Seat params that change how the bench calls, not what the provider is asked. */
const CALL_ONLY = new Set(['turnTimeoutSeconds', 'retryAttempts', 'retryBaseMs']);

/** A base URL without user or password: a proxy URL may carry credentials. */
export function baseUrlOf(seat: Pick<Seat, 'baseURL'>): string | null {
  if (!seat.baseURL) return null;
  try {
    const u = new URL(seat.baseURL);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return seat.baseURL;
  }
}

/**
 * The normalized request. `sample` is the trial's cell (`<golden>/<gate set>/<rep>`): the golden
 * because a golden and its twins (and goldens on one world) can open with the very same request
 * yet must each keep their own answers; repetitions ask the
 * same question on purpose (pass^k measures how answers vary), and the `none` and `all` trials of
 * a repetition often open with the same request; each trial keeps answers of its own, so a run
 * with the cache samples exactly as one without it, and concurrent trials never race for a key.
 * What is reused is the same cell of a later run (a rerun, the base and head of CI) asking the same.
 */
export function normalizedTurn(seat: Seat, req: TurnRequest, sample: string): unknown {
  const settings = askedSettings(seat.params);
  return {
    v: TURN_KEY_VERSION,
    provider: seat.provider,
    model: seat.model,
    baseURL: baseUrlOf(seat),
    settings,
    toolChoice: req.toolChoice ?? null,
    tools: req.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
    messages: req.messages,
    sample,
  };
}

/** The params that change what is asked (all but timeouts and retries). */
export function askedSettings(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !CALL_ONLY.has(k)));
}

/** JSON with object keys sorted at every depth, so equal requests give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}

export function turnKey(seat: Seat, req: TurnRequest, sample: string): string {
  return createHash('sha256')
    .update(canonicalJson(normalizedTurn(seat, req, sample)))
    .digest('hex');
}
