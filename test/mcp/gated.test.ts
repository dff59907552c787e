/**
 * `bench mcp --http --gates all` through the built CLI, with SDK clients: the failed-logs golden's
 * payments queries come back `isError` naming the upstream failure, the 2nd sighting carries the
 * steer text, the 3rd the halt text, and the next query is refused ("halted: submit your Theory").
 * A second session, open at the same time, has a ledger of its own. Context tools are marked.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { track } from '../children.js';

const ROOT = resolve(__dirname, '../..');
const BIN = resolve(ROOT, 'bin/bench.js');
const GOLDEN = resolve(ROOT, 'goldens/checkout-db-pool-logs-failed');

interface Result {
  isError?: boolean;
  content: { type: string; text?: string }[];
}

async function startMcp(args: string[]): Promise<string> {
  const child: ChildProcess = track(
    spawn(process.execPath, [BIN, 'mcp', GOLDEN, '--http', '--workers', '0', ...args], { cwd: ROOT }),
  );
  let err = '';
  return new Promise<string>((ready, fail) => {
    child.stderr?.on('data', (d) => {
      err += d;
      const url = /MCP \(streamable HTTP\): (\S+)/.exec(err)?.[1];
      if (url) ready(url);
    });
    child.on('exit', () => fail(new Error(`bench mcp exited early: ${err}`)));
  });
}

async function session(url: string): Promise<Client> {
  const client = new Client({ name: 'gated-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  afterAll(() => client.close());
  return client;
}

/** The payments count, with its label matcher tweaked as a tweaking agent would. */
function payments(client: Client, op: string): Promise<Result> {
  return client.callTool({
    name: 'query_loki_logs',
    arguments: {
      datasourceUid: 'rematch-loki',
      logql: `sum(count_over_time({app${op}"payments"} |= "pool exhausted" [1h]))`,
      queryType: 'instant',
    },
  }) as Promise<Result>;
}

const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');

describe('bench mcp --gates all', async () => {
  const url = await startMcp(['--gates', 'all']);
  const one = await session(url);
  const two = await session(url);

  it('marks context tools: never evidence', async () => {
    const { tools } = await one.listTools();
    const ds = tools.find((t) => t.name === 'list_datasources');
    expect(ds?._meta?.['rematch/toolClass']).toBe('context');
    expect(ds?.description).toMatch(/never evidence/);
    expect(tools.find((t) => t.name === 'query_loki_logs')?._meta?.['rematch/toolClass']).toBe('live');
  });

  it('isError naming the upstream failure, then the steer, the halt and the refusal; a second session is unaffected', async () => {
    const first = await payments(one, '=');
    expect(first.isError).toBe(true);
    expect(text(first)).toMatch(/upstream returned status 500: failed to load chunks for \{app="payments"\}/);
    expect(text(first)).not.toMatch(/\[host:/);

    const second = await payments(one, '=~');
    expect(second.isError).toBe(true);
    expect(text(second)).toMatch(/\[host:steer\] query_logs .* gave the same failed result as before/);

    // The other session, meanwhile: its first sighting, no steer; its metrics answer.
    const [other, metrics] = await Promise.all([
      payments(two, '='),
      two.callTool({
        name: 'query_prometheus',
        arguments: {
          datasourceUid: 'rematch-prometheus',
          expr: 'up',
          startRfc3339: 'now',
          queryType: 'instant',
        },
      }) as Promise<Result>,
    ]);
    expect(other.isError).toBe(true);
    expect(text(other)).not.toMatch(/\[host:/);
    expect(metrics.isError).toBeFalsy();

    const third = await payments(one, '=~');
    expect(text(third)).toMatch(/\[host:halt\] The same failed result came back 3 times/);

    const fourth = (await one.callTool({
      name: 'query_prometheus',
      arguments: {
        datasourceUid: 'rematch-prometheus',
        expr: 'up',
        startRfc3339: 'now',
        queryType: 'instant',
      },
    })) as Result;
    expect(fourth.isError).toBe(true);
    expect(text(fourth)).toMatch(/^halted: submit your Theory/);

    // Session two still queries: its ledger saw one sighting.
    const again = await payments(two, '=~');
    expect(text(again)).toMatch(/\[host:steer\]/);
    expect(text(again)).not.toMatch(/halted/);
  }, 60_000);
});

describe('bench mcp --gates all over stdio', () => {
  it('one session per process: steer, halt, then the refusal', async () => {
    const client = new Client({ name: 'gated-stdio', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', GOLDEN, '--workers', '0', '--gates', 'all'],
        stderr: 'pipe',
      }),
    );
    try {
      expect(text(await payments(client, '='))).not.toMatch(/\[host:/);
      expect(text(await payments(client, '=~'))).toMatch(/\[host:steer\]/);
      expect(text(await payments(client, '='))).toMatch(/\[host:halt\]/);
      const refused = await payments(client, '=~');
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/^halted: submit your Theory/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
