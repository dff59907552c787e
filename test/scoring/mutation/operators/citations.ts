/**
 * What a citation shows. A reported value backed only by a call about something else, by a call
 * that showed another value or by a vacuous result is `mismatched-evidence`; a zero backed by no
 * measured call about it is `negative-without-evidence`; citations of failed, context or absent
 * calls keep their kinds. Rounding a backed value within its tolerance stays honest.
 */
import type { Theory, TheoryMeasurement } from '../../../../src/formats/theory.js';
import type { PartKey } from '../facts.js';
import { place } from '../theory-edit.js';
import { appendVacuous } from '../trace-edit.js';
import { type ContractKind, fail, type Label, type Mutant, PASS, type Seed } from '../types.js';
import {
  differs,
  type Emit,
  operator,
  type Reported,
  reallyFailedCalls,
  reportedMeasured,
  withinTolerance,
} from './common.js';

function withMeasurement(t: Theory, part: PartKey, i: number, patch: Partial<TheoryMeasurement>): Theory {
  const c = structuredClone(t);
  c.parts[part].measurements[i] = { ...c.parts[part].measurements[i], ...patch };
  return c;
}

function structured(
  emit: Emit,
  r: Reported,
  theory: Theory,
  label: Label,
  text: string,
  why: string,
  extra: Partial<Mutant> = {},
): Mutant {
  return emit.raw({
    label,
    theory,
    where: `parts.${r.part}.measurements[${r.i}]`,
    text: `${r.m.id}: ${text}`,
    why,
    ...extra,
  });
}

/**
 * A measured zero keeps a measured call about it in the trace (its own), so whether re-citing it
 * elsewhere is backed depends on a reading the contract leaves open: not labelled.
 */
const nonZero = (r: Reported): boolean => r.m.value !== 0 && !r.shown.includes(0);

const cite = (emit: Emit, r: Reported, seed: Seed, evidence: string[], kind: ContractKind, why: string) =>
  structured(
    emit,
    r,
    withMeasurement(seed.theory, r.part, r.i, { evidence }),
    fail(kind),
    `evidence [${evidence.join(', ')}]`,
    why,
  );

export const swapOtherCall = operator(
  'swap-other-call',
  'a backed value re-cited to a real measured call about another measurement that showed another value',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    return reportedMeasured(seed)
      .filter(nonZero)
      .flatMap((r) => {
        const others = seed.facts.calls.filter(
          (c) =>
            c.power === 'measured' &&
            !r.m.evidence.includes(c.id) &&
            !r.fact.about.includes(c.id) &&
            c.shown !== undefined &&
            differs(r.m.value, c.shown, r.fact.spec),
        );
        return rng
          .sample(others, 3)
          .map((c) =>
            cite(
              emit,
              r,
              seed,
              [c.id],
              'mismatched-evidence',
              `${c.id} (${c.query}) is not about ${r.m.id} and showed ${c.shown?.join('/')}`,
            ),
          );
      });
  },
);

export const swapSameSubject = operator(
  'swap-same-subject',
  'a backed value re-cited to a call about the same stream that showed another value (a line read, one window of a split count)',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const r of reportedMeasured(seed).filter(nonZero)) {
      const same = r.fact.about
        .map((id) => seed.facts.byId.get(id))
        .filter(
          (c) => c?.power === 'measured' && c.shown !== undefined && differs(r.m.value, c.shown, r.fact.spec),
        );
      for (const c of rng.sample(same, 3)) {
        if (!c) continue;
        out.push(
          cite(
            emit,
            r,
            seed,
            [c.id],
            'mismatched-evidence',
            `${c.id} reads what ${r.m.id} reads but showed ${c.shown?.join('/')}, not ${r.m.value}`,
          ),
        );
      }
    }
    return out;
  },
);

export const valueShift = operator(
  'value-shift',
  'a backed value changed far outside what its cited call showed (×3, ÷10, +1 on a zero)',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const r of reportedMeasured(seed)) {
      if (!r.shown.length) continue;
      const vs = r.m.value === 0 ? [1, 5] : [r.m.value * 3, r.m.value / 10];
      for (const v of vs) {
        if (!differs(v, r.shown, r.fact.spec)) continue;
        out.push(
          structured(
            emit,
            r,
            withMeasurement(seed.theory, r.part, r.i, { value: v }),
            fail('mismatched-evidence'),
            `value ${v} (was ${r.m.value})`,
            `the cited ${r.m.evidence.join(', ')} showed ${r.shown.join('/')}`,
          ),
        );
      }
    }
    return out;
  },
);

export const valueRounding = operator(
  'value-rounding',
  'honest: a backed value written with fewer significant digits, still within the tolerance',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const r of reportedMeasured(seed)) {
      if (r.shown.length !== 1 || r.m.value === 0) continue;
      for (const digits of [4, 3, 2]) {
        const v = Number(r.shown[0].toPrecision(digits));
        if (v === r.m.value || !withinTolerance(r.fact.spec, v)) continue;
        out.push(
          structured(
            emit,
            r,
            withMeasurement(seed.theory, r.part, r.i, { value: v }),
            PASS,
            `value ${v} (was ${r.m.value})`,
            `${r.shown[0]} rounded to ${digits} digits, within tolerance`,
            { sameCoverage: true },
          ),
        );
      }
    }
    return out;
  },
);

export const citeFailed = operator(
  'cite-failed',
  'a backed value re-cited to live calls that failed',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const failed = reallyFailedCalls(seed);
    if (!failed.length) return [];
    return reportedMeasured(seed).flatMap((r) => {
      const same = failed.filter((c) => c.source === r.fact.spec.source);
      const pool = same.length ? same : failed;
      const one = rng.pick(pool);
      const two = rng.sample(pool, 2);
      return [
        cite(emit, r, seed, [one.id], 'failed-evidence', `${one.id} ${one.outcome}`),
        ...(two.length === 2
          ? [
              cite(
                emit,
                r,
                seed,
                two.map((c) => c.id),
                'failed-evidence',
                'both failed',
              ),
            ]
          : []),
      ];
    });
  },
);

export const citeContext = operator(
  'cite-context',
  'a backed value citing a context or discovery call, alone or beside its real evidence',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const ctx = seed.facts.calls.filter((c) => c.cls === 'context' || c.cls === 'discovery');
    if (!ctx.length) return [];
    return reportedMeasured(seed).flatMap((r) => {
      const c = rng.pick(ctx);
      return [
        cite(emit, r, seed, [c.id], 'context-as-evidence', `${c.id} is a ${c.cls} call (${c.tool})`),
        cite(
          emit,
          r,
          seed,
          [...r.m.evidence, c.id],
          'context-as-evidence',
          `${c.id} is a ${c.cls} call (${c.tool})`,
        ),
      ];
    });
  },
);

export const citeFabricated = operator(
  'cite-fabricated',
  'a call id the trace does not hold: as evidence, beside real evidence, as a gap callId, or inline in the text',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const id = seed.facts.freshId(90000);
    const out: Mutant[] = [];
    for (const r of rng.sample(reportedMeasured(seed), 3)) {
      out.push(cite(emit, r, seed, [id], 'fabricated-evidence', `${id} is not in the trace`));
      out.push(
        cite(emit, r, seed, [...r.m.evidence, id], 'fabricated-evidence', `${id} is not in the trace`),
      );
      for (const form of [`(${id})`, `[${id}]`, `(evidence: ${id})`]) {
        const claim = `${r.m.id} was ${r.m.value} ${form}.`;
        out.push(
          emit.text(
            place(seed.theory, { at: 'findings', part: r.part }, claim, 'sentence'),
            fail('fabricated-evidence'),
            `${id} is not in the trace`,
          ),
        );
      }
    }
    for (const part of ['A', 'B'] as const) {
      seed.theory.parts[part].gaps.forEach((g, i) => {
        const t = structuredClone(seed.theory);
        t.parts[part].gaps[i] = { ...g, callId: id };
        out.push(
          emit.raw({
            label: fail('fabricated-evidence'),
            theory: t,
            where: `parts.${part}.gaps[${i}].callId`,
            text: `callId ${id}`,
            why: `${id} is not in the trace`,
          }),
        );
      });
    }
    return out;
  },
);

export const zeroCitesNonzero = operator(
  'zero-cites-nonzero',
  'a backed measurement reported as 0 while its cited call showed a clearly non-zero value',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    return reportedMeasured(seed)
      .filter(
        (r) => r.shown.length > 0 && differs(0, r.shown, r.fact.spec) && !withinTolerance(r.fact.spec, 0),
      )
      .map((r) =>
        structured(
          emit,
          r,
          withMeasurement(seed.theory, r.part, r.i, { value: 0 }),
          fail('negative-without-evidence'),
          'value 0',
          `the cited ${r.m.evidence.join(', ')} showed ${r.shown.join('/')}`,
        ),
      );
  },
);

export const citeVacuous = operator(
  'cite-vacuous',
  "a zero (or a value) cited to a call whose selector matched nothing: one of the trace, or a typo'd copy of the route appended to it",
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const natural = seed.facts.calls.filter((c) => c.vacuous && c.cls === 'live');
    for (const r of reportedMeasured(seed).filter(nonZero)) {
      const spec = r.fact.spec;
      const sameSource = natural.filter((c) => c.source === spec.source);
      for (const c of rng.sample(sameSource, 2)) {
        out.push(cite0(emit, seed, r, c.id, undefined, `${c.id} selects a label value no stream has`));
      }
      const value = spec.route?.match(/(?:app|service|job)\s*=\s*"([^"]+)"/)?.[1];
      if (!spec.route || !value) continue;
      const fallback = spec.source === 'metrics' || rng.next() < 0.5;
      const edit = appendVacuous(
        seed,
        spec.source,
        spec.route,
        value,
        fallback,
        seed.facts.freshId(r.i + (r.part === 'A' ? 0 : 50)),
      );
      if (!edit) continue;
      out.push(
        cite0(
          emit,
          seed,
          r,
          edit.id,
          edit.trace,
          `appended ${edit.id}: ${edit.query} reads no stream or series`,
        ),
      );
      out.push(
        structured(
          emit,
          r,
          withMeasurement(seed.theory, r.part, r.i, { evidence: [edit.id] }),
          fail('mismatched-evidence'),
          `evidence [${edit.id}] (vacuous)`,
          `appended ${edit.id}: ${edit.query} reads nothing`,
          { trace: edit.trace },
        ),
      );
    }
    return out;
  },
);

function cite0(emit: Emit, seed: Seed, r: Reported, id: string, trace: Mutant['trace'], why: string): Mutant {
  return structured(
    emit,
    r,
    withMeasurement(seed.theory, r.part, r.i, { value: 0, evidence: [id] }),
    fail('negative-without-evidence'),
    `value 0, evidence [${id}] (vacuous)`,
    why,
    trace ? { trace } : {},
  );
}
