/**
 * The zod argument schema of every tool, written once: the host's tools parse with these, the
 * JSON Schema a model sees is derived from them (tools.ts), and the argument types sims and tests
 * build calls with are inferred from them.
 */
import { z } from 'zod';
import { Theory } from '../formats/theory.js';
import { CONTROL_FLOWS, SOURCES } from '../formats/vocabulary.js';

const Time = z.union([z.string(), z.number()]).optional();
const Step = z.union([z.string(), z.number()]).optional();
const SourceArg = z.enum(SOURCES).describe('metrics (Prometheus) or logs (Loki)');

/**
 * Times in tool arguments: RFC3339, unix seconds, or relative to the incident's "now":
 * `now`, `now-30m`. Ranges default to [now-1h, now]; step defaults to 60s.
 */
export const QueryMetricsArgs = z.object({
  query: z.string().min(1).describe('PromQL expression'),
  mode: z.enum(['instant', 'range']).optional().describe('instant (default) or range'),
  time: Time.describe('instant: evaluation time (now, now-30m, RFC3339, unix seconds); default now'),
  start: Time.describe('range start; default now-1h'),
  end: Time.describe('range end; default now'),
  step: Step.describe('range step, e.g. 60s; default 60s'),
});

export const QueryLogsArgs = z.object({
  query: z
    .string()
    .min(1)
    .describe('LogQL: a log query ({...} |= ...) or a metric query (sum(count_over_time(...)))'),
  start: Time.describe('default now-1h'),
  end: Time.describe('default now; metric queries without step are evaluated instantly at end'),
  step: Step.describe('metric queries: range step'),
  limit: z.number().int().positive().optional().describe('log queries: max lines (default 100)'),
  direction: z.enum(['forward', 'backward']).optional(),
});

export const LabelNamesArgs = z.object({
  source: SourceArg,
  match: z.string().optional().describe('series selector'),
});
export const LabelValuesArgs = z.object({
  source: SourceArg,
  label: z.string().min(1),
  match: z.string().optional(),
});
export const SeriesArgs = z.object({
  source: SourceArg,
  match: z.string().min(1).describe('series selector'),
});

export const SearchToolsArgs = z.object({
  query: z.string().min(1).describe('keywords'),
  refresh: z
    .boolean()
    .optional()
    .describe(
      're-read the tool catalog first (a tool that answers from a broken upstream may have been replaced)',
    ),
});
export const LoadSkillArgs = z.object({ name: z.string().min(1) });
export const NotesArgs = z.object({ action: z.enum(['read', 'write']), text: z.string().optional() });
export const MemoryArgs = z.object({ action: z.enum(['read', 'add']), fact: z.string().optional() });

export const SubmitTheoryArgs = z.object({ theory: Theory });
export const ExpandArgs = z.object({
  control: z.enum(CONTROL_FLOWS),
  subgoals: z.array(z.string().min(1)).min(1).max(6),
});
export const FinishNodeArgs = z.object({ success: z.boolean(), summary: z.string() });

export type QueryMetricsArgs = z.input<typeof QueryMetricsArgs>;
export type QueryLogsArgs = z.input<typeof QueryLogsArgs>;
export type LabelNamesArgs = z.input<typeof LabelNamesArgs>;
export type LabelValuesArgs = z.input<typeof LabelValuesArgs>;
export type SeriesArgs = z.input<typeof SeriesArgs>;
export type SearchToolsArgs = z.input<typeof SearchToolsArgs>;
export type LoadSkillArgs = z.input<typeof LoadSkillArgs>;
export type NotesArgs = z.input<typeof NotesArgs>;
export type MemoryArgs = z.input<typeof MemoryArgs>;
export type ExpandArgs = z.input<typeof ExpandArgs>;
export type FinishNodeArgs = z.input<typeof FinishNodeArgs>;
export type SubmitTheoryArgs = z.input<typeof SubmitTheoryArgs>;
