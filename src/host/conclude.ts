/**
 * How a session ends once its root node returns. A submitted Theory ends it. A ledger halt gives
 * the root one final turn with only submit_theory; a spent budget does the same when the
 * budgetFindings gate says so, and otherwise simply stops with no Theory. A final-turn Theory the
 * gates block is repaired (assemble.ts); no Theory at all → the host assembles one.
 */

import type { StopReason } from '../formats/run/index.js';
import type { Theory } from '../formats/theory.js';
import type { Message } from '../protocol/model.js';
import { assembleTheory, repairTheory } from './assemble.js';
import type { NodeEnd } from './loop.js';
import type { Session } from './session.js';
import { schemaOf, TOOLS } from './tools/index.js';
import type { NodeInfo, TheorySource } from './types.js';
import { runWave } from './wave.js';

export interface Concluded {
  theory: Theory | null;
  source: TheorySource | null;
  stop: StopReason;
}

async function finalTurn(
  s: Session,
  node: NodeInfo,
  messages: Message[],
): Promise<{ theory?: Theory; repaired?: Theory }> {
  const turn = await s.modelTurn(node, messages, [schemaOf(TOOLS.submit_theory)], { tool: 'submit_theory' });
  messages.push({
    role: 'assistant',
    content: turn.text,
    toolCalls: turn.toolCalls,
    providerState: turn.providerState,
  });
  if (!turn.toolCalls.length) return {};
  const w = await runWave(s, node, turn.toolCalls, { offered: ['submit_theory'], finalTurn: true });
  messages.push(...w.toolMessages);
  if (w.submitted) return { theory: w.submitted };
  if (w.blockedTheory) return { repaired: repairTheory(s, w.blockedTheory.theory) };
  return {};
}

function done(s: Session, theory: Theory | null, source: TheorySource | null, stop: StopReason): Concluded {
  if (theory && source) s.emit({ type: 'theory', source, theory });
  return { theory, source, stop };
}

export async function conclude(
  s: Session,
  root: NodeInfo,
  messages: Message[],
  end: NodeEnd,
): Promise<Concluded> {
  if (end.kind === 'submitted') return done(s, end.theory, 'submitted', 'submitted');
  const stopping = s.stopping ?? { kind: 'halted' as const, reason: 'the root node ended without a Theory' };
  const stop: StopReason = stopping.kind === 'budget' ? 'budget' : 'halted';
  let message = stopping.message;
  if (stopping.kind === 'budget') {
    const v = s.gates.onBudget(stopping.reason, root);
    if (v?.decision === 'halt') message = v.message;
    if (!message) return done(s, null, null, 'budget');
  }
  if (message) messages.push({ role: 'user', content: message });
  const last = message ? await finalTurn(s, root, messages) : {};
  if (last.theory) return done(s, last.theory, stop === 'budget' ? 'budget-request' : 'submitted', stop);
  if (last.repaired) return done(s, last.repaired, 'assembled', stop);
  return done(s, assembleTheory(s, stopping.reason), 'assembled', stop);
}
