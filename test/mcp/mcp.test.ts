/**
 * `bench mcp` driven by the MCP SDK's own client: over stdio (spawning the built CLI) and over
 * streamable HTTP. Tools list, results, isError on an injected fault, hints on empty results, and
 * the same observations as the HTTP API for the same queries.
 */
import { request } from 'node:http';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import { RealClock } from '../../src/clock.js';
import { loadGolden } from '../../src/formats/load.js';
import { startMcpHttp } from '../../src/mcp/serve.js';
import { buildWorld } from '../../src/world/build.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';

const BIN = resolve(__dirname, '../../bin/bench.js');
const FAULTS = `faults:
  - id: logs-down
    kind: http-error
    status: 503
    message: ingester unavailable
    match: {api: [loki.query_range, loki.query], query: 'level="error"'}`;
const dir = writeTinyGolden({ faults: FAULTS, latencyMs: 0 });
const golden = loadGolden(dir);
const NOW = new Date(golden.ms.now).toISOString();
const TOOLS = [
  'list_datasources',
  'list_loki_label_names',
  'list_loki_label_values',
  'list_prometheus_label_names',
  'list_prometheus_label_values',
  'list_prometheus_metric_names',
  'query_loki_logs',
  'query_loki_stats',
  'query_prometheus',
  'search_dashboards',
];

type Result = { content: { type: string; text: string }[]; isError?: boolean };
const text = (r: unknown) => (r as Result).content[0].text;
const parsed = (r: unknown) => JSON.parse(text(r));

async function exercise(client: Client) {
  const tools = (await client.listTools()).tools;
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  const qp = tools.find((t) => t.name === 'query_prometheus');
  expect(Object.keys(qp?.inputSchema.properties ?? {})).toEqual(
    expect.arrayContaining([
      'datasourceUid',
      'expr',
      'startRfc3339',
      'endRfc3339',
      'stepSeconds',
      'queryType',
    ]),
  );
  const ds = parsed(await client.callTool({ name: 'list_datasources', arguments: {} }));
  expect(ds.datasources.map((d: { uid: string }) => d.uid)).toEqual(['rematch-prometheus', 'rematch-loki']);

  const metric = await client.callTool({
    name: 'query_prometheus',
    arguments: {
      datasourceUid: 'rematch-prometheus',
      expr: 'sum(rate(http_requests_total{code="500"}[5m]))',
      startRfc3339: 'now',
      queryType: 'instant',
    },
  });
  expect((metric as Result).isError).toBeFalsy();
  expect(Number(parsed(metric)[0].value[1])).toBeCloseTo(1, 6);

  const faulted = await client.callTool({
    name: 'query_loki_logs',
    arguments: {
      datasourceUid: 'rematch-loki',
      logql: '{app="payments", level="error"}',
      startRfc3339: 'now-30m',
    },
  });
  expect((faulted as Result).isError).toBe(true);
  expect(text(faulted)).toContain('ingester unavailable');

  const empty = parsed(
    await client.callTool({
      name: 'query_loki_logs',
      arguments: { datasourceUid: 'rematch-loki', logql: '{app="nope"}', endRfc3339: NOW },
    }),
  );
  expect(empty.data).toEqual([]);
  expect(empty.hints.suggestedActions.join(' ')).toContain('list_loki_label_names');

  const bad = await client.callTool({
    name: 'query_prometheus',
    arguments: { datasourceUid: 'nope', expr: 'up', startRfc3339: 'now', queryType: 'instant' },
  });
  expect((bad as Result).isError).toBe(true);
}

describe('bench mcp', () => {
  it('serves the tools over stdio (built CLI, SDK client)', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', dir], stderr: 'pipe' }),
    );
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  }, 60_000);

  describe('over streamable HTTP', async () => {
    const { backend } = createBackendStack(golden, buildWorld(golden), {
      faults: true,
      clock: new RealClock(),
      seed: 1,
    });
    const mcp = await startMcpHttp(backend, golden);
    const http = await startHttpServer(backend, { golden });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
    afterAll(async () => {
      await client.close();
      await mcp.close();
      await http.close();
    });

    it('lists tools, answers, and fails with isError on the fault', async () => {
      await exercise(client);
    });

    it('rejects a foreign Host header (DNS-rebinding protection)', async () => {
      // fetch cannot forge Host; node:http can, as a rebinding attacker's browser would send it.
      const u = new URL(mcp.url);
      const status = await new Promise<number>((done, fail) => {
        const req = request(
          {
            host: u.hostname,
            port: u.port,
            path: u.pathname,
            method: 'POST',
            headers: {
              host: 'evil.example',
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
          },
          (res) => {
            res.resume();
            done(res.statusCode ?? 0);
          },
        );
        req.on('error', fail);
        req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
      expect(status).toBe(403);
    });

    it('observes what the HTTP API observes for the same queries', async () => {
      const t = String(golden.ms.now / 1000);
      const promHttp = (await (
        await fetch(
          `${http.url}/api/v1/query?${new URLSearchParams({ query: 'http_requests_total', time: t })}`,
        )
      ).json()) as { data: { result: unknown[] } };
      const promMcp = parsed(
        await client.callTool({
          name: 'query_prometheus',
          arguments: {
            datasourceUid: 'rematch-prometheus',
            expr: 'http_requests_total',
            startRfc3339: NOW,
            queryType: 'instant',
          },
        }),
      );
      expect(promMcp).toEqual(promHttp.data.result);

      const logql = 'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))';
      const lokiHttp = (await (
        await fetch(`${http.url}/loki/api/v1/query?${new URLSearchParams({ query: logql, time: t })}`)
      ).json()) as { data: { result: { value: [number, string] }[] } };
      const lokiMcp = parsed(
        await client.callTool({
          name: 'query_loki_logs',
          arguments: { datasourceUid: 'rematch-loki', logql, endRfc3339: NOW, queryType: 'instant' },
        }),
      );
      expect(lokiMcp.data[0].value).toBe(Number(lokiHttp.data.result[0].value[1]));
      expect(lokiMcp.data[0].value).toBe(30);

      // the fault answers both surfaces the same way
      const failedHttp = await fetch(
        `${http.url}/loki/api/v1/query_range?${new URLSearchParams({ query: '{app="payments", level="error"}' })}`,
      );
      expect(failedHttp.status).toBe(503);
      const failedMcp = await client.callTool({
        name: 'query_loki_logs',
        arguments: { datasourceUid: 'rematch-loki', logql: '{app="payments", level="error"}' },
      });
      expect((failedMcp as Result).isError).toBe(true);
      expect(text(failedMcp)).toContain((await failedHttp.text()).trim());
    });
  });
});
