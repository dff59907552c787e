/** list_datasources and search_dashboards, as mcp-grafana offers them. */
import { z } from 'zod';
import { DATASOURCES, dashboardsOf } from '../backend/index.js';
import { ok } from './results.js';
import type { McpTool } from './types.js';

export const listDatasources: McpTool = {
  name: 'list_datasources',
  title: 'List datasources',
  description: 'List available Grafana datasources, optionally filtered by type (prometheus, loki).',
  shape: {
    type: z.string().optional().describe("The type of datasources to search for, e.g. 'prometheus', 'loki'"),
    limit: z
      .number()
      .int()
      .optional()
      .describe('Maximum number of datasources to return (default 50, max 100)'),
    offset: z.number().int().optional().describe('Number of datasources to skip for pagination'),
  },
  async run(a) {
    const type = typeof a.type === 'string' ? a.type.toLowerCase() : undefined;
    const all = DATASOURCES.filter((d) => !type || d.type.includes(type));
    const limit = Math.min((a.limit as number) || 50, 100);
    const offset = (a.offset as number) || 0;
    const page = all.slice(offset, offset + limit);
    return ok({
      datasources: page.map((d) => ({
        id: d.id,
        uid: d.uid,
        name: d.name,
        type: d.type,
        isDefault: d.isDefault,
      })),
      total: all.length,
      hasMore: offset + limit < all.length,
    });
  },
};

export const searchDashboards: McpTool = {
  name: 'search_dashboards',
  title: 'Search dashboards',
  description: 'Search Grafana dashboards by a query string and/or tags. Returns title, uid, tags and URL.',
  shape: {
    query: z.string().optional().describe('The query to search for'),
    tag: z.array(z.string()).optional().describe('Optional tags to match (AND)'),
    limit: z.number().int().optional().describe('Maximum number of results (default 50, max 100)'),
    page: z.number().int().optional().describe('Page number (1-indexed)'),
  },
  async run(a, ctx) {
    const q = typeof a.query === 'string' ? a.query.toLowerCase() : '';
    const tags = Array.isArray(a.tag) ? (a.tag as string[]) : [];
    const hits = dashboardsOf(ctx.golden).filter(
      (d) => d.title.toLowerCase().includes(q) && tags.every((t) => d.tags.includes(t)),
    );
    const limit = Math.min((a.limit as number) || 50, 100);
    const page = (a.page as number) || 1;
    const shown = hits.slice((page - 1) * limit, page * limit);
    return ok({
      dashboards: shown.map((d) => ({
        uid: d.uid,
        title: d.title,
        url: `/d/${d.uid}`,
        type: 'dash-db',
        tags: d.tags,
        panels: d.panels.map((p) => ({ title: p.title, datasourceUid: p.datasource.uid, expr: p.expr })),
      })),
      total: shown.length,
      hasMore: shown.length === limit,
    });
  },
};
