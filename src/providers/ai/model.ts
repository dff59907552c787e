/**
 * A real model seat: one `turn` is one AI SDK `generateText` step with the host's tools declared
 * but not executed (the host executes them, under its gates). Usage, latency and attempts are
 * reported per turn; failures that survive retries become a `ProviderError` (the trial is then
 * unscored) whose text has the key redacted. The AI SDK is imported at the first turn (factory.ts
 * says why).
 */
import { APICallError } from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import type { Clock } from '../../clock.js';
import type { Seat } from '../../formats/seat.js';
import {
  type Model,
  ProviderError,
  type TurnRequest,
  type TurnResult,
  type Usage,
} from '../../protocol/model.js';
import { createProviderSetup } from './factory.js';
import { fromSdkToolCalls, toModelMessages } from './messages.js';
import { redact } from './redact.js';
import {
  type Classified,
  DEFAULT_RETRY,
  isRetryableStatus,
  type RetryHooks,
  type RetryPolicy,
  withRetries,
} from './retry.js';

export interface AiModelOptions {
  /** Test hook (msw works without it; this allows a custom fetch). */
  fetch?: typeof globalThis.fetch;
  retry?: RetryPolicy;
  /** Per-attempt timeout, ms (default: seat.params.turnTimeoutSeconds or 120 s). */
  turnTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Told of every 429 / Retry-After (the shared rate limiter pauses the provider). */
  onRateLimit?: RetryHooks['onRateLimit'];
}

export class AiSdkModel implements Model {
  readonly id: string;
  readonly clock = 'real' as const;
  private readonly seat: Seat;
  private readonly apiKey: string | undefined;
  private readonly opts: AiModelOptions;

  constructor(seat: Seat, opts: AiModelOptions = {}) {
    this.seat = seat;
    this.opts = opts;
    this.id = `${seat.provider}/${seat.model}`;
    const env = opts.env ?? process.env;
    this.apiKey = seat.auth ? env[seat.auth.apiKeyEnv] : undefined;
  }

  async turn(req: TurnRequest, clock: Clock): Promise<TurnResult> {
    let setup: Awaited<ReturnType<typeof createProviderSetup>>;
    try {
      setup = await createProviderSetup(this.seat, this.apiKey, this.opts.fetch);
    } catch (err) {
      throw this.providerError(err);
    }
    const { model, providerOptions } = setup;
    const { generateText, jsonSchema, tool } = await import('ai');
    const { system, messages } = toModelMessages(req.messages);
    const tools: ToolSet = {};
    for (const t of req.tools)
      tools[t.name] = tool({ description: t.description, inputSchema: jsonSchema(t.parameters) });
    const toolChoice =
      req.toolChoice === undefined || typeof req.toolChoice === 'string'
        ? req.toolChoice
        : { type: 'tool' as const, toolName: req.toolChoice.tool };
    const timeoutMs = this.opts.turnTimeoutMs ?? Number(this.seat.params.turnTimeoutSeconds ?? 120) * 1000;
    const started = clock.now();
    try {
      const {
        value: res,
        attempts,
        backoffMs,
        limiterMs,
      } = await withRetries(
        clock,
        this.opts.retry ?? retryPolicyOf(this.seat),
        () =>
          generateText({
            model,
            system: system || undefined,
            messages,
            tools,
            toolChoice,
            providerOptions,
            maxRetries: 0,
            abortSignal: anySignal(req.signal, AbortSignal.timeout(timeoutMs)),
            temperature:
              typeof this.seat.params.temperature === 'number' ? this.seat.params.temperature : undefined,
          }),
        // A trial that is being cancelled (stall guard, Ctrl-C) is not retried: only our own
        // per-attempt timeout is.
        (err) => (req.signal?.aborted ? { retryable: false } : classifyError(err)),
        {
          onRateLimit: this.opts.onRateLimit,
          signal: req.signal,
          ...(req.paceRetry ? { beforeRetry: () => req.paceRetry!(clock) } : {}),
        },
      );
      return {
        text: res.text,
        toolCalls: fromSdkToolCalls(res.toolCalls),
        usage: toUsage(res.usage),
        // the provider's time: backoff and the limiter's pace between attempts are reported apart
        latencyMs: clock.now() - started - backoffMs - limiterMs,
        attempts,
        waits: { limiterMs, backoffMs },
        providerState: { responseMessages: res.response.messages },
      };
    } catch (err) {
      throw this.providerError(err);
    }
  }

  private providerError(err: unknown): ProviderError {
    const status = APICallError.isInstance(err) ? err.statusCode : undefined;
    const attempts = (err as { attempts?: number }).attempts ?? 1;
    // Redact before truncating: a cut through the key would leave a fragment no pattern matches.
    const secrets = [this.apiKey];
    const body =
      APICallError.isInstance(err) && err.responseBody
        ? `: ${redact(err.responseBody, secrets).slice(0, 500)}`
        : '';
    const base = redact(err instanceof Error ? err.message : String(err), secrets);
    const text = `${this.id}: ${base}${body} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`;
    const { backoffMs = 0, limiterMs = 0 } = err as { backoffMs?: number; limiterMs?: number };
    return new ProviderError(text, {
      status,
      retryable: isRetryableStatus(status),
      attempts,
      waits: { limiterMs, backoffMs },
    });
  }
}

/** Seat params may tune retries (`retryAttempts`, `retryBaseMs`), e.g. for local servers. */
function retryPolicyOf(seat: Seat): RetryPolicy {
  const attempts = seat.params.retryAttempts;
  const baseMs = seat.params.retryBaseMs;
  return {
    ...DEFAULT_RETRY,
    attempts: typeof attempts === 'number' && attempts >= 1 ? attempts : DEFAULT_RETRY.attempts,
    baseMs: typeof baseMs === 'number' && baseMs >= 0 ? baseMs : DEFAULT_RETRY.baseMs,
  };
}

function classifyError(err: unknown): Classified {
  if (APICallError.isInstance(err)) {
    return {
      retryable: isRetryableStatus(err.statusCode),
      retryAfter: err.responseHeaders?.['retry-after'],
      rateLimited: err.statusCode === 429,
    };
  }
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return { retryable: true };
  // A bare fetch failure is the network; any other TypeError is a response we cannot read, and
  // asking again would not help.
  if (err instanceof TypeError && /^(fetch failed|failed to fetch)$/i.test(err.message))
    return { retryable: true };
  return { retryable: false };
}

interface SdkUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  outputTokenDetails?: { reasoningTokens: number | undefined };
}

function toUsage(u: SdkUsage): Usage {
  return {
    input: u.inputTokens ?? 0,
    output: u.outputTokens ?? 0,
    reasoning: u.outputTokenDetails?.reasoningTokens ?? 0,
    raw: u,
  };
}

function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
  return AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
}

/** Cost of a usage at the seat's prices (USD); undefined without pricing. */
export function costUsd(seat: Seat, usage: Usage): number | undefined {
  if (!seat.pricing) return undefined;
  return (usage.input * seat.pricing.inputPerMTok + usage.output * seat.pricing.outputPerMTok) / 1_000_000;
}
