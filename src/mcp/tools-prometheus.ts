/** The Prometheus tools of mcp-grafana, same names and argument names, over the backend. */
import { z } from 'zod';
import type { ApiParams } from '../backend/index.js';
import { compileRegexp, type GoRegexp } from '../world/re2.js';
import { datasource, matchersOf, type Selector, timeArg } from './args.js';
import { emptyHints, fail, isResult, ok, upstreamData } from './results.js';
import type { McpContext, McpTool } from './types.js';

const uid = z.string().describe('The UID of the datasource to query');
const selectors = z
  .array(
    z.object({
      filters: z.array(
        z.object({
          name: z.string(),
          value: z.string(),
          type: z.string().optional().describe("One of '=', '!=', '=~', '!~'"),
        }),
      ),
    }),
  )
  .optional()
  .describe('Optionally, a list of label matchers to filter the results by');
const rfc = (what: string) =>
  z.string().optional().describe(`Optionally, the ${what} time (RFC3339 or relative like now-1h)`);

async function call(
  ctx: McpContext,
  api: 'prom.query' | 'prom.query_range' | 'prom.labels' | 'prom.label_values',
  params: ApiParams,
) {
  return ctx.backend.handle({ api, params, origin: 'mcp' });
}

/** The arguments both label listings take (mcp-grafana's): selectors, a time range, a limit. */
const listing = {
  matches: selectors,
  startRfc3339: rfc('start'),
  endRfc3339: rfc('end'),
  limit: z.number().int().optional(),
};

function listParams(a: Record<string, unknown>, ctx: McpContext): ApiParams {
  const p: ApiParams = {};
  if (a.startRfc3339) p.start = timeArg('start time', a.startRfc3339 as string, ctx.nowMs, ctx.nowMs);
  if (a.endRfc3339) p.end = timeArg('end time', a.endRfc3339 as string, ctx.nowMs, ctx.nowMs);
  const m = matchersOf(a.matches as Selector[] | undefined);
  if (m.length) p['match[]'] = m;
  return p;
}

function limited(data: unknown, limit: number): string[] {
  return (Array.isArray(data) ? data.map(String) : []).slice(0, limit);
}

export const queryPrometheus: McpTool = {
  name: 'query_prometheus',
  title: 'Query Prometheus metrics',
  description:
    "Query Prometheus using a PromQL expression. Supports instant queries (at a single point in time) and range queries (over a time range). Times are RFC3339 or relative like 'now', 'now-1h'; 'now' is the incident's now.",
  shape: {
    datasourceUid: uid,
    expr: z.string().describe('The PromQL expression to query'),
    startRfc3339: rfc('start'),
    endRfc3339: rfc('end (range queries)'),
    startRelative: z.string().optional().describe("The start time relative to now (e.g. 'now-1h')"),
    endRelative: z.string().optional().describe("The end time relative to now (e.g. 'now')"),
    stepSeconds: z.number().int().optional().describe('The step in seconds (range queries)'),
    queryType: z.enum(['range', 'instant']).optional().describe("'range' (default) or 'instant'"),
  },
  async run(a, ctx) {
    datasource(a.datasourceUid as string, 'prometheus');
    const start = (a.startRelative ?? a.startRfc3339) as string | undefined;
    if (!start) return fail('either startRfc3339 or startRelative must be provided');
    const expr = a.expr as string;
    let res: Awaited<ReturnType<typeof call>>;
    if ((a.queryType ?? 'range') === 'instant') {
      res = await call(ctx, 'prom.query', {
        query: expr,
        time: timeArg('start time', start, ctx.nowMs, ctx.nowMs),
      });
    } else {
      if (!a.stepSeconds) return fail("stepSeconds must be provided when queryType is 'range'");
      const end = (a.endRelative ?? a.endRfc3339) as string | undefined;
      if (!end) return fail("either endRfc3339 or endRelative must be provided when queryType is 'range'");
      res = await call(ctx, 'prom.query_range', {
        query: expr,
        start: timeArg('start time', start, ctx.nowMs, ctx.nowMs),
        end: timeArg('end time', end, ctx.nowMs, ctx.nowMs),
        step: String(a.stepSeconds),
      });
    }
    const up = upstreamData(res, 'querying Prometheus');
    if (isResult(up)) return up;
    const d = up.data as { result?: unknown };
    const result = d?.result ?? [];
    if (Array.isArray(result) && result.length === 0)
      return ok({ result: [], hints: emptyHints('prometheus', expr) });
    return ok(up.warnings.length ? { result, warnings: up.warnings } : result);
  },
};

export const listPrometheusMetricNames: McpTool = {
  name: 'list_prometheus_metric_names',
  title: 'List Prometheus metric names',
  description: 'List metric names in a Prometheus datasource, filtered locally by regex, with pagination.',
  shape: {
    datasourceUid: uid,
    regex: z.string().optional().describe('The regex to match against the metric names'),
    limit: z.number().int().optional().describe('The maximum number of results to return (default 10)'),
    page: z.number().int().optional().describe('The page number to return (default 1)'),
  },
  async run(a, ctx) {
    datasource(a.datasourceUid as string, 'prometheus');
    const up = upstreamData(
      await call(ctx, 'prom.label_values', { name: '__name__' }),
      'listing Prometheus metric names',
    );
    if (isResult(up)) return up;
    let names = limited(up.data, Number.POSITIVE_INFINITY);
    if (a.regex) {
      // mcp-grafana compiles it with Go's regexp: RE2 syntax, unanchored.
      let re: GoRegexp;
      try {
        re = compileRegexp(a.regex as string, { anchored: false });
      } catch (e) {
        return fail(`compiling regex: ${(e as Error).message}`);
      }
      names = names.filter((n) => re.test(n));
    }
    const limit = (a.limit as number) || 10;
    const page = (a.page as number) || 1;
    return ok(names.slice((page - 1) * limit, page * limit));
  },
};

export const listPrometheusLabelNames: McpTool = {
  name: 'list_prometheus_label_names',
  title: 'List Prometheus label names',
  description:
    'List label names in a Prometheus datasource. Allows filtering by series selectors and time range.',
  shape: { datasourceUid: uid, ...listing },
  async run(a, ctx) {
    datasource(a.datasourceUid as string, 'prometheus');
    const up = upstreamData(
      await call(ctx, 'prom.labels', listParams(a, ctx)),
      'listing Prometheus label names',
    );
    if (isResult(up)) return up;
    return ok(limited(up.data, (a.limit as number) || 100));
  },
};

export const listPrometheusLabelValues: McpTool = {
  name: 'list_prometheus_label_values',
  title: 'List Prometheus label values',
  description:
    'Get the values for a specific label name in Prometheus. Allows filtering by series selectors and time range.',
  shape: {
    datasourceUid: uid,
    labelName: z.string().describe('The name of the label to query'),
    ...listing,
  },
  async run(a, ctx) {
    datasource(a.datasourceUid as string, 'prometheus');
    const p = { ...listParams(a, ctx), name: a.labelName as string };
    const up = upstreamData(await call(ctx, 'prom.label_values', p), 'listing Prometheus label values');
    if (isResult(up)) return up;
    const values = limited(up.data, (a.limit as number) || 100);
    if (values.length === 0)
      return ok({ values: [], hints: emptyHints('prometheus', `label ${a.labelName}`) });
    return ok(values);
  },
};
