/**
 * One gated session at a surface: the host's session without a model. It keeps what the gates
 * read (the SessionView: the calls, the required sources, `stopping`), the gate instances behind
 * the one composer (GateStack: the same gates, order and hook rules as a hosted trial), and per
 * call the decisions it caused. Calls arrive one by one; their waves are inferred: a call belongs
 * to the current wave until an answer has gone back to the agent (copies of one failing query sent
 * together are one probe, as in the host). Calls in flight are the wave the fanout gate counts:
 * a deferred call waits until one finishes. There is no budget cap here (the agent's own loop and
 * the seat's timeout bound a served session), and no submission: the Theory is written elsewhere.
 */
import type { ApiRequest, ApiResponse, Backend, GateDecision } from '../../backend/api.js';
import { partNeeds, reachedBackend } from '../../evidence/index.js';
import type { Golden } from '../../formats/normalized.js';
import { singleValue } from '../call.js';
import { type GateRecord, GateStack } from '../gates/compose.js';
import type { Verdict } from '../gates/types.js';
import type { SessionView, Stopping } from '../gates/view.js';
import { observe } from '../observe.js';
import { toolOutputOf } from '../tools/call-backend.js';
import type { Source } from '../tools/types.js';
import type { Budget, CallRecord, GateSetSpec } from '../types.js';
import { callRecordOf, SURFACE_NODE } from './record.js';
import { answered, refused } from './reply.js';

/** No cap at a surface: the budget gate's tool-call slice keeps every call. */
const UNBOUNDED: Budget = {
  turns: Number.POSITIVE_INFINITY,
  toolCalls: Number.POSITIVE_INFINITY,
  tokens: Number.POSITIVE_INFINITY,
  wallSeconds: Number.POSITIVE_INFINITY,
};

const MAX_CALLS = 10_000;

export interface SurfaceSessionOptions {
  golden: Golden;
  gateSet: GateSetSpec;
  /** Wall clock (ms), for `t()` and the decisions' `at`; default Date.now. */
  now?: () => number;
}

export class SurfaceSession implements SessionView {
  readonly golden: Golden;
  readonly budget = UNBOUNDED;
  readonly calls: CallRecord[] = [];
  readonly required: Readonly<Record<'A' | 'B', ReadonlySet<Source>>>;
  readonly usage = { turns: 0, toolCalls: 0, tokens: { input: 0, output: 0 } };
  stopping: Stopping | undefined;
  readonly gates: GateStack;
  /** Steer and halt verdicts so far (the end event's counts). */
  readonly counts = { steers: 0, halts: 0 };
  private readonly now: () => number;
  private readonly t0: number;
  private readonly running: CallRecord[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly decisions = new Map<string, GateDecision[]>();
  private wave = 1;
  private answered = false;
  private seq = 0;

  constructor(opts: SurfaceSessionOptions) {
    this.golden = opts.golden;
    this.now = opts.now ?? Date.now;
    this.t0 = this.now();
    this.required = { A: new Set(partNeeds(opts.golden, 'A')), B: new Set(partNeeds(opts.golden, 'B')) };
    this.gates = new GateStack(opts.gateSet.gates, opts.gateSet.settings, this, (e) => this.record(e));
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

  async handle(req: ApiRequest, inner: Backend): Promise<ApiResponse> {
    if (this.answered) {
      this.wave += 1;
      this.answered = false;
    }
    const call = callRecordOf(req, this.idOf(req), this.wave);
    this.calls.push(call);
    // A server runs for days: keep the newest calls only (the surface's gates read none of them;
    // the view promises the calls so far, and a session this long is far past any ledger).
    if (this.calls.length > MAX_CALLS) this.calls.splice(0, this.calls.length - MAX_CALLS);
    try {
      return await this.serve(call, req, inner);
    } finally {
      this.answered = true;
    }
  }

  private async serve(call: CallRecord, req: ApiRequest, inner: Backend): Promise<ApiResponse> {
    // Halted: like the host's final turn, nothing reaches the gates or the backend any more.
    if (this.stopping) {
      const message = `halted: submit your Theory now; this session stopped querying (${this.stopping.reason})`;
      return this.refuse(call, req, 'final_turn', message);
    }
    for (;;) {
      const r = this.gates.round([call], SURFACE_NODE, this.running);
      const blocked = r.blocked[0];
      if (blocked) return this.refuse(call, req, 'blocked', blocked.verdict.message);
      if (r.batch.length) break;
      await new Promise<void>((wake) => this.waiting.push(wake));
      if (this.stopping) return this.serve(call, req, inner);
    }
    this.running.push(call);
    this.usage.toolCalls += 1;
    let res: ApiResponse;
    try {
      res = await inner.handle({ ...req, origin: call.id });
    } catch (e) {
      res = { status: 0, text: e instanceof Error ? e.message : String(e) };
    } finally {
      this.running.splice(this.running.indexOf(call), 1);
      for (const wake of this.waiting.splice(0)) wake();
    }
    return this.answer(call, req, res);
  }

  private answer(call: CallRecord, req: ApiRequest, res: ApiResponse): ApiResponse {
    const out = toolOutputOf(req.api, res);
    const { shown, fingerprint, seenFingerprint } = observe(this.gates, call, out);
    Object.assign(call, {
      ran: reachedBackend({ outcome: out.outcome, httpStatus: out.httpStatus }),
      value: out.outcome === 'ok' ? singleValue(out.data) : undefined,
      outcome: out.outcome,
      fingerprint,
      errorMessage: out.error?.message,
      seen: shown.outcome,
      seenFingerprint,
    });
    const verdicts = this.gates.afterResult(
      { call, outcome: shown.outcome, fingerprint: seenFingerprint },
      SURFACE_NODE,
    );
    for (const v of verdicts) this.apply(v);
    return answered({ req, res, out, shown, callId: call.id, verdicts, decisions: this.take(call.id) });
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
    return refused(req, call.id, type, message, this.take(call.id));
  }
}
