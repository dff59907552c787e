/** Pieces the operators share: which subjects a claim may be about, and how a mutant is written. */
import type { MeasurementSpec } from '../../../../src/formats/golden/schema.js';
import type { TheoryMeasurement } from '../../../../src/formats/theory.js';
import type { CallFact } from '../calls.js';
import type { MeasurementFact, PartKey, Subject } from '../facts.js';
import { type Named, namings, type Tone, tonesFor } from '../phrases.js';
import type { Rng } from '../rng.js';
import type { Placed } from '../theory-edit.js';
import { fail, type Label, type Mutant, type Operator, PASS, type Seed } from '../types.js';

/** A subject an absence claim is written about, with the label such a claim gets. */
export interface Side {
  sub: Subject;
  label: Label;
  /** Tones of absence that are true of it (pass side) or all (fail side). */
  tones: Tone[];
  why: string;
}

/**
 * Fail side: subjects some query tried and that no call measured (every call about them failed,
 * was refused or read no stream). Pass side: measured subjects whose data is healthy. Only on
 * honest seeds, so the claim written is the mutant's only dishonesty.
 */
export function sides(seed: Seed, kind: 'negative-claim-text' = 'negative-claim-text'): Side[] {
  if (!seed.honest) return [];
  const out: Side[] = [];
  for (const sub of seed.facts.subjects) {
    if (sub.status === 'unmeasured' && sub.attempted) {
      out.push({
        sub,
        label: fail(kind),
        tones: ['absence', 'normal', 'baseline'],
        why: `${sub.source} of ${sub.value}: every call about it measured nothing (${sub.related.join(', ')})`,
      });
    } else if (sub.honestAbsence) {
      out.push({
        sub,
        label: PASS,
        tones: tonesFor(sub.health),
        why: `${sub.source} of ${sub.value}: measured by ${sub.measured.join(', ')}, and ${sub.health} in the golden`,
      });
    }
  }
  return out;
}

export const failSides = (seed: Seed): Side[] => sides(seed).filter((s) => s.label.expect === 'fail');

/** Up to `nFail` fail-side and `nPass` pass-side subjects, a seeded choice (a seed may have many). */
export function pickSides(seed: Seed, rng: Rng, nFail = 2, nPass = 2): Side[] {
  const all = sides(seed);
  return [
    ...rng.sample(
      all.filter((s) => s.label.expect === 'fail'),
      nFail,
    ),
    ...rng.sample(
      all.filter((s) => s.label.expect === 'pass'),
      nPass,
    ),
  ];
}

export const naming = (sub: Subject, i: number): Named => {
  const all = namings(sub.value, sub.source);
  return all[i % all.length];
};

/** How an operator writes its mutants: the operator's and the seed's names are filled in. */
export interface Emit {
  /** A mutant of free text, placed by theory-edit's `place`. */
  text(placed: Placed, label: Label, why: string, extra?: Partial<Mutant>): Mutant;
  /** A mutant of a structured field (citations, values, status, gaps) or of the trace. */
  raw(m: Omit<Mutant, 'operator' | 'seed'>): Mutant;
}

export function operator(
  name: string,
  summary: string,
  gen: (seed: Seed, rng: Rng, emit: Emit) => Mutant[],
): Operator {
  return {
    name,
    summary,
    apply(seed, rng) {
      const emit: Emit = {
        text: (placed, label, why, extra = {}) => ({
          operator: name,
          seed: seed.name,
          label,
          theory: placed.theory,
          where: placed.where,
          field: placed.field,
          text: placed.text,
          fieldText: placed.fieldText,
          why,
          ...extra,
        }),
        raw: (m) => ({ operator: name, seed: seed.name, ...m }),
      };
      return gen(seed, rng, emit);
    },
  };
}

/** A measurement the seed reports, backed by measured calls of the trace. */
export interface Reported {
  part: PartKey;
  i: number;
  m: TheoryMeasurement;
  fact: MeasurementFact;
  /** The numbers its cited calls showed. */
  shown: number[];
}

export function reportedMeasured(seed: Seed): Reported[] {
  const out: Reported[] = [];
  for (const part of ['A', 'B'] as const) {
    seed.theory.parts[part].measurements.forEach((m, i) => {
      const fact = seed.facts.measurements.find((f) => f.spec.id === m.id);
      const cited = m.evidence.map((id) => seed.facts.byId.get(id));
      if (fact?.status !== 'measured' || !cited.length) return;
      if (!cited.every((c) => c?.power === 'measured')) return;
      const shown = cited.flatMap((c) => c?.shown ?? []);
      out.push({ part, i, m, fact, shown });
    });
  }
  return out;
}

/** The spec's tolerance around `v`, in absolute terms (at least 0). */
export function tolAbs(spec: MeasurementSpec, v: number): number {
  const t = spec.tolerance;
  if (!t) return 0;
  return Math.max(t.abs ?? 0, (t.rel ?? 0) * Math.abs(spec.truth ?? v));
}

/** `v` is far from every number in `xs`: beyond the tolerance and 5% apart, so no rounding joins them. */
export function differs(v: number, xs: readonly number[], spec: MeasurementSpec): boolean {
  return xs.every(
    (x) => Math.abs(v - x) > Math.max(tolAbs(spec, v), 0.05 * Math.max(Math.abs(v), Math.abs(x)), 1e-9),
  );
}

/** Within the golden's tolerance of its truth (coverage credits it). */
export function withinTolerance(spec: MeasurementSpec, v: number): boolean {
  if (spec.truth === undefined) return false;
  return Math.abs(v - spec.truth) <= tolAbs(spec, v) + 1e-12;
}

/** Words of a measurement id a person would write: `pool_exhausted_lines` → `pool exhausted lines`. */
export function measurementWords(id: string): string {
  const drop = new Set(['ms', 'count', 'total', 'now', 'peak', 'gap', 'per', 'minutes']);
  return id
    .split('_')
    .filter((w) => !drop.has(w))
    .join(' ');
}

const INFLECT: Record<string, string> = {
  exhausted: 'exhaustion',
  query: 'queries',
  timeout: 'timeouts',
  error: 'errors',
  miss: 'misses',
  failed: 'failures',
  warnings: 'warning messages',
};

/** The same thing in other words: an inflected form, and the route's line-filter phrase. */
export function measurementPhrases(spec: MeasurementSpec): string[] {
  const words = measurementWords(spec.id);
  const inflected = words
    .split(' ')
    .filter((w) => w !== 'lines')
    .map((w) => INFLECT[w] ?? w)
    .join(' ');
  // A counted thing reads as events when its last word is no plural: "pool exhaustion events".
  const counted = (spec.unit === 'lines' || spec.unit === 'count') && !inflected.endsWith('s');
  const filter = spec.route ? /\|=\s*"([^"]+)"/.exec(spec.route)?.[1] : undefined;
  const out = [words, counted ? `${inflected} events` : inflected, ...(filter ? [`"${filter}" lines`] : [])];
  return out.filter((p, i) => out.indexOf(p) === i);
}

export const reallyFailedCalls = (seed: Seed): CallFact[] =>
  seed.facts.calls.filter((c) => c.cls === 'live' && (c.outcome === 'failed' || c.outcome === 'error'));

export const idsOf = (xs: readonly { id: string }[]): string => xs.map((x) => x.id).join(', ');
