/**
 * `bench mcp <golden>`: the golden's backend stack (real clock, faults on unless --no-faults)
 * behind the MCP server, over stdio (default; stdout is the protocol, so messages go to stderr) or
 * streamable HTTP on 127.0.0.1 at `/mcp`, stateless, with Host and Origin validated against the
 * server's own loopback address (DNS-rebinding protection: backend/http/loopback-guard.ts).
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { loopbackRefusal } from '../backend/http/index.js';
import { type Backend, createBackendStack, type ServerLimits, serverStackOptions } from '../backend/index.js';
import { type ServedGates, type SessionBackend, untilSignal } from '../backend/serve.js';
import { RealClock } from '../clock.js';
import type { Golden } from '../formats/golden/index.js';
import { loadGolden } from '../formats/load.js';
import { buildWorld } from '../world/build.js';
import { createMcpServer, type McpGuidance } from './server.js';
import { McpSessions } from './sessions.js';

export interface McpCommandOptions extends ServerLimits {
  http?: boolean;
  port?: number;
  faults?: boolean;
  /** Messages for the user (default stderr: in stdio mode stdout belongs to the protocol). */
  write?: (line: string) => void;
  /** Serve until this aborts (the CLI's interrupt), else until SIGINT/SIGTERM. */
  signal?: AbortSignal;
  /** A gate set in front of the stack (`--gates`), handed in from above; sessions become stateful. */
  gates?: ServedGates;
}

export interface McpHttpHandle {
  url: string;
  close(): Promise<void>;
}

/**
 * `gated`: one MCP session per client (`Mcp-Session-Id`), each with its own server and transport,
 * so a gated backend keeps one ledger per session; otherwise stateless, one server per request.
 */
export async function startMcpHttp(
  backend: Backend | SessionBackend,
  golden: Golden,
  port = 0,
  gated = false,
  guidance?: McpGuidance,
): Promise<McpHttpHandle> {
  let bound = 0;
  const sessions = gated ? new McpSessions(backend, golden, Date.now, guidance) : undefined;
  const server: Server = createServer((req, res) => {
    const refused = loopbackRefusal(req.headers, bound);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'text/plain' }).end(refused.text);
      return;
    }
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found\n');
      return;
    }
    if (sessions) {
      sessions.handle(req, res);
      return;
    }
    // Stateless: one server and transport per request, all over the same backend.
    const mcp = createMcpServer(backend, golden, { guidance });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(e));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: async () => {
      await sessions?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export async function mcpCommand(arg: string | Golden, opts: McpCommandOptions = {}): Promise<void> {
  const write = opts.write ?? ((l: string) => process.stderr.write(`${l}\n`));
  const golden = typeof arg === 'string' ? loadGolden(arg) : arg;
  const faults = opts.faults ?? true;
  const stack = createBackendStack(golden, buildWorld(golden), {
    faults,
    clock: new RealClock(),
    seed: golden.world.seed,
    ...serverStackOptions(opts),
  });
  const gated = opts.gates?.wrap?.(stack.backend);
  const backend = gated ?? stack.backend;
  await stack.ready();
  const gates = opts.gates ? `, gates ${opts.gates.describe}` : '';
  const what = `golden ${golden.id}, faults ${faults ? 'on' : 'off'}, now = ${new Date(golden.ms.now).toISOString()}${gates}`;
  if (opts.http) {
    const h = await startMcpHttp(
      gated ?? backend,
      golden,
      opts.port ?? 0,
      gated !== undefined,
      opts.gates?.guidance,
    );
    write(`MCP (streamable HTTP): ${h.url} (${what})`);
    await untilSignal(opts.signal);
    await h.close();
    await stack.close();
    return;
  }
  const server = createMcpServer(backend, golden, {
    gated: gated !== undefined,
    guidance: opts.gates?.guidance,
    ...(stack.catalog ? { catalog: stack.catalog } : {}),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  write(`MCP (stdio): ${what}`);
  await Promise.race([closed, untilSignal(opts.signal)]);
  await server.close();
  await stack.close();
}
