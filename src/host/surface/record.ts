/**
 * A wire request as the call record the gates judge: the hosted tool it stands for (the same
 * mapping command seats' traces use: protocol/api-tool.ts), its class, source and query, and its
 * arguments as the trace shows them (`{api, ...params}`), so the fanout gate's duplicate check and
 * the ledger's routes read a served call exactly as they read the host's.
 */
import type { ApiRequest } from '../../backend/api.js';
import { queryOfParams, toolOfApi } from '../../protocol/api-tool.js';
import type { CallRecord } from '../types.js';

/** Every served call belongs to one agent node (the command seat's trace names it so too). */
export const SURFACE_NODE = { id: 'agent', depth: 0, goal: 'served session', role: 'root' } as const;

export function callRecordOf(req: ApiRequest, id: string, wave: number): CallRecord {
  const kind = toolOfApi(req.api);
  const query = queryOfParams(req.params);
  return {
    id,
    tool: kind.tool,
    class: kind.class,
    node: SURFACE_NODE.id,
    wave,
    args: { api: req.api, ...req.params },
    source: kind.source,
    ...(query !== undefined ? { query } : {}),
  };
}
