/**
 * `bench mcp` under a `stale-tools` fault (built CLI, SDK client over stdio): the tools list the
 * catalog's version in `_meta`; stale tools answer the gateway's 502 as an `isError` result; after
 * the catalog refreshes (here: after 2 stale answers) the server sends
 * `notifications/tools/list_changed`, the client re-lists, sees version 2, and its calls work.
 */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { writeTinyGolden } from '../e2e/tiny-golden.js';

const BIN = resolve(__dirname, '../../bin/bench.js');
const FAULTS = `faults:
  - id: stale-prom
    kind: stale-tools
    refreshAfterCalls: 2
    match: {api: [prom.query, prom.query_range]}`;
const dir = writeTinyGolden({ faults: FAULTS, latencyMs: 0 });

type Result = { content: { type: string; text: string }[]; isError?: boolean };
const QUERY = {
  name: 'query_prometheus',
  arguments: {
    datasourceUid: 'rematch-prometheus',
    expr: 'sum(rate(http_requests_total{code="500"}[5m]))',
    startRfc3339: 'now',
    queryType: 'instant',
  },
};

describe('bench mcp with stale tools', () => {
  it('lists catalog v1, answers 502, announces the refresh, then lists v2 and answers', async () => {
    const client = new Client({ name: 'test', version: '1' });
    let changed = 0;
    let announced!: () => void;
    const notice = new Promise<void>((r) => {
      announced = r;
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed += 1;
      announced();
    });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', dir], stderr: 'pipe' }),
    );
    try {
      const version = async (name: string) =>
        (await client.listTools()).tools.find((t) => t.name === name)?._meta?.['rematch/catalogVersion'];
      expect(await version('query_prometheus')).toBe(1);
      // context tools read no backend: no catalog version on them
      expect(await version('list_datasources')).toBeUndefined();
      for (let i = 0; i < 2; i++) {
        const r = (await client.callTool(QUERY)) as Result;
        expect(r.isError).toBe(true);
        expect(r.content[0].text).toMatch(/Bad Gateway: upstream query-tools v1/);
      }
      await notice;
      expect(changed).toBe(1);
      expect(await version('query_prometheus')).toBe(2);
      const ok = (await client.callTool(QUERY)) as Result;
      expect(ok.isError).toBeFalsy();
      expect(Number(JSON.parse(ok.content[0].text)[0].value[1])).toBeCloseTo(1, 6);
    } finally {
      await client.close();
    }
  }, 60_000);
});
