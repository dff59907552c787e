/**
 * Stateful streamable-HTTP MCP sessions, for a gated server: a request without `Mcp-Session-Id`
 * opens a session (the transport accepts only `initialize` there), later requests are routed to
 * their session's transport by the header, and a DELETE (or close) ends it. Each session has its
 * own McpServer whose tool calls carry the session id to the gated backend; when a session ends
 * (DELETE, the client's close, eviction) its gated session is closed too, so its ledger is freed.
 * Sessions are evicted by last use: after IDLE_MS without a request, or past MAX_SESSIONS (never a
 * halted one for room).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Backend } from '../backend/index.js';
import type { SessionBackend } from '../backend/serve.js';
import type { Golden } from '../formats/golden/index.js';
import { createMcpServer, type McpGuidance } from './server.js';

const SESSION_ID = 'mcp-session-id';
/** Sessions kept at most; the least recently used is closed first (a long-running server stays bounded). */
const MAX_SESSIONS = 256;
/** A session without a request for this long is closed (as the gated backend drops idle ones). */
const IDLE_MS = 30 * 60_000;

interface Open {
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
}

export class McpSessions {
  private readonly open = new Map<string, Open>();

  constructor(
    private readonly backend: Backend | SessionBackend,
    private readonly golden: Golden,
    private readonly now: () => number = Date.now,
    private readonly guidance?: McpGuidance,
  ) {}

  /** Sessions open now. */
  get size(): number {
    return this.open.size;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    this.sweep();
    const raw = req.headers[SESSION_ID];
    const id = Array.isArray(raw) ? raw[0] : raw;
    if (id) {
      const o = this.open.get(id);
      if (!o) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`unknown MCP session ${id}\n`);
        return;
      }
      // Moved to the end: the map's order is last use.
      this.open.delete(id);
      this.open.set(id, { ...o, lastUsed: this.now() });
      o.transport.handleRequest(req, res).catch((e: unknown) => this.failed(res, e));
      return;
    }
    const mcp = createMcpServer(this.backend, this.golden, { gated: true, guidance: this.guidance });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sid) => {
        this.open.set(sid, { transport, lastUsed: this.now() });
        this.sweep();
      },
    });
    transport.onclose = () => {
      const sid = transport.sessionId;
      if (sid) {
        this.open.delete(sid);
        if ('close' in this.backend) this.backend.close(sid);
      }
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

  /**
   * Close the idle sessions, and the least recently used past MAX_SESSIONS that is not halted: a
   * flood of new sessions must not wash a halt away (a halted session ends only when idle).
   */
  private sweep(): void {
    const t = this.now();
    for (const [sid, o] of this.open) {
      const stale = o.lastUsed + IDLE_MS <= t;
      if (!stale && this.open.size <= MAX_SESSIONS) break;
      if (!stale && 'halted' in this.backend && this.backend.halted(sid)) continue;
      this.open.delete(sid);
      void o.transport.close();
    }
  }

  private failed(res: ServerResponse, e: unknown): void {
    if (!res.headersSent) res.writeHead(500).end(String(e));
  }

  async close(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((o) => o.transport.close()));
  }
}
