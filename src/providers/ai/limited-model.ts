/**
 * The rate-limit decorator: a turn of the wrapped model starts only once its limiters admit it,
 * each retry of it only once they let one more request through (`TurnRequest.paceRetry`), and
 * afterwards it corrects them by what it really used. Both waits are reported in
 * `waits.limiterMs`, apart from the provider's latency and from backoff.
 */
import type { Clock } from '../../clock.js';
import { type Model, ProviderError, type TurnRequest, type TurnResult } from '../../protocol/model.js';
import type { Grant, Limiter } from './limiter.js';

/**
 * Input tokens of a request before it is sent: about four characters a token over everything the
 * provider reads (messages, tool calls, tool schemas). The actual count corrects it afterwards.
 */
export function estimateInputTokens(req: TurnRequest): number {
  let chars = 0;
  for (const m of req.messages) {
    chars += m.content.length;
    if (m.role === 'assistant' && m.toolCalls) chars += JSON.stringify(m.toolCalls).length;
  }
  for (const t of req.tools)
    chars += t.name.length + t.description.length + JSON.stringify(t.parameters).length;
  return Math.ceil(chars / 4);
}

export class LimitedModel implements Model {
  readonly id: string;
  readonly clock: Model['clock'];
  private readonly inner: Model;
  private readonly limiters: Limiter[];

  constructor(inner: Model, limiters: Limiter[]) {
    this.inner = inner;
    this.limiters = limiters;
    this.id = inner.id;
    this.clock = inner.clock;
  }

  async turn(req: TurnRequest, clock: Clock): Promise<TurnResult> {
    const estimate = estimateInputTokens(req);
    const asked = clock.now();
    const grants: Grant[] = [];
    try {
      for (const l of this.limiters) grants.push(await l.acquire(clock, estimate, req.signal));
    } catch (err) {
      for (const g of grants) g.release({ requests: 0, input: 0, output: 0 });
      throw err;
    }
    const limiterMs = clock.now() - asked;
    // every retry is a request too: it waits for the same limiters (keeping this turn's slots)
    const paceRetry = async (c: Clock): Promise<void> => {
      for (const g of grants) await g.retry(c, req.signal);
    };
    let res: TurnResult;
    try {
      res = await this.inner.turn({ ...req, paceRetry }, clock);
    } catch (err) {
      // A failed turn still sent its attempts; its tokens are unknown, so the estimate stands.
      const requests = err instanceof ProviderError ? err.attempts : 1;
      for (const g of grants) g.release({ requests, input: estimate, output: 0 });
      if (err instanceof ProviderError)
        err.waits = {
          limiterMs: (err.waits?.limiterMs ?? 0) + limiterMs,
          backoffMs: err.waits?.backoffMs ?? 0,
        };
      throw err;
    }
    for (const g of grants)
      g.release({ requests: res.attempts, input: res.usage.input, output: res.usage.output });
    return {
      ...res,
      waits: { limiterMs: (res.waits?.limiterMs ?? 0) + limiterMs, backoffMs: res.waits?.backoffMs ?? 0 },
    };
  }
}
