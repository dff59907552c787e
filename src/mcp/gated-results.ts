/**
 * A tool call through a gated backend (host/surface/, handed in from above): every backend
 * request of the call carries the MCP session's key, and what the gates did to the answers is
 * rendered on the tool result. The typed failure needs nothing here (an error status already makes
 * the result `isError` naming the upstream failure); a refusal (blocked, or halted: submit your
 * Theory) replaces the result with an `isError` one; steer and halt texts are appended as content.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Backend, GateNote } from '../backend/index.js';
import { fail } from './results.js';
import type { McpContext } from './types.js';

export function gatedCall(
  base: McpContext,
  session: string,
): { ctx: McpContext; render(result: CallToolResult): CallToolResult } {
  const notes: GateNote[] = [];
  const backend: Backend = {
    async handle(req) {
      const res = await base.backend.handle({ ...req, session });
      if (res.gate) notes.push(res.gate);
      return res;
    },
  };
  return {
    ctx: { ...base, backend },
    render(result) {
      const refused = notes.find((n) => n.refused)?.refused;
      if (refused) return fail(refused.message);
      const texts = notes.flatMap((n) => n.messages);
      if (!texts.length) return result;
      return {
        ...result,
        content: [...result.content, ...texts.map((text) => ({ type: 'text' as const, text }))],
      };
    },
  };
}
