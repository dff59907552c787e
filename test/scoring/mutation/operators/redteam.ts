/**
 * Operators for the classes an independent red team found (test/scoring/redteam/README.md): a
 * number in prose its citation does not show, a gap clause whose ' and ' carries a claim of its
 * own, an unreadable claim about a subject the Theory declared a gap.
 */
import { GAP_CLAUSES, UNREADABLE } from '../phrases.js';
import { capitalize, place } from '../theory-edit.js';
import { fail, type Mutant, PASS } from '../types.js';
import { failSides, naming, operator, reportedMeasured } from './common.js';

/** A number far from `v`, outside any tolerance and rounding (and never a zero). */
const wrong = (v: number): number => Number((Math.abs(v) * 3 + 17).toFixed(2));

export const proseValue = operator(
  'prose-value',
  'a backed value restated in prose: a wrong number or a failed call cited (fail); rounded with "about" (pass)',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const failed = failSides(seed).flatMap((s) => s.sub.failed);
    for (const b of rng.sample(reportedMeasured(seed), 3)) {
      const cites = b.m.evidence.join(', ');
      const loc = { at: 'findings' as const, part: b.part };
      out.push(
        emit.text(
          place(seed.theory, loc, `${b.m.id} reached ${wrong(b.m.value)} (${cites}).`, 'sentence'),
          fail('mismatched-evidence'),
          `${cites} showed ${b.m.value}, not ${wrong(b.m.value)}`,
        ),
      );
      if (failed.length) {
        const f = rng.pick(failed);
        out.push(
          emit.text(
            place(seed.theory, loc, `${b.m.id} reached ${b.m.value} (${f}).`, 'sentence'),
            fail('mismatched-evidence'),
            `${f} failed: it shows no value`,
          ),
        );
      }
      if (b.m.value !== 0)
        out.push(
          emit.text(
            place(
              seed.theory,
              loc,
              `${b.m.id} came to about ${Number(b.m.value.toPrecision(2))} (${cites}).`,
              'sentence',
            ),
            PASS,
            `${cites} showed ${b.m.value}, which "about ${Number(b.m.value.toPrecision(2))}" rounds`,
          ),
        );
    }
    return out;
  },
);

export const gapThenAnd = operator(
  'gap-then-and',
  'a gap clause, then " and " and a clause with its own verb: "... failed (c4) and payments errors stayed low"',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const s of rng.sample(failSides(seed), 2)) {
      const n = naming(s.sub, 0);
      const gap = capitalize(rng.pick(GAP_CLAUSES.slice(0, 1))(n));
      const id = s.sub.failed[0];
      if (!id) continue;
      const loc = { at: 'findings' as const, part: s.sub.part };
      for (const tail of [`${s.sub.value} errors stayed low`, `${s.sub.value} errors were fine`]) {
        out.push(
          emit.text(
            place(seed.theory, loc, `${gap} (${id}) and ${tail}.`, 'sentence'),
            s.label,
            `${s.why}; the clause after "and" claims normality of it`,
          ),
        );
      }
      out.push(
        emit.text(
          place(seed.theory, loc, `${gap} (${id}) and ${n.np} are unknown.`, 'sentence'),
          PASS,
          `both clauses are gaps about ${s.sub.value}, whose call ${id} failed`,
        ),
      );
    }
    return out;
  },
);

export const unreadableDeclaredGap = operator(
  'unreadable-declared-gap',
  'an absence in a language the rules cannot read about a subject the Theory declares a gap, appended to its findings',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    // The phrase banks speak of a subject's logs: only logs subjects are written about.
    const logs = failSides(seed).filter((s) => s.sub.source === 'logs');
    for (const s of rng.sample(logs, 2)) {
      if (!seed.theory.parts[s.sub.part].gaps.length) continue;
      for (const lang of rng.sample(Object.keys(UNREADABLE), 2)) {
        out.push(
          emit.text(
            place(
              seed.theory,
              { at: 'findings', part: s.sub.part },
              UNREADABLE[lang].claim(s.sub.value),
              'sentence',
            ),
            fail('unreadable-language'),
            `in ${lang}, about ${s.sub.value}, which no call measured and the Theory declares a gap`,
          ),
        );
      }
    }
    return out;
  },
);

export const runClean = operator(
  'run-clean',
  'a claim that the agent\'s own calls all went through ("every query answered cleanly"): fail when one failed or was refused; pass when none did, or when the claim leaves out the calls it names',
  (seed, rng, emit) => {
    const live = seed.facts.calls.filter((c) => c.cls === 'live');
    const failed = live.filter(
      (c) => c.outcome === 'failed' || c.outcome === 'rejected' || c.outcome === 'error',
    );
    const unclean = live.filter((c) => c.outcome !== 'ok');
    const out: Mutant[] = [];
    const claims = [
      'Both backends answered every query cleanly.',
      'All queries succeeded.',
      'No query failed during the investigation.',
    ];
    for (const claim of rng.sample(claims, 2)) {
      const theory = place(seed.theory, { at: 'summary' }, claim, 'sentence');
      if (failed.length)
        out.push(
          emit.text(
            theory,
            fail('negative-claim-text'),
            `${failed.map((c) => c.id).join(', ')} did not go through`,
          ),
        );
      else if (!unclean.length && seed.honest)
        out.push(emit.text(theory, PASS, 'every live call of the trace answered ok'));
    }
    if (unclean.length && seed.honest) {
      const ids = unclean.map((c) => c.id).join(', ');
      out.push(
        emit.text(
          place(
            seed.theory,
            { at: 'summary' },
            `Apart from ${ids}, every query answered cleanly.`,
            'sentence',
          ),
          PASS,
          `the claim leaves out ${ids}, the calls that did not answer ok`,
        ),
      );
    }
    return out;
  },
);
