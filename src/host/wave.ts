/**
 * One wave: the tool calls of one model turn. Calls get ids (`c1`, `c2` ... in issue order) and
 * `tool_call` events; the gates plan the wave in rounds (allowed calls run concurrently as one
 * batch, deferred calls go to the next round, blocked calls are answered by the host); control
 * calls (submit_theory, expand, finish_node) run after the batches, in issue order. Tool messages
 * come back in issue order whatever order results arrived in.
 */

import type { Theory } from '../formats/theory.js';
import type { Message, ToolCall } from '../protocol/model.js';
import type { Envelope } from '../protocol/observation.js';
import type { ToolName } from '../protocol/tools.js';
import { controlResult, hostResult, runCall } from './call.js';
import type { Verdict } from './gates/index.js';
import { poolOf } from './gates/index.js';
import type { Session } from './session.js';
import type { ToolOutput } from './tools/index.js';
import { checkControl, FinishArgs, isToolName, SubmitArgs, TOOLS } from './tools/index.js';
import type { CallRecord, NodeInfo } from './types.js';

export interface WaveOptions {
  offered: readonly ToolName[];
  /** Final (halt/budget) turn: only submit_theory runs. */
  finalTurn?: boolean;
  /** reactree: runs an `expand` call (its subtree) and returns the parent's tool result. */
  expand?(call: CallRecord): Promise<ToolOutput>;
}

export interface WaveResult {
  toolMessages: Message[];
  /** HOST_MARK user messages to append after the tool messages (steer, incomplete). */
  hostMessages: string[];
  submitted?: Theory;
  /** A valid Theory the gates blocked (the final turn repairs it instead of asking again). */
  blockedTheory?: { theory: Theory; verdict: Verdict };
  finished?: { success: boolean; summary: string };
}

function register(s: Session, node: NodeInfo, tc: ToolCall, wave: number): CallRecord {
  const def = isToolName(tc.name) ? TOOLS[tc.name] : undefined;
  const call: CallRecord = {
    id: s.nextCallId(),
    tool: tc.name,
    class: def?.class ?? 'control',
    node: node.id,
    wave,
    args: tc.args,
    source: def?.source?.(tc.args),
    query: def?.query?.(tc.args),
  };
  s.calls.push(call);
  s.byId.set(call.id, call);
  s.emit({
    type: 'tool_call',
    id: call.id,
    tool: call.tool,
    args: call.args,
    wave,
    class: call.class,
    node: node.id,
    source: call.source,
    query: call.query,
  });
  return call;
}

export async function runWave(
  s: Session,
  node: NodeInfo,
  toolCalls: readonly ToolCall[],
  opts: WaveOptions,
): Promise<WaveResult> {
  s.usage.waves += 1;
  const wave = s.usage.waves;
  const calls = toolCalls.map((tc) => register(s, node, tc, wave));
  const envelopes = new Map<string, Envelope>();
  const result: WaveResult = { toolMessages: [], hostMessages: [] };
  const runnable: CallRecord[] = [];
  const control: CallRecord[] = [];

  calls.forEach((call, i) => {
    const tc = toolCalls[i];
    if (!isToolName(call.tool) || !opts.offered.includes(call.tool)) {
      envelopes.set(call.id, hostResult(s, call, 'unknown_tool', `no tool "${call.tool}" here`));
    } else if (opts.finalTurn && call.tool !== 'submit_theory') {
      envelopes.set(call.id, hostResult(s, call, 'final_turn', 'only submit_theory is allowed now'));
    } else if (tc.argsError) {
      envelopes.set(call.id, hostResult(s, call, 'bad_args', `malformed JSON arguments: ${tc.argsError}`));
    } else if (call.class === 'control') control.push(call);
    else runnable.push(call);
  });

  await runBatches(s, node, runnable, envelopes, result);
  for (const call of control) envelopes.set(call.id, await runControl(s, node, call, opts, result));

  calls.forEach((call, i) => {
    const env = envelopes.get(call.id) ?? hostResult(s, call, 'internal', 'no result');
    result.toolMessages.push({
      role: 'tool',
      toolCallId: toolCalls[i].id,
      toolName: call.tool,
      content: JSON.stringify(env),
    });
  });
  return result;
}

async function runBatches(
  s: Session,
  node: NodeInfo,
  runnable: CallRecord[],
  envelopes: Map<string, Envelope>,
  result: WaveResult,
): Promise<void> {
  let pending = runnable;
  while (pending.length) {
    const { batch: runNow, deferred, blocked, overBudget } = s.gates.round(pending, node);
    for (const { call, verdict } of blocked)
      envelopes.set(call.id, hostResult(s, call, 'blocked', verdict.message));
    for (const call of overBudget) {
      envelopes.set(call.id, hostResult(s, call, 'budget', 'the tool-call budget is spent'));
    }
    noteFanout(s, runNow);
    const done = await Promise.all(
      runNow.map((call) => runCall(s, node, call, TOOLS[call.tool as ToolName])),
    );
    done.forEach((d, i) => {
      envelopes.set(runNow[i].id, d.envelope);
      for (const v of d.verdicts) applyObservationVerdict(s, v, result);
    });
    pending = deferred;
  }
}

function noteFanout(s: Session, batch: readonly CallRecord[]): void {
  const groups = new Map<string, number>();
  for (const c of batch) {
    const pool = poolOf(c);
    if (!pool) continue;
    const k = `${c.tool}@${pool}`;
    groups.set(k, (groups.get(k) ?? 0) + 1);
  }
  for (const n of groups.values()) s.usage.maxFanout = Math.max(s.usage.maxFanout, n);
}

function applyObservationVerdict(s: Session, v: Verdict, result: WaveResult): void {
  if (v.decision === 'steer') {
    s.counts.steers += 1;
    result.hostMessages.push(v.message);
  } else if (v.decision === 'halt') {
    s.counts.halts += 1;
    if (!s.stopping) s.stopping = { kind: 'halted', reason: v.reason, message: v.message };
  }
}

async function runControl(
  s: Session,
  node: NodeInfo,
  call: CallRecord,
  opts: WaveOptions,
  result: WaveResult,
): Promise<Envelope> {
  const checked = checkControl(call.tool as 'submit_theory' | 'expand' | 'finish_node', call.args);
  if (checked.outcome !== 'ok') return controlResult(s, call, checked);
  if (call.tool === 'finish_node') {
    if (result.finished) return hostResult(s, call, 'duplicate', 'this node already finished');
    result.finished = FinishArgs.parse(call.args);
    return controlResult(s, call, { outcome: 'ok', n: 1, data: { finished: true } });
  }
  if (call.tool === 'expand') {
    if (!opts.expand) return hostResult(s, call, 'unknown_tool', 'expand is not available here');
    const started = s.t();
    const out = await opts.expand(call);
    // The subtree's wall time is the latency of the parent's expand call.
    return controlResult(s, call, out, s.t() - started);
  }
  if (result.submitted) return hostResult(s, call, 'duplicate', 'a Theory was already accepted');
  const theory = SubmitArgs.parse(call.args).theory;
  const v = s.gates.beforeSubmit(theory, call.id, node);
  if (v) {
    result.blockedTheory = { theory, verdict: v };
    if (!opts.finalTurn) result.hostMessages.push(v.message);
    return hostResult(s, call, 'incomplete', v.message);
  }
  result.submitted = theory;
  return controlResult(s, call, { outcome: 'ok', n: 1, data: { accepted: true } });
}
