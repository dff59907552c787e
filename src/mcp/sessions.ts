/**
 * Stateful streamable-HTTP MCP sessions, for a gated server: a request without `Mcp-Session-Id`
 * opens a session (the transport accepts only `initialize` there), later requests are routed to
 * their session's transport by the header, and a DELETE (or close) ends it. Each session has its
 * own McpServer whose tool calls carry the session id to the gated backend.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Backend } from '../backend/index.js';
import type { Golden } from '../formats/normalized.js';
import { createMcpServer } from './server.js';

const SESSION_ID = 'mcp-session-id';
/** Sessions kept at most; the oldest is closed first (a long-running server stays bounded). */
const MAX_SESSIONS = 256;

export class McpSessions {
  private readonly open = new Map<string, StreamableHTTPServerTransport>();

  constructor(
    private readonly backend: Backend,
    private readonly golden: Golden,
  ) {}

  handle(req: IncomingMessage, res: ServerResponse): void {
    const raw = req.headers[SESSION_ID];
    const id = Array.isArray(raw) ? raw[0] : raw;
    if (id) {
      const t = this.open.get(id);
      if (!t) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`unknown MCP session ${id}\n`);
        return;
      }
      t.handleRequest(req, res).catch((e: unknown) => this.failed(res, e));
      return;
    }
    const mcp = createMcpServer(this.backend, this.golden, { gated: true });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sid) => {
        this.open.set(sid, transport);
        if (this.open.size > MAX_SESSIONS) {
          const [oldest, t] = this.open.entries().next().value as [string, StreamableHTTPServerTransport];
          this.open.delete(oldest);
          void t.close();
        }
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.open.delete(transport.sessionId);
      void mcp.close();
    };
    // A first request that opened no session (not an `initialize`) leaves nothing behind.
    res.on('close', () => {
      if (!transport.sessionId) void transport.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((e: unknown) => this.failed(res, e));
  }

  private failed(res: ServerResponse, e: unknown): void {
    if (!res.headersSent) res.writeHead(500).end(String(e));
  }

  async close(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((t) => t.close()));
  }
}
