/**
 * `bench serve --gates all` through the built CLI, with plain fetch: the failed-logs golden's HTTP
 * 200 failed envelope reaches the client as the error Loki would send (500, plain text), the 2nd
 * sighting carries the steer in a `Warning` header, the 3rd the halt, and the next query (any API)
 * is refused with 403 "halted: submit your Theory". Sessions are keyed by `X-Rematch-Session`.
 */
import { describe, expect, it } from 'vitest';
import { benchServe } from './bench-serve.js';

const QUERY = (op: string) => `sum(count_over_time({app${op}"payments"} |= "pool exhausted" [1h]))`;

describe('bench serve --gates all', async () => {
  const { url, banner } = await benchServe(['goldens/checkout-db-pool-logs-failed', '--gates', 'all']);

  const get = (session: string, path: string, params: Record<string, string>) =>
    fetch(`${url}${path}?${new URLSearchParams(params)}`, { headers: { 'X-Rematch-Session': session } });
  const logs = (session: string, op: string) => get(session, '/loki/api/v1/query', { query: QUERY(op) });

  it('names the gate set in the banner', () => {
    expect(banner).toMatch(
      /gates: all \(failureClass, ledger, fanout, toolClasses, budgetFindings; steer at 2, halt at 3/,
    );
  });

  it('typed failure, steer and halt warnings, then the refusal; another session keeps its own ledger', async () => {
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
  }, 60_000);
});
