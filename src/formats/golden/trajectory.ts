/**
 * A golden's `trajectory:` block (docs/goldens.md#trajectory): checks on HOW an investigation went,
 * beside the truth of what it found. Each check is judged per trial against the trace
 * (scoring/trajectory/) with its own pass/fail and reason; a failed check fails the trial.
 * A discriminated union on `check`, so a misspelt kind or field is an error at its file:line:col.
 */
import { z } from 'zod';
import { OUTCOMES, SOURCES } from '../vocabulary.js';

/**
 * Which calls a check is about: every field given must hold. `tool` is a tool name as the trace
 * records it (query_metrics, query_logs, list_label_names ...); `query` an RE2 regex tested against the call's query text,
 * unanchored; `source` the telemetry it reads; `outcome` its recorded outcome.
 */
export const CallMatcher = z
  .object({
    tool: z.string().min(1).optional(),
    query: z.string().min(1).optional(),
    source: z.enum(SOURCES).optional(),
    outcome: z.enum(OUTCOMES).optional(),
  })
  .strict();
export type CallMatcher = z.infer<typeof CallMatcher>;

/** A check's name in reports (default: `<check>#<i>`, its 1-based place in the block). */
const id = {
  id: z
    .string()
    .regex(/^[A-Za-z0-9][\w.-]*$/, 'ids are letters, digits, _ . -')
    .optional(),
};

const check = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.object({ check: z.literal(kind), ...id, ...shape }).strict();

export const TrajectoryCheck = z.discriminatedUnion('check', [
  /** At least one call matching `call`; with `before`, the first such call precedes every call matching `before`. */
  check('must-call', { call: CallMatcher, before: CallMatcher.optional() }),
  /** No call matching `call`. */
  check('must-not-call', { call: CallMatcher }),
  /**
   * At most `max` calls matching `call` (every call when omitted); `perFingerprint`: at most `max`
   * terminal results per fingerprint among them.
   */
  check('max-calls', {
    call: CallMatcher.optional(),
    max: z.number().int().nonnegative(),
    perFingerprint: z.boolean().default(false),
  }),
  /** The same failed/empty/rejected fingerprint on at most `max` calls that reached a backend. */
  check('max-repeats-of-failed', { max: z.number().int().positive() }),
  /** The Theory names a gap for `measurement`, naming a query the trace shows really failed. */
  check('must-name-gap-for', { measurement: z.string().min(1) }),
  /** The first call matching each step comes after the first matching the step before it. */
  check('step-order', { steps: z.array(CallMatcher).min(2) }),
]);
export type TrajectoryCheck = z.infer<typeof TrajectoryCheck>;
export type TrajectoryCheckKind = TrajectoryCheck['check'];

export const Trajectory = z.array(TrajectoryCheck).min(1);

/** A check's name: its `id`, or its kind and 1-based place. */
export const trajectoryCheckId = (c: TrajectoryCheck, i: number): string => c.id ?? `${c.check}#${i + 1}`;
