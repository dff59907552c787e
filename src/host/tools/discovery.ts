/** Discovery tools: label names, label values, series. Live reads, but never a measurement. */
import type { Api, ApiParams } from '../../backend/api.js';
import { isSource } from '../../formats/vocabulary.js';
import {
  LabelNamesArgs as NamesArgs,
  SeriesArgs,
  LabelValuesArgs as ValuesArgs,
} from '../../protocol/tool-args.js';
import { lokiTime, promTime } from '../../protocol/tool-time.js';
import { TOOL } from '../../protocol/tools.js';
import { declared, parseArgs } from './args.js';
import { callBackend, rejectArgs } from './call-backend.js';
import type { Source, ToolContext, ToolDef, ToolOutput } from './types.js';

const HOUR = 3_600_000;

/** Discovery covers the golden's whole window so listings do not depend on "now". */
function window(ctx: ToolContext, source: Source): ApiParams {
  const { start, end } = ctx.golden.ms;
  const fmt = source === 'metrics' ? promTime : lokiTime;
  return { start: fmt(Math.min(start, end - HOUR)), end: fmt(end) };
}

function sourceOf(args: unknown): Source | undefined {
  const s = (args as { source?: unknown } | null)?.source;
  return isSource(s) ? s : undefined;
}
function matchOf(args: unknown): string | undefined {
  const m = (args as { match?: unknown } | null)?.match;
  return typeof m === 'string' ? m : undefined;
}

function selectorParams(source: Source, match: string | undefined): ApiParams {
  if (!match) return {};
  return source === 'metrics' ? { 'match[]': [match] } : { query: match };
}

async function runNames(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(NamesArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  const { source, match } = p.value;
  const api: Api = source === 'metrics' ? 'prom.labels' : 'loki.labels';
  return callBackend(api, { ...window(ctx, source), ...selectorParams(source, match) }, ctx);
}

async function runValues(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(ValuesArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  const { source, label, match } = p.value;
  const api: Api = source === 'metrics' ? 'prom.label_values' : 'loki.label_values';
  return callBackend(api, { name: label, ...window(ctx, source), ...selectorParams(source, match) }, ctx);
}

async function runSeries(raw: unknown, ctx: ToolContext): Promise<ToolOutput> {
  const p = parseArgs(SeriesArgs, raw);
  if (!p.ok) return rejectArgs(p.message);
  const { source, match } = p.value;
  const api: Api = source === 'metrics' ? 'prom.series' : 'loki.series';
  return callBackend(api, { ...window(ctx, source), 'match[]': [match] }, ctx);
}

export const listLabelNames: ToolDef = {
  ...declared(TOOL.labelNames),
  source: sourceOf,
  query: matchOf,
  run: runNames,
};

export const listLabelValues: ToolDef = {
  ...declared(TOOL.labelValues),
  source: sourceOf,
  query: matchOf,
  run: runValues,
};

export const listSeries: ToolDef = {
  ...declared(TOOL.series),
  source: sourceOf,
  query: matchOf,
  run: runSeries,
};
