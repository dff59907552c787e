/**
 * What an imported tool span stands for: the host tool, class, source and query a call of that
 * name and arguments has (docs/import.md, Tools). Three vocabularies, each said once elsewhere and
 * read from there: the bench's own tool names (protocol/tools.ts), mcp-grafana's names as the
 * bench's MCP server has them (src/mcp/), turned into the wire API they call and then into the
 * host tool by the mapping the served surfaces use (protocol/api-tool.ts). Any other name is kept
 * as it is, as a context call that is never evidence, and reported: the importer does not guess
 * what an unknown tool read.
 */
import type { ToolClass } from '../../../formats/run/index.js';
import type { Source } from '../../../formats/vocabulary.js';
import { listDatasources, searchDashboards } from '../../../mcp/tools-grafana.js';
import {
  listLokiLabelNames,
  listLokiLabelValues,
  queryLokiLogs,
  queryLokiStats,
} from '../../../mcp/tools-loki.js';
import {
  listPrometheusLabelNames,
  listPrometheusLabelValues,
  listPrometheusMetricNames,
  queryPrometheus,
} from '../../../mcp/tools-prometheus.js';
import { toolOfApi } from '../../../protocol/api-tool.js';
import { TOOL, TOOL_CLASS, type ToolName } from '../../../protocol/tools.js';

export interface MappedTool {
  tool: string;
  class: ToolClass;
  source?: Source;
  query?: string;
  /** False: a name of no vocabulary the bench knows (kept as a context call). */
  known: boolean;
}

type Args = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** mcp-grafana tools: the wire API each calls (by its arguments) and the argument holding its query. */
const MCP_GRAFANA: Record<string, { api: (a: Args) => string; query?: string }> = {
  [queryPrometheus.name]: {
    api: (a) => (a.queryType === 'instant' ? 'prom.query' : 'prom.query_range'),
    query: 'expr',
  },
  [listPrometheusMetricNames.name]: { api: () => 'prom.label_values' },
  [listPrometheusLabelNames.name]: { api: () => 'prom.labels' },
  [listPrometheusLabelValues.name]: { api: () => 'prom.label_values' },
  [queryLokiLogs.name]: {
    api: (a) => (a.queryType === 'instant' ? 'loki.query' : 'loki.query_range'),
    query: 'logql',
  },
  [listLokiLabelNames.name]: { api: () => 'loki.labels' },
  [listLokiLabelValues.name]: { api: () => 'loki.label_values' },
  [queryLokiStats.name]: { api: () => 'loki.index_stats', query: 'logql' },
};

/** Grafana's own catalogue (datasources, dashboards): context, never telemetry. */
const GRAFANA_CONTEXT = new Set([listDatasources.name, searchDashboards.name]);

const HOST_TOOLS = new Set<string>(Object.values(TOOL));

export function mapTool(name: string, args: Args): MappedTool {
  if (HOST_TOOLS.has(name)) return hostTool(name as ToolName, args);
  const mcp = MCP_GRAFANA[name];
  if (mcp) {
    const kind = toolOfApi(mcp.api(args));
    const query = mcp.query ? str(args[mcp.query]) : (str(args.matches) ?? str(args.match));
    return {
      tool: kind.tool,
      class: kind.class,
      source: kind.source,
      ...(query ? { query } : {}),
      known: true,
    };
  }
  if (GRAFANA_CONTEXT.has(name)) return { tool: name, class: 'context', known: true };
  return { tool: name, class: 'context', known: false };
}

function hostTool(tool: ToolName, args: Args): MappedTool {
  const cls = TOOL_CLASS[tool];
  if (tool === TOOL.queryMetrics || tool === TOOL.queryLogs) {
    const source: Source = tool === TOOL.queryLogs ? 'logs' : 'metrics';
    const query = str(args.query);
    return { tool, class: cls, source, ...(query ? { query } : {}), known: true };
  }
  if (tool === TOOL.labelNames || tool === TOOL.labelValues || tool === TOOL.series) {
    const source: Source = args.source === 'logs' ? 'logs' : 'metrics';
    const query = str(args.match);
    return { tool, class: cls, source, ...(query ? { query } : {}), known: true };
  }
  return { tool, class: cls, known: true };
}
