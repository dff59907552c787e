/**
 * Small building blocks of sim turns: one wave, submit, finish a node, and `lockstep`, which runs
 * several part workers side by side so their calls share waves (independent queries go out
 * together, as a careful agent would send them).
 */

import type { Theory } from '../../formats/theory.js';
import { TOOL } from '../../protocol/tools.js';
import type { Observation } from './observe.js';
import type { Feedback, PlannedCall, Step, Turns } from './types.js';

/** A planned call after the driver gave it an id. */
export type IssuedCall = PlannedCall & { id?: string };

export function* wave(text: string, calls: PlannedCall[]): Turns<Feedback> {
  return yield { text, calls };
}

export function submitStep(theory: Theory, text = 'Submitting the Theory.'): Step {
  return { text, calls: [{ name: TOOL.submitTheory, args: { theory } }] };
}

export function finishStep(success: boolean, summary: string): Step {
  return {
    text: `Finishing this node: ${summary}`,
    calls: [{ name: TOOL.finishNode, args: { success, summary } }],
  };
}

/** The observations that answer `calls`, by id when the host kept the ids, else by position. */
export function answersFor(calls: IssuedCall[], fb: Feedback, offset = 0): Observation[] {
  const byId = new Map(fb.obs.map((o) => [o.msgId, o]));
  if (calls.every((c) => c.id && byId.has(c.id))) return calls.map((c) => byId.get(c.id!)!);
  return calls.map((_, i) => fb.obs[offset + i]).filter((o): o is Observation => o !== undefined);
}

/**
 * Run generators concurrently, one merged wave per turn. Each worker gets back only the results of
 * its own calls (host notes go to all). Finishes when every worker has.
 */
export function* lockstep(workers: Turns<void>[]): Turns<void> {
  type Live = { gen: Turns<void>; step: Step };
  let live: Live[] = [];
  for (const gen of workers) {
    const r = gen.next(undefined as unknown as Feedback);
    if (!r.done) live.push({ gen, step: r.value });
  }
  while (live.length) {
    const calls = live.flatMap((l) => l.step.calls);
    const fb = yield { text: live.map((l) => l.step.text).join(' '), calls };
    const next: Live[] = [];
    let offset = 0;
    for (const l of live) {
      const mine = answersFor(l.step.calls as IssuedCall[], fb, offset);
      offset += l.step.calls.length;
      const r = l.gen.next({ obs: mine, host: fb.host });
      if (!r.done) next.push({ gen: l.gen, step: r.value });
    }
    live = next;
  }
}
