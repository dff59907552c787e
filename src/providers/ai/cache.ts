/**
 * The turn cache as a `Model` decorator around a real seat (the registry applies it; sims never see
 * it). Each turn is keyed by its normalized request (cache-key.ts); a trial's own record, when
 * replaying one (`bench replay`), answers first, then the shared store (`read-write`, `only`). A hit
 * makes no provider call and comes back marked `replay` with the recorded latency; its tokens still
 * count in the conversation, and the host counts them apart as replayed. A miss under `only` is a
 * `ProviderError` naming the key: the trial is unscored, never a zero.
 *
 * Every turn, hit or miss, is appended to the trial's `turns.jsonl`, so any run can be replayed.
 * What the host gets back is the stored form read back (JSON, the seat's key masked), so a live
 * run and its replay see exactly the same turns.
 */
import type { Clock } from '../../clock.js';
import type { Seat } from '../../formats/seat.js';
import {
  type RecordedTurn,
  type StoredTurn,
  TURN_FORMAT,
  type TurnCacheSettings,
} from '../../formats/turn-cache.js';
import { type Model, ProviderError, type TurnRequest, type TurnResult } from '../../protocol/model.js';
import { turnKey } from './cache-key.js';
import { RecordedTurns, TurnRecorder, TurnStore } from './cache-store.js';

export interface TurnCacheOptions {
  /** Off when absent: only the trial's record is written. */
  settings?: TurnCacheSettings;
  /** The trial's record to append to (its folder's turns.jsonl). */
  recordTo?: string;
  /** The trial's cell, `<golden>/<gate set>/<rep>`, part of the key (cache-key.ts). */
  sample: string;
  /** The seat's API key, masked in what is stored (a model never sees it; this is a belt). */
  secret?: string;
}

export class CachingModel implements Model {
  readonly id: string;
  readonly clock = 'real' as const;
  private readonly store?: TurnStore;
  private readonly recorded?: RecordedTurns;
  private readonly recorder?: TurnRecorder;

  constructor(
    private readonly inner: Model,
    private readonly seat: Seat,
    private readonly opts: TurnCacheOptions,
  ) {
    this.id = inner.id;
    const s = opts.settings;
    if (s?.dir) this.store = new TurnStore(s.dir);
    if (s?.recorded) this.recorded = new RecordedTurns(s.recorded, s.onBadEntry);
    if (opts.recordTo) this.recorder = new TurnRecorder(opts.recordTo);
  }

  async turn(req: TurnRequest, clock: Clock): Promise<TurnResult> {
    const key = turnKey(this.seat, req, this.opts.sample);
    const started = clock.now();
    const hit: RecordedTurn | undefined = this.recorded?.take(key) ?? this.fromStore(key);
    if (hit) {
      this.recorder?.add(JSON.stringify(hit));
      if ('error' in hit) throw new ProviderError(hit.error.message, { status: hit.error.status });
      return {
        ...read(hit),
        latencyMs: clock.now() - started,
        attempts: 0,
        replay: { key, latencyMs: hit.latencyMs },
      };
    }
    if (this.opts.settings?.mode === 'only') throw new ProviderError(this.missing(key));
    let res: TurnResult;
    try {
      res = await this.inner.turn(req, clock);
    } catch (err) {
      if (err instanceof ProviderError && !req.signal?.aborted)
        this.recorder?.add(
          this.text({ format: TURN_FORMAT, key, error: { message: err.message, status: err.status } }),
        );
      throw err;
    }
    const { text, toolCalls, usage, providerState } = res;
    const stored: StoredTurn = {
      format: TURN_FORMAT,
      key,
      model: this.id,
      latencyMs: res.latencyMs,
      result: { text, toolCalls, usage, ...(providerState !== undefined ? { providerState } : {}) },
    };
    const json = this.text(stored);
    if (this.opts.settings?.mode === 'read-write') this.store?.put(stored, json);
    this.recorder?.add(json);
    // The live turn's rate-limiter and backoff waits are this run's, never stored (a replay waits for neither).
    return {
      ...read(JSON.parse(json) as StoredTurn),
      latencyMs: res.latencyMs,
      attempts: res.attempts,
      ...(res.waits ? { waits: res.waits } : {}),
    };
  }

  /**
   * The shared store's turn of `key`. A bad file (corrupt, of another shape or format) is never
   * replayed: the run is told (one warning; under cache-only it ends the run with exit 2 once it
   * is reported) and it is a miss, which `read-write` asks the provider for and writes again,
   * and cache-only fails the trial with, naming the file.
   */
  private fromStore(key: string): StoredTurn | undefined {
    const r = this.store?.get(key);
    if (r?.kind === 'hit') return r.entry;
    if (r?.kind !== 'bad') return undefined;
    this.opts.settings?.onBadEntry?.(r.file, r.problem);
    if (this.opts.settings?.mode === 'only')
      throw new ProviderError(
        `${this.id}: turn ${key}: the turn cache's ${r.file} is bad (${r.problem}); cache-only: no provider call is made`,
      );
    return undefined;
  }

  /** The stored text: JSON with the seat's key masked. */
  private text(turn: RecordedTurn): string {
    const json = JSON.stringify(turn);
    const key = this.opts.secret;
    return key && key.length >= 8 ? json.split(key).join('[redacted]') : json;
  }

  private missing(key: string): string {
    const where = [this.opts.settings?.recorded, this.store?.fileOf(key)].filter(Boolean).join(' or ');
    return `${this.id}: turn ${key} is not in the turn cache (cache-only: no provider call is made); looked in ${where}`;
  }
}

function read(t: StoredTurn): Omit<TurnResult, 'latencyMs' | 'attempts'> {
  return { ...t.result, toolCalls: t.result.toolCalls.map((c) => ({ ...c, args: c.args })) };
}
