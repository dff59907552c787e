/**
 * `bench serve --gates all` through the built CLI, with plain fetch: the failed-logs golden's HTTP
 * 200 failed envelope reaches the client as the error Loki would send (500, plain text), the 2nd
 * sighting carries the steer in a `Warning` header, the 3rd the halt, and the next query (any API)
 * is refused with 403 "halted: submit your Theory". Sessions are the bench's: `POST
 * /rematch/session` answers an `X-Rematch-Session` id to send, a made-up one is refused (400), a
 * request without one gets the typed failure only, and `DELETE /rematch/session` ends a session.
 * `--gates none` serves the stack unwrapped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchServe } from './bench-serve.js';

const QUERY = (op: string) => `sum(count_over_time({app${op}"payments"} |= "pool exhausted" [1h]))`;

describe('bench serve --gates all', async () => {
  const { url, banner } = await benchServe(['goldens/checkout-db-pool-logs-failed', '--gates', 'all']);

  const opened = new Map<string, string>();
  const open = async (name: string) => {
    const r = await fetch(`${url}/rematch/session`, { method: 'POST' });
    expect(r.status).toBe(201);
    opened.set(name, ((await r.json()) as { session: string }).session);
  };
  const get = (name: string, path: string, params: Record<string, string>) =>
    fetch(`${url}${path}?${new URLSearchParams(params)}`, {
      headers: { 'X-Rematch-Session': opened.get(name) ?? name },
    });
  const logs = (session: string, op: string) => get(session, '/loki/api/v1/query', { query: QUERY(op) });

  it('names the gate set in the banner, and what a request without a session gets', () => {
    expect(banner).toMatch(
      /gates: all \(failureClass, ledger, fanout, toolClasses, budgetFindings; steer at 2, halt at 3/,
    );
    expect(banner).toMatch(
      /one per session the bench opens: POST http:\/\/127\.0\.0\.1:\d+\/rematch\/session/,
    );
    expect(banner).toMatch(/requests without it get the typed failure class only/);
  });

  it('a session id the bench did not issue is refused', async () => {
    const r = await get('made-up', '/api/v1/query', { query: 'up' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(
      /^unknown session "made-up": open one with POST/,
    );
  }, 60_000);

  it('without X-Rematch-Session: the typed failure, never a steer or a halt', async () => {
    for (const op of ['=', '=~', '=', '=~']) {
      const r = await fetch(`${url}/loki/api/v1/query?${new URLSearchParams({ query: QUERY(op) })}`);
      expect(r.status).toBe(500);
      expect(r.headers.get('warning')).toBeNull();
    }
    expect((await fetch(`${url}/api/v1/query?query=up`)).status).toBe(200);
  }, 60_000);

  it('typed failure, steer and halt warnings, then the refusal; another session keeps its own ledger', async () => {
    await open('a');
    await open('b');
    const first = await logs('a', '=');
    expect(first.status).toBe(500);
    expect(await first.text()).toMatch(/^failed to load chunks for \{app="payments"\}/);
    expect(first.headers.get('warning')).toBeNull();

    const second = await logs('a', '=~');
    expect(second.status).toBe(500);
    expect(second.headers.get('warning')).toMatch(/^299 rematch "\[host:steer\] query_logs/);
    expect(second.headers.get('x-rematch-gate')).toBe('steer');

    const elsewhere = await logs('b', '=');
    expect(elsewhere.status).toBe(500);
    expect(elsewhere.headers.get('warning')).toBeNull();

    const third = await logs('a', '=~');
    expect(third.headers.get('warning')).toMatch(
      /^299 rematch "\[host:halt\] The same failed result came back 3 times/,
    );

    const refused = await get('a', '/api/v1/query', { query: 'up' });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { status: string; errorType: string; error: string };
    expect(body).toMatchObject({ status: 'error', errorType: 'final_turn' });
    expect(body.error).toMatch(/^halted: submit your Theory/);

    const ok = await get('b', '/api/v1/query', { query: 'up' });
    expect(ok.status).toBe(200);

    // Ended by its holder: its id is gone; a new session starts afresh.
    const end = await fetch(`${url}/rematch/session`, {
      method: 'DELETE',
      headers: { 'X-Rematch-Session': opened.get('a') ?? '' },
    });
    expect(end.status).toBe(204);
    expect((await get('a', '/api/v1/query', { query: 'up' })).status).toBe(400);
    await open('a');
    expect((await get('a', '/api/v1/query', { query: 'up' })).status).toBe(200);
  }, 60_000);
});

describe('bench serve --gates none', async () => {
  const { url, banner } = await benchServe(['goldens/checkout-db-pool-logs-failed', '--gates', 'none']);

  it('serves the stack unwrapped: the 200 failed envelope as it is, no gated call ids', async () => {
    expect(banner).toMatch(/gates: none \(no gates: the backend as it is\)/);
    const r = await fetch(`${url}/loki/api/v1/query?${new URLSearchParams({ query: QUERY('=') })}`, {
      headers: { 'X-Rematch-Session': 'a' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-rematch-call-id')).toBeNull();
  }, 60_000);
});

describe('bench serve --gates with every gate in prompt mode', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rematch-serve-text-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = join(dir, 'config.yaml');
  writeFileSync(config, 'gateSets:\n  text: {gates: [{failureClass: prompt}, {ledger: prompt}]}\n');
  const { url, banner } = await benchServe([
    resolve('goldens/checkout-db-pool-logs-failed'),
    '--config',
    config,
    '--gates',
    'text',
  ]);

  it('enforces nothing and prints the guidance for whoever writes the agent prompt', async () => {
    expect(banner).toMatch(
      /gates: text \(failureClass: prompt, ledger: prompt; no gate enforced: the backend as it is\)/,
    );
    expect(banner).toContain(
      'prompt-mode gates: not enforced and not sent over HTTP; give your agent this text:',
    );
    expect(banner).toContain('  Do not repeat a failed probe.');
    expect(banner).toContain('  Read every answer before you use it.');
    for (const op of ['=', '=~', '=']) {
      const r = await fetch(`${url}/loki/api/v1/query?${new URLSearchParams({ query: QUERY(op) })}`);
      // the 200 failed envelope as it is (failureClass only told), never a steer or a halt
      expect(r.status).toBe(200);
      expect(r.headers.get('x-rematch-gate')).toBeNull();
    }
  }, 60_000);
});
