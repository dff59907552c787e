/**
 * The same claims in disguise: lookalike letters and fullwidth forms (read through NFKC and a
 * confusables skeleton), markdown around the words, and zero written in every form.
 */
import {
  confusableVariants,
  EN_ABSENCE,
  markdownVariants,
  NUMBER_TEMPLATES,
  ZERO_FORMS,
} from '../phrases.js';
import { place } from '../theory-edit.js';
import { fail, type Mutant, PASS } from '../types.js';
import { measurementPhrases, naming, operator, pickSides } from './common.js';

export const confusables = operator(
  'confusables',
  'lookalike letters in the claim: Greek omicron "Nο", Cyrillic а/е/о/р/с in the word or the subject, fullwidth forms',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      for (const [i, t] of rng
        .sample(
          EN_ABSENCE.filter((x) => s.tones.includes(x.tone)),
          2,
        )
        .entries()) {
        const named = naming(s.sub, i);
        for (const v of confusableVariants(t.render(named), s.sub.value)) {
          out.push(
            emit.text(
              place(seed.theory, { at: 'findings', part: s.sub.part }, v.text, 'sentence'),
              s.label,
              `${s.why}; ${v.how}`,
            ),
          );
        }
      }
    }
    return out;
  },
);

export const markdown = operator(
  'markdown',
  'markdown around the claim: **bold**, _italic_, a heading, a quote, backticks, a heading then a bare line',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of pickSides(seed, rng)) {
      for (const [i, t] of rng
        .sample(
          EN_ABSENCE.filter((x) => s.tones.includes(x.tone)),
          1,
        )
        .entries()) {
        const named = naming(s.sub, i);
        for (const v of markdownVariants(t.render(named), named)) {
          // The task-list form says "clean": true only of a subject with no error at all.
          if (v.how === 'task list' && !s.tones.includes('absence')) continue;
          out.push(
            emit.text(
              place(seed.theory, { at: 'findings', part: s.sub.part }, v.text, 'line'),
              s.label,
              `${s.why}; ${v.how}`,
            ),
          );
        }
      }
    }
    return out;
  },
);

/** 1e-7 is zero only where the measurement's scale makes it so: whole counts, or an absolute tolerance above it. */
const tinyIsZero = (unit: string | undefined, abs: number | undefined): boolean =>
  unit === 'lines' || unit === 'count' || (abs ?? 0) >= 1e-6;

export const numberForms = operator(
  'number-forms',
  'zero written as 0, 0.0, 0.00, 0%, zero, nil, none, 1e-7 for a measurement the trace did not measure (fail) or measured as zero (pass)',
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
      const p = measurementPhrases(f.spec)[0];
      if (/\bzero\b/.test(p)) continue;
      for (const z of ZERO_FORMS) {
        if (z.tiny && !tinyIsZero(f.spec.unit, f.spec.tolerance?.abs)) continue;
        const t = rng.pick(NUMBER_TEMPLATES);
        const np = stream ? naming(stream, rng.int(0, 3)).np : `the ${f.spec.source}`;
        out.push(
          emit.text(
            place(seed.theory, { at: 'findings', part: f.part }, t(p, np, z.text), 'sentence'),
            failed ? fail('negative-claim-text') : PASS,
            failed
              ? `${f.spec.id}: no call measured it; "${z.text}" is a zero`
              : `${f.spec.id}: measured zero by ${f.calls.join(', ')}`,
          ),
        );
      }
    }
    return out;
  },
);
