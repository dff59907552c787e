/**
 * MCP tool results: JSON text content on success, `isError: true` with the upstream error text on
 * failure (as mcp-grafana reports a failed call), and hints beside empty results so an agent
 * knows what to check next.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ApiResponse, readUpstream } from '../backend/index.js';

export function ok(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

export function fail(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The upstream's success payload, or a failed tool result worded like mcp-grafana's errors. */
export function upstreamData(
  res: ApiResponse,
  what: string,
): { data: unknown; warnings: string[] } | CallToolResult {
  const up = readUpstream(res);
  if (!up.ok) return fail(`${what}: upstream returned status ${up.status}: ${up.message}`);
  return { data: up.data, warnings: up.warnings };
}

export function isResult(v: unknown): v is CallToolResult {
  return typeof v === 'object' && v !== null && 'content' in v;
}

export interface EmptyHints {
  summary: string;
  possibleCauses: string[];
  suggestedActions: string[];
}

export function emptyHints(kind: 'prometheus' | 'loki', query: string): EmptyHints {
  const list =
    kind === 'loki'
      ? 'list_loki_label_names / list_loki_label_values'
      : 'list_prometheus_label_names / list_prometheus_label_values';
  return {
    summary: `The ${kind === 'loki' ? 'LogQL' : 'PromQL'} query returned no data: ${query}`,
    possibleCauses: [
      'a label name or value in the selector does not exist',
      'the time range holds no data for these series',
      'the backend may have failed to return data (an empty result is not proof of absence)',
    ],
    suggestedActions: [
      `check the label names and values with ${list}`,
      'widen the time range (startRfc3339/endRfc3339, e.g. now-6h)',
    ],
  };
}
