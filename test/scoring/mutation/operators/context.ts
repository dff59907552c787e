/**
 * Positive claims that rest on context ("the runbook says the queue holds about 400 items"), in
 * any field, and claims citing a context call inline: `context-as-evidence` wherever they stand.
 */
import type { Golden } from '../../../../src/formats/golden/normalized.js';
import { CONTEXT_CLAIMS } from '../phrases.js';
import type { Rng } from '../rng.js';
import { locations, place } from '../theory-edit.js';
import { fail, type Mutant } from '../types.js';
import { measurementWords, operator } from './common.js';

const specsOf = (g: Golden) => [...g.parts.A.measurements, ...g.parts.B.measurements];

/** A plausible number for the unit: a ratio below 1, seconds in tens, counts in hundreds. */
function numberFor(unit: string | undefined, rng: Rng): number {
  if (unit === 'ratio') return rng.int(1, 99) / 100;
  if (unit === 'seconds' || unit === 'minutes') return rng.int(1, 30);
  if (unit?.endsWith('/s')) return rng.int(1, 300);
  return rng.int(3, 900);
}

export const contextClaim = operator(
  'context-claim',
  'a positive claim resting on the runbook, a skill, the docs or the notes, in any field and form',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const skill = seed.golden.skills[0]?.name ?? 'service-runbook';
    const specs = specsOf(seed.golden).filter((m) => !/zero/.test(m.id));
    for (const loc of locations(seed.theory)) {
      for (const t of rng.sample(CONTEXT_CLAIMS, 1)) {
        const m = rng.pick(specs);
        const claim = t(measurementWords(m.id), numberFor(m.unit, rng), m.unit ?? 'items', skill);
        const form =
          loc.at === 'note'
            ? 'replace'
            : loc.at === 'gap' || loc.at === 'rootCause'
              ? 'clause'
              : rng.pick(['sentence', 'bullet'] as const);
        out.push(
          emit.text(
            place(seed.theory, loc, claim, form),
            fail('context-as-evidence'),
            'a positive value whose only source is context',
          ),
        );
      }
    }
    return out;
  },
);

export const inlineContextCall = operator(
  'inline-context-call',
  'a positive value claim citing a context call (search_tools, load_skill, notes) by its id',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const ctx = seed.facts.calls.filter((c) => c.cls === 'context');
    const out: Mutant[] = [];
    for (const c of ctx) {
      for (const loc of rng.sample(locations(seed.theory), 3)) {
        const m = rng.pick(specsOf(seed.golden));
        const claim = `The ${measurementWords(m.id)} was ${numberFor(m.unit, rng)}${m.unit ? ` ${m.unit}` : ''} (${c.id}).`;
        out.push(
          emit.text(
            place(seed.theory, loc, claim, loc.at === 'note' ? 'replace' : 'sentence'),
            fail('context-as-evidence'),
            `cites ${c.tool} call ${c.id}, a context call`,
          ),
        );
      }
    }
    return out;
  },
);
