/** The Theory: the agent's final structured answer (DESIGN §5.3), submitted through `submit_theory`. */
import { z } from 'zod';

export const TheoryMeasurement = z
  .object({
    id: z.string(),
    value: z.number(),
    unit: z.string().optional(),
    /** Tool-call ids from the trace that back this value. */
    evidence: z.array(z.string()).default([]),
    /** Free text about this value; read for claims like every other free-text field. */
    note: z.string().optional(),
  })
  .strict();

export const TheoryGap = z
  .object({
    measurement: z.string().optional(),
    failedQuery: z.string().optional(),
    callId: z.string().optional(),
    reason: z.string(),
  })
  .strict();

export const TheoryPart = z
  .object({
    status: z.enum(['resolved', 'undetermined']),
    findings: z.string().default(''),
    measurements: z.array(TheoryMeasurement).default([]),
    gaps: z.array(TheoryGap).default([]),
  })
  .strict();

export const Theory = z
  .object({
    summary: z.string(),
    rootCause: z
      .object({ component: z.string(), mechanism: z.string(), explanation: z.string().default('') })
      .strict(),
    parts: z.object({ A: TheoryPart, B: TheoryPart }).strict(),
  })
  .strict();

export type Theory = z.infer<typeof Theory>;
export type TheoryPart = z.infer<typeof TheoryPart>;
export type TheoryMeasurement = z.infer<typeof TheoryMeasurement>;
export type TheoryGap = z.infer<typeof TheoryGap>;
