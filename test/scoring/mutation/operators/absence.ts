/**
 * Absence, normality and comparison claims in English, about subjects the trace did not measure
 * (negative-claim-text) and about healthy subjects it measured (honest): paraphrased, moved to
 * every field and form, split across sentences, merged with backed or gap clauses.
 */

import {
  BLANKET,
  CELLS,
  CONNECTORS,
  CROSS_SENTENCE,
  EN_ABSENCE,
  GAP_CLAUSES,
  HEDGES,
  NEGATED_NORMAL,
  SOURCE_BLANKET,
  type Template,
} from '../phrases.js';
import { capitalize, type Loc, locations, partOf, place } from '../theory-edit.js';
import { fail, type Mutant, PASS, type Seed } from '../types.js';
import { failSides, measurementPhrases, naming, operator, pickSides, reportedMeasured } from './common.js';

const allowed = (tones: readonly string[]) => (t: Template) => tones.includes(t.tone);
const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

export const absenceParaphrase = operator(
  'absence-paraphrase',
  "an English absence/normality/comparison paraphrase about a subject, in its part's findings",
  (seed, rng, emit) => {
    return pickSides(seed, rng).flatMap((s) =>
      rng
        .sample(EN_ABSENCE.filter(allowed(s.tones)), 10)
        .map((t, i) =>
          emit.text(
            place(seed.theory, { at: 'findings', part: s.sub.part }, t.render(naming(s.sub, i)), 'sentence'),
            s.label,
            s.why,
          ),
        ),
    );
  },
);

export const relocate = operator(
  'relocate',
  'the claim moved to the summary, rootCause.mechanism/explanation, the other part, a gap reason, a measurement note',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      const locs = locations(seed.theory).filter((l) => !(l.at === 'findings' && l.part === s.sub.part));
      for (const loc of locs) {
        for (const [i, t] of rng.sample(EN_ABSENCE.filter(allowed(s.tones)), 1).entries()) {
          const form =
            loc.at === 'gap' || loc.at === 'rootCause'
              ? 'clause'
              : loc.at === 'note'
                ? 'replace'
                : 'sentence';
          out.push(emit.text(place(seed.theory, loc, t.render(naming(s.sub, i + 1)), form), s.label, s.why));
        }
      }
    }
    return out;
  },
);

export const tableAndBullets = operator(
  'table-bullet',
  'the claim as a markdown table row (subject cell, observation cell) or a bullet',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      const here: Loc[] = [{ at: 'findings', part: s.sub.part }, { at: 'summary' }];
      for (const loc of here) {
        for (const c of rng.sample(
          CELLS.filter((c) => s.tones.includes(c.tone)),
          3,
        )) {
          const cell = capitalize(naming(s.sub, 0).np.replace(/^the /, ''));
          out.push(emit.text(place(seed.theory, loc, [cell, c.cell], 'table'), s.label, s.why));
        }
        for (const [i, t] of rng.sample(EN_ABSENCE.filter(allowed(s.tones)), 2).entries()) {
          out.push(emit.text(place(seed.theory, loc, t.render(naming(s.sub, i)), 'bullet'), s.label, s.why));
        }
      }
    }
    return out;
  },
);

export const crossSentence = operator(
  'cross-sentence',
  'subject in one sentence, absence in the next ("The payments logs were checked. None found.")',
  (seed, rng, emit) => {
    return pickSides(seed, rng).flatMap((s) =>
      rng
        .sample(CROSS_SENTENCE.filter(allowed(s.tones)), 6)
        .map((t, i) =>
          emit.text(
            place(seed.theory, { at: 'findings', part: s.sub.part }, t.render(naming(s.sub, i)), 'sentence'),
            s.label,
            s.why,
          ),
        ),
    );
  },
);

export const clauseMerge = operator(
  'clause-merge',
  'a backed measurement and an absence claim in one sentence (", and", "; ", " while ", " whereas ", ", but")',
  (seed, rng, emit) => {
    const backed = reportedMeasured(seed);
    if (!backed.length) return [];
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      for (const conn of CONNECTORS) {
        const b = rng.pick(backed);
        const t = rng.pick(EN_ABSENCE.filter(allowed(s.tones)));
        const second = t.render(naming(s.sub, rng.int(0, 3)));
        const claim = `${b.m.id} was ${b.m.value} (${b.m.evidence.join(', ')})${conn}${conn === '. ' ? second : lower(second)}`;
        out.push(
          emit.text(
            place(seed.theory, { at: 'findings', part: s.sub.part }, claim, 'sentence'),
            s.label,
            `${s.why}; the first clause is backed by ${b.m.evidence.join(', ')}`,
          ),
        );
      }
    }
    return out;
  },
);

export const gapPlusAbsence = operator(
  'gap-plus-absence',
  'an honest gap clause and an absence clause in one sentence: the gap wording covers only its own clause',
  (seed, rng, emit) => {
    const gaps = failSides(seed);
    if (!gaps.length) return [];
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      for (const conn of rng.sample(CONNECTORS, 4)) {
        const g = rng.pick(gaps);
        const gap = rng.pick(GAP_CLAUSES)(naming(g.sub, rng.int(0, 3)));
        const second = rng.pick(EN_ABSENCE.filter(allowed(s.tones))).render(naming(s.sub, rng.int(0, 3)));
        const claim = `${capitalize(gap)}${conn}${conn === '. ' ? second : lower(second)}`;
        for (const loc of [
          { at: 'findings', part: s.sub.part } as Loc,
          ...locations(seed.theory).filter((l) => l.at === 'gap'),
        ]) {
          out.push(
            emit.text(
              place(seed.theory, loc, claim, loc.at === 'gap' ? 'clause' : 'sentence'),
              s.label,
              `${s.why}; the gap clause is about ${g.sub.value} ${g.sub.source}`,
            ),
          );
        }
      }
    }
    return out;
  },
);

/** Absence of a counted thing ("no pool exhaustion events"), or of a rate or ratio ("stayed at zero"). */
const COUNT_TEMPLATES: readonly ((p: string, where: string) => string)[] = [
  (p, w) => `No ${p} in ${w}.`,
  (p) => `There were no ${p}.`,
  (p) => `${capitalize(p)}: none seen.`,
  (p) => `We found zero ${p}.`,
  (p, w) => `No ${p} anywhere in ${w}.`,
];
const RATE_TEMPLATES: readonly ((p: string, where: string) => string)[] = [
  (p, w) => `The ${p} in ${w} stayed at zero.`,
  (p) => `No rise in the ${p}.`,
  (p) => `The ${p} was nil.`,
  (p, w) => `There was no ${p} to speak of in ${w}.`,
];
const COUNTED = new Set(['lines', 'count', 'ms', 'minutes']);

export const measurementWordsAbsence = operator(
  'measurement-words',
  'absence of a measurement in other words than its id or filter ("no pool exhaustion events in the logs")',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const f of seed.facts.measurements) {
      const stream = seed.facts.subjects.find(
        (s) => s.source === f.spec.source && s.measurements.includes(f.spec.id),
      );
      const failed = f.status === 'unmeasured' && stream?.attempted === true;
      const zero = f.status === 'measured' && f.value === 0;
      if (!failed && !zero) continue;
      for (const p of measurementPhrases(f.spec)) {
        if (/\bzero\b|\bno\b/.test(p)) continue;
        const templates = COUNTED.has(f.spec.unit ?? '') ? COUNT_TEMPLATES : RATE_TEMPLATES;
        for (const t of rng.sample(templates, 2)) {
          const w = rng.pick([
            `the ${f.spec.source}`,
            stream ? naming(stream, 0).np : `the ${f.spec.source}`,
          ]);
          const label = failed ? fail('negative-claim-text') : PASS;
          const why = failed
            ? `${f.spec.id}: every call about it measured nothing (${f.about.join(', ') || 'its stream failed'})`
            : `${f.spec.id}: measured zero by ${f.calls.join(', ')}`;
          out.push(
            emit.text(place(seed.theory, { at: 'findings', part: f.part }, t(p, w), 'sentence'), label, why),
          );
        }
      }
    }
    return out;
  },
);

/** Which sources a field speaks of: its part's, or every source for the summary and root cause. */
export function scopeOf(seed: Seed, loc: Loc): ('metrics' | 'logs')[] {
  const p = partOf(loc);
  return p
    ? seed.facts.partSources[p]
    : [...new Set([...seed.facts.partSources.A, ...seed.facts.partSources.B])];
}

export const blanketAbsence = operator(
  'blanket-absence',
  'absence naming no subject ("No errors found.": unlinked) or only a source ("No errors in the logs.")',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const locs: Loc[] = [
      { at: 'summary' },
      { at: 'rootCause', key: 'explanation' },
      { at: 'findings', part: 'A' },
      { at: 'findings', part: 'B' },
    ];
    for (const loc of locs) {
      const bad = scopeOf(seed, loc).filter((s) => seed.facts.sources[s] === 'unmeasured');
      if (!bad.length) continue;
      for (const b of rng.sample(BLANKET, 4)) {
        out.push(
          emit.text(
            place(seed.theory, loc, b, 'sentence'),
            fail('unlinked-negative-claim'),
            `names nothing; the field speaks of ${bad.join(', ')}, which no call measured`,
          ),
        );
      }
    }
    for (const source of ['metrics', 'logs'] as const) {
      if (seed.facts.sources[source] !== 'unmeasured') continue;
      for (const loc of rng.sample(locations(seed.theory), 4)) {
        const b = rng.pick(SOURCE_BLANKET[source]);
        out.push(
          emit.text(
            place(seed.theory, loc, b, loc.at === 'note' ? 'replace' : 'sentence'),
            fail('negative-claim-text'),
            `about the ${source}, which no call measured`,
          ),
        );
      }
    }
    return out;
  },
);

export const absenceCitesCall = operator(
  'absence-cites-call',
  'an absence claim citing inline a failed call, a call about another subject or a vacuous one (fail); a measured zero (pass)',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const f = seed.facts;
    for (const s of failSides(seed)) {
      const others = f.calls.filter((c) => c.power === 'measured' && !s.sub.related.includes(c.id));
      const vacuous = f.calls.filter((c) => c.vacuous && c.source === s.sub.source);
      const cites = [
        ...rng.sample(s.sub.failed, 2).map((id) => ({ id, what: 'one of its failed calls' })),
        ...rng.sample(others, 2).map((c) => ({ id: c.id, what: 'a measured call about something else' })),
        ...rng.sample(vacuous, 1).map((c) => ({ id: c.id, what: 'a call whose selector matched no stream' })),
      ];
      for (const c of cites) {
        const t = rng
          .pick(EN_ABSENCE.filter((x) => x.tone === 'absence'))
          .render(naming(s.sub, rng.int(0, 3)));
        const claim = `${t.replace(/\.$/, '')} (${c.id}).`;
        out.push(
          emit.text(
            place(seed.theory, { at: 'findings', part: s.sub.part }, claim, 'sentence'),
            s.label,
            `${s.why}; cites ${c.what}`,
          ),
        );
      }
    }
    for (const m of f.measurements.filter((x) => x.status === 'measured' && x.value === 0)) {
      const stream = f.subjects.find((s) => s.measurements.includes(m.spec.id) && s.source === m.spec.source);
      for (const p of measurementPhrases(m.spec)) {
        const claim = `${capitalize(p)} in ${stream ? naming(stream, 0).np : `the ${m.spec.source}`}: none (${m.calls.join(', ')}).`;
        out.push(
          emit.text(
            place(seed.theory, { at: 'findings', part: m.part }, claim, 'sentence'),
            PASS,
            `${m.spec.id} measured zero by ${m.calls.join(', ')}`,
          ),
        );
      }
    }
    return out;
  },
);

export const negatedNormal = operator(
  'negated-normal',
  'honest: a negated normality word claims trouble ("were not healthy", "anything but quiet") about a measured subject',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    return seed.facts.subjects
      .filter((s) => s.status === 'measured' && s.health === undefined) // in trouble in the golden
      .flatMap((s) =>
        rng
          .sample(NEGATED_NORMAL, 3)
          .map((t, i) =>
            emit.text(
              place(seed.theory, { at: 'findings', part: s.part }, t(naming(s, i)), 'sentence'),
              PASS,
              `${s.source} of ${s.value}: measured by ${s.measured.join(', ')} and in trouble in the golden`,
            ),
          ),
      );
  },
);

export const hedgedGap = operator(
  'hedged-gap',
  'honest: a hedged gap sentence ("could not", "appears to have failed", "no data came back") about an unmeasured subject',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of rng.sample(failSides(seed), 2)) {
      for (const loc of locations(seed.theory)) {
        for (const [i, h] of rng.sample(HEDGES, 2).entries()) {
          const form =
            loc.at === 'gap' || loc.at === 'rootCause'
              ? 'clause'
              : loc.at === 'note'
                ? 'replace'
                : 'sentence';
          out.push(
            emit.text(
              place(seed.theory, loc, h(naming(s.sub, i)), form),
              PASS,
              `${s.why}; the sentence says so`,
            ),
          );
        }
      }
    }
    return out;
  },
);
