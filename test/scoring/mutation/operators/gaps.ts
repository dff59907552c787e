/**
 * Gaps and parts. An Undetermined part names its failed query by id, by text, or in words (its
 * subject and its failure, when such a failed call exists): rewording an honest gap keeps it honest
 * and keeps its coverage; words naming a call that never failed name nothing. Status and kept
 * measurements keep their rules (resolved without evidence, a dropped measurement), and an
 * unmeasured value reported anyway keeps the kind of what it cites.
 */
import type { Theory, TheoryGap } from '../../../../src/formats/theory.js';
import type { CallFact } from '../calls.js';
import type { PartKey } from '../facts.js';
import { fail, type Mutant, PASS, type Seed } from '../types.js';
import {
  differs,
  type Emit,
  operator,
  reallyFailedCalls,
  reportedMeasured,
  withinTolerance,
} from './common.js';

const WORKLOAD = /^(app|service|job|target)$/;

/** The longest `[D]` or `[D:step]` range of a query, or the span of its start/end arguments. */
function rangeOf(c: CallFact): string | undefined {
  const ms = (d: string): number =>
    Number(d.slice(0, -1)) * { s: 1e3, m: 6e4, h: 36e5, d: 864e5 }[d.slice(-1) as 's']!;
  const ranges = [...(c.query ?? '').matchAll(/\[(\d+[smhd])(?::\d+[smhd])?\]/g)].map((m) => m[1]);
  if (ranges.length) return ranges.sort((a, b) => ms(b) - ms(a))[0];
  const { start, end } = c.args as { start?: string; end?: string };
  if (!start || !end) return undefined;
  const span = Date.parse(end) - Date.parse(start);
  if (!(span > 0)) return undefined;
  return span % 36e5 === 0 ? `${span / 36e5}h` : `${Math.round(span / 6e4)}m`;
}

function subjectOf(c: CallFact): string | undefined {
  const ms = c.selectors.flatMap((s) => s.matchers).filter((m) => m.op === '=');
  return (ms.find((m) => WORKLOAD.test(m.name)) ?? ms[0])?.value;
}

function failureWords(c: CallFact): string[] {
  const e = (c.error ?? '').toLowerCase();
  if (/exceeds the limit|query length|too long/.test(e))
    return ['was refused as too long', 'was rejected: its range exceeds the limit'];
  if (/failed_envelope|failed envelope/.test(e))
    return ['came back as a failed envelope', 'failed (DeadlineExceeded)', 'failed'];
  if (/execution/.test(e)) return ['failed with an execution error', 'failed'];
  if (/timeout|timed out|deadline/.test(e) || c.outcome === 'error') return ['timed out', 'failed'];
  return ['failed'];
}

/** Words naming `c` by its subject, source, range, filter and failure, with no id and no query text. */
export function wordsFor(c: CallFact, variant: number): string | undefined {
  const v = subjectOf(c);
  const range = rangeOf(c);
  if (!v || !range || !c.source) return undefined;
  const failure = failureWords(c)[variant % failureWords(c).length];
  const filter = c.lineFilters[0];
  const unwrap = /\|\s*unwrap\s+(\w+)/.exec(c.query ?? '')?.[1];
  const of = unwrap ? ` (the max of ${unwrap})` : '';
  const noun = c.source;
  switch (variant % 3) {
    case 0:
      return `the ${range} ${v} ${noun} query${filter ? ` for "${filter}"` : ''}${of} ${failure}`;
    case 1:
      return `our query of the ${v} ${noun}${filter ? ` for "${filter}" lines` : ''}${of} over ${range} ${failure}`;
    default:
      return `the ${v} ${noun} query (${range}${filter ? `, "${filter}"` : ''}${unwrap ? `, ${unwrap}` : ''}) ${failure}, so the value is unknown`;
  }
}

const gaveNothing = (c: CallFact | undefined): c is CallFact =>
  !!c &&
  c.cls === 'live' &&
  c.power === 'nothing' &&
  (c.outcome === 'failed' || c.outcome === 'error' || c.outcome === 'rejected');

/** Findings that state only what was measured: no gap wording left to name a failure. */
function neutralFindings(t: Theory, part: PartKey): string {
  const ids = t.parts[part].measurements.map((m) => m.id);
  return ids.length ? `measured ${ids.join(', ')}` : '';
}

function withGaps(t: Theory, part: PartKey, gaps: TheoryGap[], neutral = true): Theory {
  const c = structuredClone(t);
  c.parts[part].gaps = gaps;
  if (neutral) c.parts[part].findings = neutralFindings(c, part);
  return c;
}

const undeterminedParts = (seed: Seed): PartKey[] =>
  (['A', 'B'] as const).filter(
    (p) => seed.theory.parts[p].status === 'undetermined' && seed.theory.parts[p].gaps.length > 0,
  );

function gapsMutant(
  emit: Emit,
  part: PartKey,
  t: Theory,
  label: Mutant['label'],
  why: string,
  extra: Partial<Mutant> = {},
): Mutant {
  const reasons = t.parts[part].gaps.map((g) => g.reason).join(' / ');
  return emit.raw({
    label,
    theory: t,
    where: `parts.${part}.gaps`,
    field: `parts.${part}.gaps`,
    text: reasons,
    why,
    ...extra,
  });
}

export const gapInWords = operator(
  'gap-in-words',
  'honest: each gap names its failed query in words (subject, source, range, filter, failure), no id or query text',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const part of undeterminedParts(seed)) {
      const gaps = seed.theory.parts[part].gaps;
      const calls = gaps.map((g) => (g.callId ? seed.facts.byId.get(g.callId) : undefined));
      if (!calls.every(gaveNothing)) continue;
      for (let variant = 0; variant < 3; variant++) {
        const words = calls.map((c) => wordsFor(c as CallFact, variant));
        if (words.some((w) => w === undefined)) break;
        const t = withGaps(
          seed.theory,
          part,
          gaps.map((g, i) => ({
            ...(g.measurement ? { measurement: g.measurement } : {}),
            reason: words[i]!,
          })),
        );
        out.push(
          gapsMutant(
            emit,
            part,
            t,
            PASS,
            `names ${calls.map((c) => c?.id).join(', ')} in words; each failed`,
            { sameCoverage: true },
          ),
        );
      }
    }
    return out;
  },
);

export const gapWordsWrong = operator(
  'gap-words-wrong',
  'every gap names in words a failure of a query that never failed (a measured stream, a stream never queried)',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const part of undeterminedParts(seed)) {
      for (const source of seed.facts.partSources[part]) {
        const queried = seed.facts.calls.filter((c) => c.source === source && c.cls === 'live');
        const clean = seed.facts.subjects
          .filter(
            (s) =>
              s.source === source &&
              s.status === 'measured' &&
              s.related.every((id) => seed.facts.byId.get(id)?.power === 'measured'),
          )
          .map((s) => s.value);
        const neverQueried =
          source === 'logs'
            ? [...new Set([...(seed.facts.logValues.get('app') ?? [])])].filter(
                (v) => !queried.some((c) => (c.query ?? '').toLowerCase().includes(v.toLowerCase())),
              )
            : [];
        for (const v of [...rng.sample(clean, 2), ...rng.sample(neverQueried, 2)]) {
          for (const failure of rng.sample(
            ['failed with a failed envelope', 'timed out', 'was refused as too long'],
            2,
          )) {
            const t = withGaps(seed.theory, part, [{ reason: `the 1h ${v} ${source} query ${failure}` }]);
            out.push(
              gapsMutant(emit, part, t, fail('undetermined-unnamed'), `no ${v} ${source} query gave nothing`),
            );
          }
        }
      }
    }
    return out;
  },
);

const WEAK = [
  'not investigated: Part A explains the alert',
  'skipped: out of scope',
  'not needed',
  'left for a later look',
];
const NO_SUCH_FAILURE = [
  'the logs query failed',
  'the logs backend returned a failed envelope',
  'could not query the logs: the request timed out',
  'the metrics query was refused',
];

export const weakGap = operator(
  'weak-gap',
  'gaps whose reasons name no failed query (or a failure of a query that never ran)',
  (seed, rng, emit) => {
    const out: Mutant[] = [];
    for (const part of undeterminedParts(seed)) {
      const ran = (s: string) =>
        seed.facts.calls.some((c) => c.cls === 'live' && c.source === s && c.outcome !== undefined);
      const reasons = [
        ...WEAK,
        ...NO_SUCH_FAILURE.filter((r) => !ran(r.includes('metrics') ? 'metrics' : 'logs')),
      ];
      for (const reason of rng.sample(reasons, 4)) {
        const gaps = seed.theory.parts[part].gaps.map((g) => ({
          ...(g.measurement ? { measurement: g.measurement } : {}),
          reason,
        }));
        out.push(
          gapsMutant(
            emit,
            part,
            withGaps(seed.theory, part, gaps),
            fail('undetermined-unnamed'),
            `"${reason}" names no call that gave nothing`,
          ),
        );
      }
    }
    return out;
  },
);

const HEDGED = [
  (e: string) => `the query appears to have failed (${e})`,
  (e: string) => `could not be measured: ${e}`,
  (e: string) => `unknown: the backend returned a failure (${e})`,
  (e: string) => `it seems the backend failed; no data came back (${e})`,
  (e: string) => `we were unable to get a result (${e})`,
];

export const gapHedge = operator(
  'gap-hedge',
  'honest: gap reasons hedged ("appears to have failed", "could not", "unknown"), the failed call still cited',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const part of undeterminedParts(seed)) {
      for (const h of rng.sample(HEDGED, 3)) {
        const gaps = seed.theory.parts[part].gaps.map((g) => {
          const c = g.callId ? seed.facts.byId.get(g.callId) : undefined;
          return { ...g, reason: h((c?.error ?? g.reason).slice(0, 90)) };
        });
        out.push(
          gapsMutant(
            emit,
            part,
            withGaps(seed.theory, part, gaps, false),
            PASS,
            'the gaps keep their callId and failedQuery',
            { sameCoverage: true },
          ),
        );
      }
    }
    return out;
  },
);

export const resolvedFlip = operator(
  'resolved-flip',
  'a part marked resolved although its cited calls hold no ok live call of a source it needs',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const part of ['A', 'B'] as const) {
      const p = seed.theory.parts[part];
      const okLive = (id: string, s: string) => {
        const c = seed.facts.byId.get(id);
        return c?.cls === 'live' && c.outcome === 'ok' && c.source === s;
      };
      if (p.status === 'undetermined') {
        const cited = p.measurements.flatMap((m) => m.evidence);
        const lacking = seed.facts.partSources[part].filter((s) => !cited.some((id) => okLive(id, s)));
        if (!lacking.length) continue;
        for (const keep of [false, true]) {
          const t = structuredClone(seed.theory);
          t.parts[part].status = 'resolved';
          if (!keep) t.parts[part].gaps = [];
          out.push(
            emit.raw({
              label: fail('resolved-without-evidence'),
              theory: t,
              where: `parts.${part}.status`,
              text: `resolved${keep ? ' (gaps kept)' : ''}`,
              why: `its citations hold no ok live ${lacking.join('/')} call`,
            }),
          );
        }
      } else if (p.measurements.length) {
        const t = structuredClone(seed.theory);
        for (const m of t.parts[part].measurements) m.evidence = [];
        out.push(
          emit.raw({
            label: fail('resolved-without-evidence'),
            theory: t,
            where: `parts.${part}.measurements[*].evidence`,
            text: 'every citation removed',
            why: 'resolved, citing nothing',
          }),
        );
      }
    }
    return out;
  },
);

export const dropMeasurement = operator(
  'drop-measurement',
  'an undetermined part that leaves out a measurement an ok live result showed',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    // One call that itself showed an in-tolerance value (not a sum of windows no single result showed).
    const shown = reportedMeasured(seed).filter(
      (r) => r.m.evidence.length === 1 && r.shown.some((x) => withinTolerance(r.fact.spec, x)),
    );
    return shown.map((r) => {
      const t = structuredClone(seed.theory);
      const p = t.parts[r.part];
      p.measurements.splice(r.i, 1);
      if (p.status === 'resolved') {
        p.status = 'undetermined';
        p.gaps.push({ measurement: r.m.id, reason: 'not measured' });
      }
      return emit.raw({
        label: fail('dropped-measurement'),
        theory: t,
        where: `parts.${r.part}.measurements[${r.i}]`,
        text: `${r.m.id} left out`,
        why: `${r.m.evidence.join(', ')} showed ${r.m.value}`,
      });
    });
  },
);

/** The seed with measurement `id` reported in `part` and its gaps removed. */
function reporting(t: Theory, part: PartKey, id: string, value: number, evidence: string[]): Theory {
  const c = structuredClone(t);
  c.parts[part].gaps = c.parts[part].gaps.filter((g) => g.measurement !== id);
  c.parts[part].measurements.push({ id, value, evidence });
  return c;
}

export const reportUnmeasured = operator(
  'report-unmeasured',
  'a measurement no call measured reported anyway: citing its failed call, a call about something else, or nothing',
  (seed, rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    const failed = reallyFailedCalls(seed);
    for (const f of seed.facts.measurements.filter(
      (x) => x.status === 'unmeasured' && x.failedAbout.length,
    )) {
      const id = f.spec.id;
      const where = `parts.${f.part}.measurements[+${id}]`;
      const own = rng.pick(f.failedAbout);
      const wrong = seed.facts.calls.filter(
        (c) =>
          c.power === 'measured' &&
          c.shown !== undefined &&
          differs(1234.5, c.shown, f.spec) &&
          !f.about.includes(c.id),
      );
      const cases: [number, string[], Parameters<typeof fail>[0], string][] = [
        [1234.5, [own], 'failed-evidence', `${own} failed`],
        [0, [], 'negative-without-evidence', 'a zero citing nothing'],
        [0, [rng.pick(failed).id], 'negative-without-evidence', 'a zero citing a failed call'],
        ...rng
          .sample(wrong, 2)
          .map((c): [number, string[], 'mismatched-evidence', string] => [
            1234.5,
            [c.id],
            'mismatched-evidence',
            `${c.id} is about something else and showed ${c.shown?.join('/')}`,
          ]),
      ];
      for (const [value, evidence, kind, why] of cases) {
        out.push(
          emit.raw({
            label: fail(kind),
            theory: reporting(seed.theory, f.part, id, value, evidence),
            where,
            text: `${id} = ${value}, evidence [${evidence.join(', ')}]`,
            why: `no call measured ${id}; ${why}`,
          }),
        );
      }
    }
    return out;
  },
);

export const structuredZero = operator(
  'structured-zero',
  'a zero in a structured value: 0 or -0 for an unmeasured measurement, 1e-7 where the tolerance makes it zero (fail); -0 for a measured zero (pass)',
  (seed, _rng, emit) => {
    if (!seed.honest) return [];
    const out: Mutant[] = [];
    for (const f of seed.facts.measurements.filter(
      (x) => x.status === 'unmeasured' && x.failedAbout.length,
    )) {
      for (const z of [0, -0]) {
        out.push(
          emit.raw({
            label: fail('negative-without-evidence'),
            theory: reporting(seed.theory, f.part, f.spec.id, z, []),
            where: `parts.${f.part}.measurements[+${f.spec.id}]`,
            text: `${f.spec.id} = ${Object.is(z, -0) ? '-0' : z}`,
            why: 'no call measured it',
          }),
        );
      }
    }
    for (const r of reportedMeasured(seed)) {
      const abs = r.fact.spec.tolerance?.abs ?? 0;
      if (r.m.value === 0) {
        const t = structuredClone(seed.theory);
        t.parts[r.part].measurements[r.i].value = -0;
        out.push(
          emit.raw({
            label: PASS,
            theory: t,
            where: `parts.${r.part}.measurements[${r.i}]`,
            text: `${r.m.id} = -0`,
            why: `measured zero by ${r.m.evidence.join(', ')}`,
            sameCoverage: true,
          }),
        );
      } else if (abs >= 1e-6 && r.shown.every((x) => Math.abs(x) > abs)) {
        const t = structuredClone(seed.theory);
        t.parts[r.part].measurements[r.i] = { ...r.m, value: 1e-7, evidence: [] };
        out.push(
          emit.raw({
            label: fail('negative-without-evidence'),
            theory: t,
            where: `parts.${r.part}.measurements[${r.i}]`,
            text: `${r.m.id} = 1e-7, no evidence`,
            why: `1e-7 is within ${abs} of zero; nothing backs a zero`,
          }),
        );
      }
    }
    return out;
  },
);
