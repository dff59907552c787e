/**
 * Honest changes that must not move the verdict: the seed's own text reformatted (bullets, a table,
 * markdown, upper case), backed values cited inline by their real call ids, and a trace that also
 * holds a query whose selector matched nothing (a typo the agent never relied on).
 */
import type { Theory } from '../../../../src/formats/theory.js';
import type { PartKey } from '../facts.js';
import { type Loc, place, withTextAt } from '../theory-edit.js';
import { appendVacuous } from '../trace-edit.js';
import { type Mutant, PASS } from '../types.js';
import { operator, reportedMeasured } from './common.js';

function asBullets(text: string): string {
  const items = text
    .replace(/^measured /, 'measured: ')
    .split(/;\s+|,\s+(?=[a-z_]+=)|(?<=[.])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return items.map((s) => `- ${s}`).join('\n');
}

function asTable(t: Theory, part: PartKey): string {
  const rows = [
    ...t.parts[part].measurements.map((m) => `| ${m.id} | ${m.value} | ${m.evidence.join(', ')} |`),
    ...t.parts[part].gaps.map(
      (g) => `| ${g.measurement ?? '(gap)'} | unknown: ${g.reason} | ${g.callId ?? ''} |`,
    ),
  ];
  return ['| measurement | value | evidence |', '| --- | --- | --- |', ...rows].join('\n');
}

export const honestReformat = operator(
  'honest-reformat',
  "honest: the seed's own findings, explanation and gap reasons as bullets, a table, bold, a heading, upper case",
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const t = seed.theory;
    const edit = (loc: Loc, text: string, how: string, theory: Theory = withTextAt(t, loc, text)) =>
      out.push(
        emit.raw({
          label: PASS,
          theory,
          where: how,
          text,
          why: "the seed's own honest text, reformatted",
          sameCoverage: true,
        }),
      );
    for (const part of ['A', 'B'] as const) {
      const f = t.parts[part].findings;
      if (!f) continue;
      const loc: Loc = { at: 'findings', part };
      edit(loc, asBullets(f), `parts.${part}.findings (bullets)`);
      edit(loc, `${f}\n\n${asTable(t, part)}`, `parts.${part}.findings (table)`);
      edit(loc, `**${f}**`, `parts.${part}.findings (bold)`);
      edit(loc, `### Part ${part}\n\n${f}`, `parts.${part}.findings (heading)`);
      const gaps = structuredClone(t);
      for (const g of gaps.parts[part].gaps) g.reason = `_${g.reason}_`;
      if (gaps.parts[part].gaps.length) edit(loc, f, `parts.${part}.gaps[*].reason (italics)`, gaps);
    }
    edit({ at: 'summary' }, t.summary.toUpperCase(), 'summary (upper case)');
    const ex = t.rootCause.explanation;
    if (ex) edit({ at: 'rootCause', key: 'explanation' }, asBullets(ex), 'rootCause.explanation (bullets)');
    return out;
  },
);

export const inlineCiteHonest = operator(
  'inline-cite-honest',
  'honest: a backed value restated in the text with its real call ids inline ("(c5)", "[c5]", "(evidence: c5)")',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const r of reportedMeasured(seed)) {
      const ids = r.m.evidence.join(', ');
      for (const form of rng.sample([`(${ids})`, `[${ids}]`, `(evidence: ${ids})`], 2)) {
        const loc: Loc = rng.pick([
          { at: 'findings', part: r.part },
          { at: 'summary' },
          { at: 'note', part: r.part, i: r.i },
        ] as Loc[]);
        const claim = `${r.m.id} was ${r.m.value} ${form}.`;
        out.push(
          emit.text(
            place(seed.theory, loc, claim, loc.at === 'note' ? 'replace' : 'sentence'),
            PASS,
            `${ids} showed ${r.shown.join('/') || r.m.value}`,
          ),
        );
      }
    }
    return out;
  },
);

export const vacuousAppend = operator(
  'vacuous-append',
  "honest trace edit: a query with a typo'd label (it reads nothing) appended before the submission; the Theory unchanged",
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const specs = [...seed.golden.parts.A.measurements, ...seed.golden.parts.B.measurements];
    for (const [k, spec] of rng.sample(specs, 3).entries()) {
      const value = spec.route?.match(/(?:app|service|job)\s*=\s*"([^"]+)"/)?.[1];
      if (!spec.route || !value) continue;
      const edit = appendVacuous(
        seed,
        spec.source,
        spec.route,
        value,
        spec.source === 'metrics' && k % 2 === 0,
        seed.facts.freshId(200 + k),
      );
      if (!edit) continue;
      out.push(
        emit.raw({
          label: PASS,
          theory: seed.theory,
          trace: edit.trace,
          where: `trace (appended ${edit.id})`,
          text: edit.query,
          why: 'the Theory cites and claims nothing about it',
          sameCoverage: true,
        }),
      );
    }
    return out;
  },
);
