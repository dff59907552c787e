/**
 * toolClasses: context tools never satisfy live evidence. A submission is blocked unless every
 * `resolved` part has an `ok` live observation of each source the part needs (the required-
 * completion set, fixed at session start), every measurement cites at least one `ok` live call
 * of the measurement's source, and every `undetermined` part names a live query of its source that
 * failed or came back empty. "ok" is what the agent saw, like every gate.
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
  const failedLive = (source: string) =>
    s.calls.filter(
      (c) => c.class === 'live' && c.source === source && c.seen !== undefined && c.seen !== 'ok',
    );
  for (const part of ['A', 'B'] as const) {
    const p = theory.parts[part];
    if (p.status === 'undetermined') {
      // An Undetermined part is honest only when it names what failed (DESIGN §11): a gap citing a
      // live call of the part's source that failed or came back empty in this session.
      for (const source of s.required[part]) {
        const failed = failedLive(source);
        const named = p.gaps.some((g) =>
          failed.some(
            (c) =>
              c.id === g.callId || (g.failedQuery !== undefined && g.failedQuery.trim() === c.query?.trim()),
          ),
        );
        if (!named) {
          problems.push(
            failed.length
              ? `Part ${part} is undetermined, but no gap names a ${source} query that failed (cite its call id, e.g. ${failed[0].id})`
              : `Part ${part} is undetermined, but no ${source} query was tried in this session: query it before declaring it unknown`,
          );
        }
      }
    }
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
