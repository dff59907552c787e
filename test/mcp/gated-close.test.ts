/**
 * A gated MCP session's ledger is freed when the MCP session ends: the client's DELETE (SDK
 * `terminateSession`) closes the transport, and the transport's close closes the gated session.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { createBackendStack } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { gatedBackend, resolveGateSet } from '../../src/host/index.js';
import { startMcpHttp } from '../../src/mcp/serve.js';
import { buildWorld } from '../../src/world/build.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';

const golden = loadGolden(writeTinyGolden({ latencyMs: 0 }));

describe('a gated MCP session ends with its ledger', () => {
  it('DELETE of the MCP session closes the gated session', async () => {
    const { backend } = createBackendStack(golden, buildWorld(golden), {
      faults: true,
      clock: new RealClock(),
      seed: 1,
    });
    const gated = gatedBackend(backend, { golden, gateSet: resolveGateSet('all') });
    const mcp = await startMcpHttp(gated, golden, 0, true);
    const transport = new StreamableHTTPClientTransport(new URL(mcp.url));
    const client = new Client({ name: 'close-test', version: '1' });
    try {
      await client.connect(transport);
      await client.callTool({
        name: 'query_prometheus',
        arguments: {
          datasourceUid: 'rematch-prometheus',
          expr: 'up',
          startRfc3339: 'now',
          queryType: 'instant',
        },
      });
      expect(gated.size).toBe(1);
      await transport.terminateSession();
      expect(gated.size).toBe(0);
    } finally {
      await client.close();
      await mcp.close();
    }
  }, 30_000);
});
