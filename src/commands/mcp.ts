/** `bench mcp <golden>`: the golden named as every command names one (commands/resolve.ts), as an MCP server. */

import { loadConfig } from '../formats/load.js';
import { type McpCommandOptions, mcpCommand } from '../mcp/serve.js';
import { resolveOneGolden } from './resolve.js';

export function mcp(ref: string, opts: McpCommandOptions & { config?: string } = {}): Promise<void> {
  const { config, ...rest } = opts;
  return mcpCommand(
    resolveOneGolden(ref, () => loadConfig(config).config),
    rest,
  );
}
