/**
 * The answers a capture reads, as Prometheus' and Loki's HTTP APIs document them, checked before
 * anything uses them: an answer of another shape (`data: null`, `metric: null`, a timestamp that
 * is no number, a sample value that is no float) is exit 2 naming the field by its dot path and
 * what it held (`data.result.0.values.3.0: expected a number (Unix seconds), got "soon"`), never a
 * TypeError (exit 3) and never a silently wrong golden. Fields the capture does not read pass
 * unchecked; optional ones stay optional (a native-histogram series has no `values`).
 */
import { z } from 'zod';

const want = (what: string) => ({ error: `expected ${what}` });

/** `"1.5"`, `"-2e3"`, `"+Inf"`, `"-Inf"`, `"NaN"`: Prometheus' sample values, as strings. */
const FLOAT = /^[+-]?(?:Inf|NaN|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)$/;

export function promFloat(s: string): number {
  const inf = /^([+-]?)Inf$/.exec(s);
  return inf ? (inf[1] === '-' ? -Infinity : Infinity) : Number(s);
}

const Labels = z.record(
  z.string(),
  z.string(want('a label value string')),
  want('an object of label strings'),
);
const PromTime = z.number(want('a number (Unix seconds)'));
const PromValue = z
  .string(want('a sample value string'))
  .regex(FLOAT, want('a float such as "1.5", "+Inf" or "NaN"'))
  .transform(promFloat);
const PromPair = z.tuple([PromTime, PromValue], want('a [time, value] pair'));
const LokiNs = z
  .string(want('a string of Unix nanoseconds'))
  .regex(/^\d{1,20}$/, want('a string of Unix nanoseconds'));

export const MatrixData = z.object(
  {
    resultType: z.literal('matrix', want('resultType "matrix" (a range vector)')),
    result: z.array(
      z.object(
        { metric: Labels, values: z.array(PromPair, want('an array of [time, value] pairs')).optional() },
        want('a series object'),
      ),
      want('an array of series'),
    ),
  },
  want('an object'),
);
export type MatrixData = z.infer<typeof MatrixData>;

export const StreamsData = z.object(
  {
    resultType: z.literal('streams', want('resultType "streams" (log lines)')),
    result: z.array(
      z.object(
        {
          stream: Labels,
          // Asked to categorize labels, Loki 3 adds a third element: the entry's structured
          // metadata and parsed labels. Anything else there is ignored.
          values: z.array(
            z.tuple([LokiNs, z.string(want('a log line string'))], z.unknown(), want('a [time, line] pair')),
            want('an array of [time, line] pairs'),
          ),
        },
        want('a stream object'),
      ),
      want('an array of streams'),
    ),
  },
  want('an object'),
);
export type StreamsData = z.infer<typeof StreamsData>;

const Sample = z.object({ value: PromPair }, want('a sample object'));

/** A truth's live answer: one value of a vector or a scalar; another type is "no single value". */
export const InstantData = z.discriminatedUnion(
  'resultType',
  [
    z.object({ resultType: z.literal('vector'), result: z.array(Sample, want('an array of samples')) }),
    z.object({ resultType: z.literal('scalar'), result: PromPair }),
    z.object({ resultType: z.enum(['matrix', 'string', 'streams']), result: z.unknown() }),
  ],
  want('an object with resultType vector, scalar, matrix, string or streams'),
);
export type InstantData = z.infer<typeof InstantData>;

const Optional = <T extends z.ZodType>(t: T) => t.nullish().transform((v) => v ?? undefined);

export const RulesData = z.object(
  {
    groups: Optional(
      z.array(
        z.object({
          interval: Optional(z.number(want('a number of seconds'))),
          rules: Optional(
            z.array(
              z.object({
                type: Optional(z.string(want('a string'))),
                name: Optional(z.string(want('a string'))),
                query: Optional(z.string(want('a string'))),
                duration: Optional(z.number(want('a number of seconds'))),
                labels: Optional(Labels),
                annotations: Optional(Labels),
                alerts: Optional(
                  z.array(z.object({ activeAt: Optional(z.string(want('an RFC 3339 time'))) })),
                ),
              }),
              want('an array of rules'),
            ),
          ),
        }),
        want('an array of rule groups'),
      ),
    ),
  },
  want('an object'),
);
export type RulesData = z.infer<typeof RulesData>;

/** The `{status: "success", data}` envelope's data, checked by `schema`; the problem in words otherwise. */
export function checkData<T extends z.ZodType>(
  schema: T,
  body: object,
): { ok: true; data: z.output<T> } | { ok: false; problem: string } {
  const r = schema.safeParse((body as { data?: unknown }).data);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  const path = ['data', ...issue.path];
  return {
    ok: false,
    problem: `${path.map(String).join('.')}: ${issue.message}, got ${shown(at(body, path))}`,
  };
}

function at(v: unknown, path: readonly PropertyKey[]): unknown {
  let cur = v;
  for (const k of path)
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<PropertyKey, unknown>)[k] : undefined;
  return cur;
}

function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
