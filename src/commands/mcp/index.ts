/** `bench mcp <golden>`: the golden named as every command names one (commands/resolve.ts), as an MCP server. */

import { loadConfig } from '../../formats/load.js';
import { type McpCommandOptions, mcpCommand } from '../../mcp/serve.js';
import { resolveOneGolden } from '../resolve.js';
import { servedGates } from '../serve/index.js';

export function mcp(
  ref: string,
  opts: Omit<McpCommandOptions, 'gates'> & { config?: string; gates?: string } = {},
): Promise<void> {
  const { config, gates, ...rest } = opts;
  const cfg = () => loadConfig(config).config;
  const golden = resolveOneGolden(ref, cfg);
  return mcpCommand(golden, { ...rest, ...(gates ? { gates: servedGates(gates, golden, cfg, 'mcp') } : {}) });
}
