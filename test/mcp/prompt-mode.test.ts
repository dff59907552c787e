/**
 * `bench mcp --gates SET` with gates in prompt mode, through the built CLI over stdio: an MCP client
 * is shown their guidance (the server's instructions; the telemetry tools' descriptions) and nothing
 * of them is enforced: the same failing query four times is never steered or halted, while the
 * enforced typed failure class still marks it isError.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { GUIDANCE } from '../../src/protocol/guidance.js';

const ROOT = resolve(__dirname, '../..');
const BIN = resolve(ROOT, 'bin/bench.js');
const GOLDEN = resolve(ROOT, 'goldens/checkout-db-pool-logs-failed');
const dir = mkdtempSync(join(tmpdir(), 'rematch-mcp-prompt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONFIG = join(dir, 'config.yaml');
writeFileSync(
  CONFIG,
  'gateSets:\n  text: {gates: [failureClass, {ledger: prompt}, {fanout: prompt}, {toolClasses: prompt}]}\n',
);

interface Result {
  isError?: boolean;
  content: { type: string; text?: string }[];
}
const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');

describe('bench mcp --gates with prompt-mode gates', () => {
  it('shows the guidance as instructions and tool descriptions, and enforces none of it', async () => {
    const client = new Client({ name: 'prompt-mode', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', GOLDEN, '--workers', '0', '--config', CONFIG, '--gates', 'text'],
        stderr: 'pipe',
      }),
    );
    try {
      const said = client.getInstructions() ?? '';
      expect(said).toContain(GUIDANCE.ledger!.lead);
      expect(said).toContain(GUIDANCE.toolClasses!.lead);
      expect(said).not.toContain(GUIDANCE.fanout!.lead);
      const { tools } = await client.listTools();
      const desc = (n: string) => tools.find((t) => t.name === n)?.description ?? '';
      expect(desc('query_loki_logs')).toContain('Send at most 3 calls of one query tool');
      expect(desc('list_prometheus_label_names')).toContain(GUIDANCE.fanout!.lead);
      expect(desc('list_datasources')).not.toContain(GUIDANCE.fanout!.lead);
      for (const op of ['=', '=~', '=', '=~']) {
        const r = (await client.callTool({
          name: 'query_loki_logs',
          arguments: {
            datasourceUid: 'rematch-loki',
            logql: `sum(count_over_time({app${op}"payments"} |= "pool exhausted" [1h]))`,
            queryType: 'instant',
          },
        })) as Result;
        expect(r.isError).toBe(true);
        expect(text(r)).not.toMatch(/\[host:(steer|halt)\]|halted/);
      }
    } finally {
      await client.close();
    }
  }, 60_000);

  it('says nothing more without prompt-mode gates', async () => {
    const client = new Client({ name: 'prompt-mode-none', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', GOLDEN, '--workers', '0', '--gates', 'all'],
        stderr: 'pipe',
      }),
    );
    try {
      expect(client.getInstructions()).toBeUndefined();
      const { tools } = await client.listTools();
      for (const t of tools)
        for (const g of Object.values(GUIDANCE)) expect(t.description ?? '').not.toContain(g!.lead);
    } finally {
      await client.close();
    }
  }, 60_000);
});
