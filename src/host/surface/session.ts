/**
 * One gated session at a surface: the host's session without a model. It keeps what the gates
 * read (the SessionView: the calls in flight, the required sources, `stopping`), the gate
 * instances behind the one composer (GateStack: the same gates, order and hook rules as a hosted
 * trial), and per call the decisions it caused. Calls arrive one by one; their waves are inferred
 * (waves.ts). Calls in flight (running, or deferred and waiting) are the context the fanout gate
 * counts: a deferred call waits until one finishes. There is no budget cap here (the agent's own
 * loop and the seat's timeout bound a served session), and no submission: the Theory is written
 * elsewhere, so no gate reads past calls and none are kept (a server runs for days).
 */
import type { ApiRequest, ApiResponse, Backend, GateDecision } from '../../backend/api.js';
import { partNeeds } from '../../evidence/index.js';
import type { Golden } from '../../formats/golden/index.js';
import type { SessionView, Stopping, Verdict } from '../gates/index.js';
import { type GateRecord, GateStack } from '../gates/index.js';
import { observe, settleCall } from '../observe.js';
import type { Source } from '../tools/index.js';
import { toolOutputOf } from '../tools/index.js';
import type { Budget, CallRecord, GateSetSpec } from '../types.js';
import { callRecordOf, SURFACE_NODE } from './record.js';
import { answered, canceled, refused } from './reply.js';
import { Waves } from './waves.js';

/** No cap at a surface: the budget gate's tool-call slice keeps every call. */
const UNBOUNDED: Budget = {
  turns: Number.POSITIVE_INFINITY,
  toolCalls: Number.POSITIVE_INFINITY,
  tokens: Number.POSITIVE_INFINITY,
  wallSeconds: Number.POSITIVE_INFINITY,
};

export interface SurfaceSessionOptions {
  golden: Golden;
  gateSet: GateSetSpec;
  /** Wall clock (ms), for `t()` and the decisions' `at`; default Date.now. */
  now?: () => number;
  /** The waves' windows (waves.ts); default SETTLE_MS, FRESH_MS. */
  settleMs?: number;
  freshMs?: number;
}

interface Waiter {
  call: CallRecord;
  wake: () => void;
}

export class SurfaceSession implements SessionView {
  readonly golden: Golden;
  readonly budget = UNBOUNDED;
  readonly required: Readonly<Record<'A' | 'B', ReadonlySet<Source>>>;
  readonly usage = { turns: 0, toolCalls: 0, tokens: { input: 0, output: 0 } };
  stopping: Stopping | undefined;
  readonly gates: GateStack;
  /** Steer and halt verdicts so far (the end event's counts). */
  readonly counts = { steers: 0, halts: 0 };
  /** Wall-clock ms of the last call (the idle TTL reads it). */
  lastUsed: number;
  private readonly now: () => number;
  private readonly t0: number;
  private readonly running: CallRecord[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly decisions = new Map<string, GateDecision[]>();
  private readonly waves: Waves;
  private seq = 0;

  constructor(opts: SurfaceSessionOptions) {
    this.golden = opts.golden;
    this.now = opts.now ?? Date.now;
    this.t0 = this.now();
    this.lastUsed = this.t0;
    this.waves = new Waves(this.now, opts.settleMs, opts.freshMs);
    this.required = { A: new Set(partNeeds(opts.golden, 'A')), B: new Set(partNeeds(opts.golden, 'B')) };
    this.gates = new GateStack(opts.gateSet.gates, opts.gateSet.settings, this, (e) => this.record(e));
  }

  /** The calls in flight (running, then waiting): all a surface's gates ever read. */
  get calls(): readonly CallRecord[] {
    return [...this.running, ...this.waiting.map((w) => w.call)];
  }

  /** A call is running or waiting: the session must not be dropped. */
  get busy(): boolean {
    return this.running.length + this.waiting.length > 0;
  }

  t(): number {
    return this.now() - this.t0;
  }

  private record(e: GateRecord): void {
    const { type: _type, ...d } = e;
    const id = e.callId ?? '';
    const list = this.decisions.get(id) ?? [];
    list.push({ ...d, at: this.now() });
    this.decisions.set(id, list);
  }

  private take(id: string): GateDecision[] {
    const list = this.decisions.get(id) ?? [];
    this.decisions.delete(id);
    return list;
  }

  /** The id a call is known by: the call-id layer's (`c7`) when there is one, else this session's. */
  private idOf(req: ApiRequest): string {
    return req.origin && /^c\d+$/.test(req.origin) ? req.origin : `c${++this.seq}`;
  }

  handle(req: ApiRequest, inner: Backend): Promise<ApiResponse> {
    this.lastUsed = this.now();
    const call = callRecordOf(req, this.idOf(req), this.waves.next(this.busy, req.connection));
    return this.serve(call, req, inner);
  }

  private async serve(call: CallRecord, req: ApiRequest, inner: Backend): Promise<ApiResponse> {
    const admitted = await this.admit(call, req);
    if (typeof admitted !== 'number') return admitted;
    const queuedMs = admitted;
    this.usage.toolCalls += 1;
    let res: ApiResponse;
    try {
      res = await inner.handle({ ...req, origin: call.id });
    } catch (e) {
      res = { status: 0, text: e instanceof Error ? e.message : String(e) };
    } finally {
      this.running.splice(this.running.indexOf(call), 1);
      this.waves.answered(call.wave, req.connection);
      this.wakeAll();
    }
    return this.answer(call, req, res, queuedMs);
  }

  /**
   * The ms it waited once the call may run (it is then running); else the answer it gets instead (a refusal, or its client
   * left while it waited). Its context is what is in flight before it: running calls, then the
   * deferred calls ahead of it, so a duplicate of a waiting call is refused and none jumps the queue.
   */
  private async admit(call: CallRecord, req: ApiRequest): Promise<ApiResponse | number> {
    let me: Waiter | undefined;
    const queuedAt = this.now();
    const leave = () => {
      if (me) this.waiting.splice(this.waiting.indexOf(me), 1);
    };
    for (;;) {
      // Halted: like the host's final turn, nothing reaches the gates or the backend any more.
      if (this.stopping) {
        leave();
        const message = `halted: submit your Theory now; this session stopped querying (${this.stopping.reason})`;
        return this.refuse(call, req, 'final_turn', message);
      }
      const ahead = me ? this.waiting.slice(0, this.waiting.indexOf(me)) : this.waiting;
      const r = this.gates.round([call], SURFACE_NODE, [...this.running, ...ahead.map((w) => w.call)]);
      const blocked = r.blocked[0];
      if (blocked || r.batch.length) leave();
      if (blocked) return this.refuse(call, req, 'blocked', blocked.verdict.message);
      if (r.batch.length) {
        // Running from this instant (not after an await): the next call counts it.
        this.running.push(call);
        return me ? this.now() - queuedAt : 0;
      }
      const woke = await new Promise<boolean>((resolve) => {
        const onAbort = () => resolve(false);
        const wake = () => {
          req.signal?.removeEventListener('abort', onAbort);
          resolve(true);
        };
        if (me) me.wake = wake;
        else this.waiting.push((me = { call, wake }));
        if (req.signal?.aborted) return resolve(false);
        req.signal?.addEventListener('abort', onAbort, { once: true });
      });
      if (!woke) {
        // Its client went away while it waited: it never runs, and the queue behind it moves.
        leave();
        this.wakeAll();
        Object.assign(call, { outcome: 'rejected', seen: 'rejected', ran: false });
        return canceled(req, call.id, call.wave, this.take(call.id));
      }
    }
  }

  private wakeAll(): void {
    for (const w of [...this.waiting]) w.wake();
  }

  private answer(call: CallRecord, req: ApiRequest, res: ApiResponse, queuedMs: number): ApiResponse {
    const out = toolOutputOf(req.api, res);
    const observed = observe(this.gates, call, out);
    const { shown, seenFingerprint } = observed;
    settleCall(call, out, observed);
    const verdicts = this.gates.afterResult(
      { call, outcome: shown.outcome, fingerprint: seenFingerprint },
      SURFACE_NODE,
    );
    for (const v of verdicts) this.apply(v);
    const decisions = this.take(call.id);
    return answered({ req, res, out, shown, call, verdicts, decisions, queuedMs });
  }

  /** As the host applies an observation verdict (wave.ts): count it; the first halt stops the session. */
  private apply(v: Verdict): void {
    if (v.decision === 'steer') this.counts.steers += 1;
    if (v.decision !== 'halt') return;
    this.counts.halts += 1;
    if (!this.stopping) this.stopping = { kind: 'halted', reason: v.reason, message: v.message };
  }

  private refuse(call: CallRecord, req: ApiRequest, type: 'blocked' | 'final_turn', message: string) {
    Object.assign(call, { outcome: 'rejected', seen: 'rejected', ran: false });
    return refused(req, call.id, call.wave, type, message, this.take(call.id));
  }
}
