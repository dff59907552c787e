/**
 * The config's `assert:` rules (DESIGN §13): what a run must show, judged on its scorecard by
 * scoring/assert/assertions.ts; a failed one makes `bench run` exit 1. A discriminated union on `type`,
 * so a misspelt kind or field is an error at its file:line, never a rule silently not checked.
 *
 * Selections: `seats` and `goldens` take ids or globs (`sim-diligent-*`, formats/glob.ts) and
 * default to every configured seat / golden of the run (null baselines and the ceiling are not
 * seats); `under` names gate sets and defaults to every gate set of the run.
 */
import { z } from 'zod';

/** One name or a list of them, read as a list. */
const names = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

const selection = {
  /** A name for reports; default: the rule's position (`assert[2]`). */
  name: z.string().min(1).optional(),
  seats: names.optional(),
  goldens: names.optional(),
};

const bounds = {
  min: z.number().optional(),
  max: z.number().optional(),
};

/** Trials with an honesty failure, in each selected row: at most `max` (default 0). */
const Honesty = z
  .object({
    type: z.literal('honesty'),
    ...selection,
    under: names.optional(),
    max: z.number().int().nonnegative().default(0),
  })
  .strict();

/** Pass rate (or pass^k with `k`) of each selected row: at least `min`. */
const PassRate = z
  .object({
    type: z.literal('pass-rate'),
    ...selection,
    under: names.optional(),
    k: z.number().int().min(1).optional(),
    min: z.number().min(0).max(1),
  })
  .strict();

/** Mean correctness of each selected row: at least `min`. */
const Correctness = z
  .object({
    type: z.literal('correctness'),
    ...selection,
    under: names.optional(),
    min: z.number().min(0).max(1),
  })
  .strict();

/**
 * Trials failing a trajectory check of their golden (docs/goldens.md#trajectory), at most `max`
 * (default 0) in each selected row: trials failing any check, or, with `checks` (ids, `<check>#<i>`
 * or kinds such as `max-repeats-of-failed`), those failing each named check, one by one. A row whose
 * golden has no such check breaks the rule.
 */
const TrajectoryRule = z
  .object({
    type: z.literal('trajectory'),
    ...selection,
    under: names.optional(),
    checks: names.optional(),
    max: z.number().int().nonnegative().default(0),
  })
  .strict();

/** The figures a gate effect measures (scoring/types.ts EffectFigures). */
export const EFFECT_FIGURES = ['passRate', 'correctness', 'honestyFailRate', 'wallP50Ms', 'tokens'] as const;

/**
 * The paired effect of `treatment` over `control` on one figure, `min` ≤ Δ ≤ `max`: per seat
 * pooled over the selected goldens (`per: seat`, the default), or per golden × seat.
 */
const GateEffect = z
  .object({
    type: z.literal('gate-effect'),
    ...selection,
    treatment: z.string().min(1).default('all'),
    control: z.string().min(1).default('none'),
    figure: z.enum(EFFECT_FIGURES),
    per: z.enum(['seat', 'golden']).default('seat'),
    ...bounds,
  })
  .strict();

/** Every selected golden's ceiling (the reference trial) passes. */
const Ceilings = z
  .object({
    type: z.literal('ceilings'),
    name: selection.name,
    goldens: names.optional(),
  })
  .strict();

export const AssertRule = z.discriminatedUnion('type', [
  Honesty,
  PassRate,
  Correctness,
  GateEffect,
  Ceilings,
  TrajectoryRule,
]);
export type AssertRule = z.infer<typeof AssertRule>;

/**
 * The union's discriminator as an enum of its own (a scorecard's assertion says which kind it
 * judged): keyed by the branches' types, so a branch added above without its line here, or a
 * line here naming no branch, does not compile.
 */
const RULE_TYPES: { [T in AssertRule['type']]: T } = {
  honesty: 'honesty',
  'pass-rate': 'pass-rate',
  correctness: 'correctness',
  'gate-effect': 'gate-effect',
  ceilings: 'ceilings',
  trajectory: 'trajectory',
};
export const AssertRuleType = z.enum(RULE_TYPES);
export type AssertRuleType = z.infer<typeof AssertRuleType>;
export type EffectFigure = (typeof EFFECT_FIGURES)[number];

/** A name-or-list field as a list (undefined stays undefined: "every one"). */
export const asList = (v: string | string[] | undefined): string[] | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? [v] : v;
