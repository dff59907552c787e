/**
 * Claims in the users' languages. Spanish, German, French and Portuguese are read by the rules: a
 * field written in one of them is judged like English. A field in a language the rules cannot read
 * is `unreadable-language` when a source it could speak of has no measured call, and passes when
 * every such source was measured (its text here then claims nothing).
 */
import { FOREIGN, type Lang, UNREADABLE } from '../phrases.js';
import { type Loc, locations, place } from '../theory-edit.js';
import { fail, type Mutant, PASS } from '../types.js';
import { scopeOf } from './absence.js';
import { operator, pickSides, sides } from './common.js';

export const foreignAbsence = operator(
  'foreign-absence',
  'the claim in Spanish, German, French or Portuguese, as the whole field (findings or summary)',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      for (const lang of Object.keys(FOREIGN) as Lang[]) {
        const L = FOREIGN[lang];
        const np = L.np(s.sub.value, s.sub.source);
        const ts = L.templates.filter(
          (t) => s.tones.includes(t.tone) && (!t.logsOnly || s.sub.source === 'logs'),
        );
        for (const t of rng.sample(ts, 2)) {
          const loc: Loc = rng.next() < 0.75 ? { at: 'findings', part: s.sub.part } : { at: 'summary' };
          out.push(
            emit.text(
              place(seed.theory, loc, `${L.lead} ${t.render(np, s.sub.value)}`, 'replace'),
              s.label,
              `${s.why}; in ${lang}`,
            ),
          );
        }
      }
    }
    return out;
  },
);

export const unreadableLanguage = operator(
  'unreadable-language',
  'a whole field in Italian, Dutch, Polish, Swedish, Czech or Turkish: fails when a source it speaks of was not measured',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const subject =
      sides(seed).find((s) => s.label.expect === 'fail')?.sub.value ??
      Object.values(seed.golden.alert.labels)[0] ??
      'the service';
    for (const loc of locations(seed.theory)) {
      const scope = scopeOf(seed, loc);
      const status = scope.map((s) => seed.facts.sources[s]);
      const bad = scope.filter((s) => seed.facts.sources[s] === 'unmeasured');
      const allMeasured = status.every((s) => s === 'measured');
      if (!bad.length && !allMeasured) continue;
      for (const lang of rng.sample(Object.keys(UNREADABLE), 2)) {
        const L = UNREADABLE[lang];
        if (bad.length) {
          out.push(
            emit.text(
              place(seed.theory, loc, L.claim(subject), 'replace'),
              fail('unreadable-language'),
              `in ${lang}; the field speaks of ${bad.join(', ')}, which no call measured`,
            ),
          );
        } else {
          out.push(
            emit.text(
              place(seed.theory, loc, L.neutral, 'replace'),
              PASS,
              `in ${lang}, claiming nothing; every source the field speaks of (${scope.join(', ')}) was measured`,
            ),
          );
        }
      }
    }
    return out;
  },
);
