/** The Loki tools of mcp-grafana, same names and argument names, over the backend. */
import { z } from 'zod';
import type { ApiParams } from '../backend/index.js';
import { datasource, timeArg } from './args.js';
import { emptyHints, fail, isResult, ok, upstreamData } from './results.js';
import type { McpContext, McpTool } from './types.js';

const HOUR = 3_600_000;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const uid = z.string().describe('The UID of the datasource to query');
const rfc = (what: string, def: string) =>
  z
    .string()
    .optional()
    .describe(`Optionally, the ${what} time in RFC3339 or relative (e.g. 'now-1h'); default ${def}`);

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function range(a: Rec, ctx: McpContext): { start: string; end: string } {
  const end = timeArg('end time', a.endRfc3339 as string | undefined, ctx.nowMs, ctx.nowMs);
  const start = timeArg(
    'start time',
    a.startRfc3339 as string | undefined,
    ctx.nowMs,
    Number(end) * 1000 - HOUR,
  );
  return { start, end };
}

/** Loki's result → mcp-grafana's flat entries: lines with their stream labels, or samples. */
function entries(data: unknown): Rec[] {
  if (!isRec(data) || !Array.isArray(data.result)) return [];
  const out: Rec[] = [];
  for (const r of data.result.filter(isRec)) {
    const labels = (r.stream ?? r.metric ?? {}) as Rec;
    if (data.resultType === 'streams' && Array.isArray(r.values)) {
      for (const v of r.values as [string, string][]) out.push({ timestamp: v[0], line: v[1], labels });
    } else if (Array.isArray(r.value)) {
      out.push({ timestamp: String(r.value[0]), value: Number(r.value[1]), labels });
    } else if (Array.isArray(r.values)) {
      const values = (r.values as [number, string][]).map(([t, v]) => ({
        timestamp: String(t),
        value: Number(v),
      }));
      out.push({ values, labels });
    }
  }
  return out;
}

export const queryLokiLogs: McpTool = {
  name: 'query_loki_logs',
  title: 'Query Loki logs',
  description:
    "Executes a LogQL query against a Loki datasource and returns log entries or metric samples. Defaults to the last hour before the incident's now, a limit of 10 entries, and 'backward' direction. To count lines, use a count_over_time() metric query with queryType='instant'.",
  shape: {
    datasourceUid: uid,
    logql: z.string().describe('The LogQL query to execute'),
    startRfc3339: rfc('start', 'one hour before end'),
    endRfc3339: rfc('end', 'now'),
    limit: z
      .number()
      .int()
      .optional()
      .describe('Optionally, the maximum number of log lines to return (default 10, max 100)'),
    direction: z
      .enum(['forward', 'backward'])
      .optional()
      .describe("'forward' (oldest first) or 'backward' (newest first, default)"),
    queryType: z
      .enum(['range', 'instant'])
      .optional()
      .describe("'range' (default) or 'instant' (metric queries)"),
    stepSeconds: z.number().int().optional().describe('Resolution step in seconds for range metric queries'),
  },
  async run(a, ctx) {
    datasource(a.datasourceUid as string, 'loki');
    const logql = a.logql as string;
    const limit = Math.min(Math.max((a.limit as number) || DEFAULT_LIMIT, 1), MAX_LIMIT);
    const { start, end } = range(a, ctx);
    let res: Awaited<ReturnType<McpContext['backend']['handle']>>;
    if (a.queryType === 'instant') {
      const at = (a.endRfc3339 ?? a.startRfc3339) as string | undefined;
      const time = timeArg('query time', at, ctx.nowMs, ctx.nowMs);
      res = await ctx.backend.handle({ api: 'loki.query', params: { query: logql, time }, origin: 'mcp' });
    } else {
      const p: ApiParams = {
        query: logql,
        start,
        end,
        limit: String(limit + 1),
        direction: (a.direction as string) ?? 'backward',
      };
      if (a.stepSeconds) p.step = String(a.stepSeconds);
      res = await ctx.backend.handle({ api: 'loki.query_range', params: p, origin: 'mcp' });
    }
    const up = upstreamData(res, 'querying Loki');
    if (isResult(up)) return up;
    let data = entries(up.data);
    const streams = isRec(up.data) && up.data.resultType === 'streams';
    const truncated = streams && data.length > limit;
    if (truncated) data = data.slice(0, limit);
    const out: Rec = {
      data,
      metadata: {
        linesReturned: data.length,
        maxLinesAllowed: limit,
        resultsTruncated: truncated,
        startTime: start,
        endTime: end,
      },
    };
    if (data.length === 0) out.hints = emptyHints('loki', logql);
    if (up.warnings.length) out.warnings = up.warnings;
    return ok(out);
  },
};

function labelTool(name: string, title: string, description: string, values: boolean): McpTool {
  return {
    name,
    title,
    description,
    shape: {
      datasourceUid: uid,
      ...(values
        ? { labelName: z.string().describe("The name of the label to retrieve values for (e.g. 'app')") }
        : {}),
      startRfc3339: rfc('start', 'one hour before end'),
      endRfc3339: rfc('end', 'now'),
    },
    async run(a, ctx) {
      datasource(a.datasourceUid as string, 'loki');
      const p: ApiParams = { ...range(a, ctx) };
      if (values) p.name = a.labelName as string;
      const res = await ctx.backend.handle({
        api: values ? 'loki.label_values' : 'loki.labels',
        params: p,
        origin: 'mcp',
      });
      const up = upstreamData(res, `listing Loki label ${values ? 'values' : 'names'}`);
      if (isResult(up)) return up;
      const list = Array.isArray(up.data) ? up.data.map(String) : [];
      if (list.length === 0)
        return ok({ values: [], hints: emptyHints('loki', values ? `label ${a.labelName}` : 'labels') });
      return ok(list);
    },
  };
}

export const listLokiLabelNames = labelTool(
  'list_loki_label_names',
  'List Loki label names',
  'Lists all label names found in logs within the time range (default: the hour before now).',
  false,
);

export const listLokiLabelValues = labelTool(
  'list_loki_label_values',
  'List Loki label values',
  'Retrieves all unique values of a label within the time range (default: the hour before now).',
  true,
);

export const queryLokiStats: McpTool = {
  name: 'query_loki_stats',
  title: 'Get Loki log statistics',
  description:
    'Index statistics (streams, chunks, entries, bytes) of the streams a label selector matches in the time range. The logql parameter must be a simple label selector.',
  shape: {
    datasourceUid: uid,
    logql: z.string().describe('A LogQL label selector'),
    startRfc3339: rfc('start', 'one hour before end'),
    endRfc3339: rfc('end', 'now'),
  },
  async run(a, ctx) {
    datasource(a.datasourceUid as string, 'loki');
    const p: ApiParams = { query: a.logql as string, ...range(a, ctx) };
    const res = await ctx.backend.handle({ api: 'loki.index_stats', params: p, origin: 'mcp' });
    if (res.status === 200 && isRec(res.json) && !('status' in res.json) && !('outcome' in res.json))
      return ok(res.json);
    const up = upstreamData(res, 'querying Loki stats');
    return isResult(up)
      ? up
      : fail(`querying Loki stats: unexpected answer ${JSON.stringify(res.json ?? res.text)}`);
  },
};
