/** One MCP tool: its name and argument names as mcp-grafana has them, and its run function. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';
import type { Backend } from '../backend/index.js';
import type { Golden } from '../formats/golden/index.js';

export interface McpContext {
  backend: Backend;
  golden: Golden;
  /** "now" for relative times: the golden's now. */
  nowMs: number;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  shape: ZodRawShape;
  run(args: Record<string, unknown>, ctx: McpContext): Promise<CallToolResult>;
}
