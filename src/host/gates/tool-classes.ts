/**
 * toolClasses: context tools never satisfy live evidence. A submission is refused while its
 * citations have any problem evidence/ finds (evidence/citations.ts, the same list the scorer
 * fails on): a cited id not in this session, a context tool or label listing cited as evidence, a
 * measurement without an ok live call of its source, a `resolved` part whose cited calls hold no
 * ok live call of a source it needs, an `undetermined` part that names no query of its sources
 * that gave nothing. "ok" is what the agent saw, like every gate.
 */
import { type CitationProblem, citations } from '../../evidence/index.js';
import type { Theory } from '../../formats/theory.js';
import { HOST_MARK } from '../../protocol/markers.js';
import { sessionEvidence } from '../evidence.js';
import type { GateFactory } from './types.js';
import type { SessionView } from './view.js';

function say(p: CitationProblem): string | undefined {
  switch (p.kind) {
    case 'fabricated':
      return `Part ${p.part}${p.measurement ? ` ${p.measurement}` : ''}: call ${p.callId} does not exist in this session`;
    case 'context':
      return `Part ${p.part} measurement ${p.measurement}: cites ${p.tool} (${p.callId}), which is context, not evidence`;
    case 'no-ok-live': {
      const cited = p.cited.length ? p.cited.join(', ') : 'nothing';
      return `Part ${p.part} measurement ${p.measurement}: evidence cites ${cited}, no ${p.source ?? 'live'} query call that returned data`;
    }
    case 'all-failed':
      return undefined; // said by no-ok-live
    // What a cited call showed is the scorer's judgement (the session keeps no values to check).
    case 'mismatched':
    case 'unmeasured-zero':
      return undefined;
    case 'resolved-unbacked':
      return `Part ${p.part} is resolved, but among the calls it cites no ${p.sources.join('/')} query returned data`;
    case 'undetermined-unnamed':
      return p.tried.length
        ? `Part ${p.part} is undetermined, but no gap names a ${p.sources.join('/')} query that failed (cite its call id, e.g. ${p.tried[0]})`
        : `Part ${p.part} is undetermined, but no ${p.sources.join('/')} query was tried in this session: query it before declaring it unknown`;
  }
}

/** Problems that keep a Theory from counting as complete; empty when it may be accepted. */
export function evidenceProblems(theory: Theory, s: SessionView): string[] {
  return citations(s.golden, theory, sessionEvidence(s))
    .map(say)
    .filter((x) => x !== undefined);
}

/** Stateless: everything it judges is in the session's calls. */
export const toolClasses: GateFactory = () => ({
  beforeSubmit(theory, { view }) {
    const problems = evidenceProblems(theory, view);
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
});
