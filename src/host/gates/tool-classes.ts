/**
 * toolClasses: context tools never satisfy live evidence. A submission is blocked unless every
 * `resolved` part has an `ok` live observation of each source the part needs (the required-
 * completion set, fixed at session start) and every measurement cites at least one `ok` live call
 * of the measurement's source. "ok" is what the agent saw, like every gate.
 */
import type { Theory } from '../../spec/theory.js';
import { HOST_MARK } from '../protocol.js';
import type { Session } from '../session.js';
import type { Gate } from './types.js';

/** Problems that keep a Theory from counting as complete; empty when it may be accepted. */
export function evidenceProblems(theory: Theory, s: Session): string[] {
  const problems: string[] = [];
  const sourceOf = new Map<string, string>();
  for (const part of ['A', 'B'] as const) {
    for (const m of s.opts.golden.parts[part].measurements) sourceOf.set(m.id, m.source);
  }
  const liveOk = (id: string, source: string | undefined) => {
    const c = s.byId.get(id);
    return !!c && c.class === 'live' && c.seen === 'ok' && (source === undefined || c.source === source);
  };
  for (const part of ['A', 'B'] as const) {
    const p = theory.parts[part];
    if (p.status === 'resolved') {
      for (const source of s.required[part]) {
        if (!s.calls.some((c) => c.class === 'live' && c.source === source && c.seen === 'ok')) {
          problems.push(`Part ${part} is resolved, but no ${source} query returned data in this session`);
        }
      }
    }
    for (const m of p.measurements) {
      const source = sourceOf.get(m.id);
      if (!m.evidence.some((id) => liveOk(id, source))) {
        const cited = m.evidence.length ? m.evidence.join(', ') : 'nothing';
        problems.push(
          `Part ${part} measurement ${m.id}: evidence cites ${cited}, no ${source ?? 'live'} query call that returned data`,
        );
      }
    }
  }
  return problems;
}

export const toolClasses: Gate = {
  name: 'toolClasses',
  beforeSubmit(theory, ctx) {
    const problems = evidenceProblems(theory, ctx.session);
    if (!problems.length)
      return { decision: 'allow', reason: 'live evidence backs every resolved part and measurement' };
    return {
      decision: 'block',
      reason: problems.join('; '),
      message:
        `${HOST_MARK.incomplete} The Theory is not complete:\n- ${problems.join('\n- ')}\n` +
        'Context tools (search_tools, load_skill, notes, working_memory) are not evidence. Query the data, ' +
        'or declare the part undetermined and name the gaps (the failed query and its call id).',
    };
  },
};
