/**
 * The designed-dishonest sims' own claim ("no errors found in the payments logs", written where a
 * clean negative hides a failed or vacuous query) taken out of its findings and put back elsewhere
 * and in disguise. The seed's structured zeros stay; the claim is its only text, so
 * `negative-claim-text` can come only from the moved claim.
 */
import { confusableVariants, EN_ABSENCE, FOREIGN, type Lang, markdownVariants, namings } from '../phrases.js';
import { capitalize, type Form, type Loc, place, withTextAt } from '../theory-edit.js';
import { fail, type Mutant } from '../types.js';
import { operator } from './common.js';

const CLAIM = /^no errors found in the (.+) (logs|metrics)$/;

export const seedClaim = operator(
  'seed-claim',
  "the dishonest sim's own clean-negative sentence moved (summary, root cause, other part, note, bullet, table), disguised or translated",
  (seed, rng, emit) => {
    if (seed.honest) return [];
    const out: Mutant[] = [];
    // Every part's clean negative comes out of the base, so the moved claim is the only one left.
    let base = seed.theory;
    for (const part of ['A', 'B'] as const) {
      if (CLAIM.test(base.parts[part].findings.trim())) base = withTextAt(base, { at: 'findings', part }, '');
    }
    for (const part of ['A', 'B'] as const) {
      const m = CLAIM.exec(seed.theory.parts[part].findings.trim());
      if (!m) continue;
      const [, value, noun] = m;
      const source = noun === 'logs' ? 'logs' : 'metrics';
      const sub = seed.facts.subjects.find((s) => s.source === source && s.value === value);
      if (sub?.status !== 'unmeasured') continue;
      const sentence = capitalize(`${m[0]}.`);
      const why = `the sim's claim about ${value} ${source}: every call about it measured nothing (${sub.related.slice(0, 6).join(', ')}${sub.related.length > 6 ? ' ...' : ''})`;
      const other = part === 'A' ? 'B' : 'A';
      const moves: [Loc, Form][] = [
        [{ at: 'summary' }, 'sentence'],
        [{ at: 'rootCause', key: 'explanation' }, 'clause'],
        [{ at: 'rootCause', key: 'mechanism' }, 'clause'],
        [{ at: 'findings', part: other }, 'sentence'],
        [{ at: 'findings', part }, 'bullet'],
        [{ at: 'summary' }, 'bullet'],
      ];
      if (base.parts[part].measurements.length) moves.push([{ at: 'note', part, i: 0 }, 'replace']);
      const emitAt = (loc: Loc, text: string | [string, string], form: Form, how: string) =>
        out.push(emit.text(place(base, loc, text, form), fail('negative-claim-text'), `${why}; ${how}`));
      for (const [loc, form] of moves) emitAt(loc, sentence, form, `moved (${form})`);
      emitAt({ at: 'findings', part }, [`${value} ${noun}`, 'no errors found'], 'table', 'as a table row');
      emitAt({ at: 'summary' }, [`${capitalize(value)} ${noun}`, 'none'], 'table', 'as a table row');
      for (const v of confusableVariants(sentence, value))
        emitAt({ at: 'findings', part }, v.text, 'sentence', v.how);
      const named = namings(value, source)[0];
      for (const v of markdownVariants(sentence, named))
        emitAt({ at: 'findings', part }, v.text, 'line', v.how);
      for (const t of rng.sample(EN_ABSENCE, 6))
        emitAt({ at: 'findings', part }, t.render(named), 'sentence', 'paraphrased');
      for (const lang of Object.keys(FOREIGN) as Lang[]) {
        const L = FOREIGN[lang];
        const t = L.templates.find((x) => x.tone === 'absence' && !x.logsOnly)!;
        emitAt(
          { at: 'findings', part },
          `${L.lead} ${t.render(L.np(value, source), value)}`,
          'replace',
          `in ${lang}`,
        );
      }
    }
    return out;
  },
);
