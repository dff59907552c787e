/**
 * The one composer: it holds a session's gate instances (created once per session, so a reactree
 * shares them), applies each hook's composition rule, and records every verdict a named gate
 * returns as a `gate` trace event. The host asks it; no other file loops over gates.
 *
 *   present       the first gate with a presenter renders the result (none: the host's raw view)
 *   beforeTurn    the budget cap (always on): a halt ends the session with stop `budget`
 *   beforeWave    per call the strongest verdict wins: block > defer > allow; a blocked call is
 *                 settled (later gates neither see nor count it); all-deferred runs the first anyway;
 *                 a call's defer is recorded once per gate, however many rounds it waits
 *   afterResult   every verdict is collected (steer / halt), in gate order
 *   beforeSubmit  in order; the first block stops the submission
 *   onBudget      in order; the first verdict decides
 */
import type { GateName, GateSettings } from '../../formats/config.js';
import type { GateEvent } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import type { ToolOutput } from '../tools/index.js';
import type { CallRecord, NodeInfo } from '../types.js';
import { budget, toolCallsLeft } from './budget.js';
import { FACTORIES, inOrder } from './order.js';
import type { GateInstance, SeenObservation, Shown, Verdict } from './types.js';
import type { SessionView } from './view.js';

export type GateRecord = Omit<GateEvent, 't'>;

const RANK = { allow: 0, steer: 0, halt: 0, defer: 1, block: 2 } as const;

/** One round of a wave: what runs now, what waits for the next round, what the host answers. */
export interface Round<C> {
  batch: C[];
  deferred: C[];
  blocked: { call: C; verdict: Extract<Verdict, { decision: 'block' }> }[];
  /** Calls past the tool-call budget: answered `budget`, never run. */
  overBudget: C[];
}

export class GateStack {
  private readonly active: readonly { name: GateName; gate: GateInstance }[];
  /** The budget cap: in every stack, named by no gate set. */
  private readonly cap: GateInstance;
  /** `gate\0callId` of defers already recorded: a call asked again (next round, a wake) is not re-recorded. */
  private readonly deferred = new Set<string>();

  constructor(
    names: readonly GateName[],
    settings: GateSettings,
    private readonly view: SessionView,
    private readonly emit: (e: GateRecord) => void,
  ) {
    this.active = inOrder(names).map((name) => ({ name, gate: FACTORIES[name](settings) }));
    this.cap = budget(settings);
  }

  has(name: GateName): boolean {
    return this.active.some((g) => g.name === name);
  }

  private record(
    gate: GateName,
    v: Verdict,
    extra: Omit<GateRecord, 'type' | 'gate' | 'decision' | 'reason'>,
  ) {
    this.emit({ type: 'gate', gate, decision: v.decision, reason: v.reason, ...extra });
  }

  present(call: Readonly<CallRecord>, out: ToolOutput): Shown | undefined {
    for (const { gate } of this.active) if (gate.present) return gate.present(call, out);
    return undefined;
  }

  /** The budget that ran out (the session must stop), or undefined. */
  beforeTurn(node: NodeInfo): string | undefined {
    const v = this.cap.beforeTurn?.({ view: this.view, node });
    return v?.decision === 'halt' ? v.reason : undefined;
  }

  /**
   * `running`: calls already admitted and still in flight (a gated surface, where calls arrive one
   * by one): the gates see them first, as earlier calls of the same wave, but their verdicts are
   * neither recorded nor returned, and a deferred call waits for them instead of running anyway.
   * The host passes none.
   */
  round<C extends Readonly<CallRecord>>(
    pending: readonly C[],
    node: NodeInfo,
    running: readonly Readonly<CallRecord>[] = [],
  ): Round<C> {
    const ctx = { view: this.view, node };
    const decided: (Verdict | undefined)[] = pending.map(() => undefined);
    const skip = running.length;
    for (const { name, gate } of this.active) {
      if (!gate.beforeWave) continue;
      const open = pending.flatMap((_, i) => (decided[i]?.decision === 'block' ? [] : [i]));
      const vs = gate.beforeWave([...running, ...open.map((i) => pending[i])], ctx).slice(skip);
      vs.forEach((v, j) => {
        const i = open[j];
        if (!v || i === undefined) return;
        const key = `${name}\u0000${pending[i].id}`;
        if (v.decision !== 'defer' || !this.deferred.has(key)) {
          this.record(name, v, { callId: pending[i].id, node: node.id });
        }
        if (v.decision === 'defer') this.deferred.add(key);
        else this.deferred.delete(key);
        const was = decided[i];
        if (!was || RANK[v.decision] > RANK[was.decision]) decided[i] = v;
      });
    }
    const out: Round<C> = { batch: [], deferred: [], blocked: [], overBudget: [] };
    pending.forEach((call, i) => {
      const v = decided[i];
      if (v?.decision === 'block') out.blocked.push({ call, verdict: v });
      else if (v?.decision === 'defer') out.deferred.push(call);
      else out.batch.push(call);
    });
    // A gate that defers everything must not stall the wave: run the first deferred call.
    const first = out.deferred.shift();
    if (!out.batch.length && !skip && first) out.batch.push(first);
    else if (first) out.deferred.unshift(first);
    // Settled calls (run now, or blocked) will not be asked again: forget their defers.
    for (const c of [...out.batch, ...out.blocked.map((b) => b.call)]) {
      for (const { name } of this.active) this.deferred.delete(`${name}\u0000${c.id}`);
    }
    const left = toolCallsLeft(this.view);
    out.overBudget = out.batch.slice(left);
    out.batch = out.batch.slice(0, left);
    return out;
  }

  afterResult(obs: SeenObservation, node: NodeInfo): Verdict[] {
    const ctx = { view: this.view, node };
    const verdicts: Verdict[] = [];
    for (const { name, gate } of this.active) {
      const v = gate.afterResult?.(obs, ctx);
      if (!v) continue;
      this.record(name, v, { callId: obs.call.id, node: node.id, fingerprint: obs.fingerprint });
      verdicts.push(v);
    }
    return verdicts;
  }

  /** The verdict that blocks the submission, or undefined when it may be accepted. */
  beforeSubmit(
    theory: Theory,
    callId: string,
    node: NodeInfo,
  ): Extract<Verdict, { decision: 'block' }> | undefined {
    const ctx = { view: this.view, node };
    for (const { name, gate } of this.active) {
      const v = gate.beforeSubmit?.(theory, ctx);
      if (!v) continue;
      this.record(name, v, { callId, node: node.id });
      if (v.decision === 'block') return v;
    }
    return undefined;
  }

  onBudget(exceeded: string, node: NodeInfo): Verdict | undefined {
    const ctx = { view: this.view, node };
    for (const { name, gate } of this.active) {
      const v = gate.onBudget?.(exceeded, ctx);
      if (!v) continue;
      this.record(name, v, { node: node.id });
      return v;
    }
    return undefined;
  }

  /** The sets the instances keep (the ledger's gain-exhausted routes), for SessionResult.sets. */
  gainExhausted(): string[] {
    return this.active.flatMap(({ gate }) => gate.sets?.().gainExhausted ?? []);
  }
}
