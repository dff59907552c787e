/** A real golden through `startServe` and the HTTP adapter: routes answer, the golden's fault fires. */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from '../../src/backend/serve.js';
import { loadGolden } from '../../src/formats/load.js';

const DIR = resolve(__dirname, '../../goldens/checkout-db-pool-logs-failed');
const golden = loadGolden(DIR);
const lines: string[] = [];
const withFaults = await startServe(DIR, { write: (l) => lines.push(l) });
const clean = await startServe(DIR, { faults: false, write: () => {} });
afterAll(async () => {
  await withFaults.close();
  await clean.close();
});

async function get(base: string, path: string, q: Record<string, string>) {
  const u = new URL(path, base);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  const r = await fetch(u);
  return { status: r.status, json: JSON.parse(await r.text()) };
}

describe(`golden ${golden.id} over HTTP`, () => {
  it('prints both base URLs and the active fault', () => {
    expect(lines).toContain(`Prometheus: ${withFaults.promUrl}`);
    expect(lines).toContain(`Loki:       ${withFaults.lokiUrl}`);
    expect(lines.some((l) => l.includes('payments-logs-failed: failed-envelope'))).toBe(true);
  });

  it('answers every Part A route with a one-sample vector at the golden now, within tolerance', async () => {
    for (const m of golden.parts.A.measurements) {
      const r = await get(withFaults.promUrl, '/api/v1/query', { query: m.route ?? '' });
      expect(r.status, m.id).toBe(200);
      expect(r.json.data.resultType).toBe('vector');
      expect(r.json.data.result).toHaveLength(1);
      const [t, v] = r.json.data.result[0].value;
      expect(t).toBe(golden.ms.now / 1000);
      const tol = m.tolerance?.abs ?? (m.tolerance?.rel ?? 0) * Math.abs(m.truth ?? 0);
      expect(Math.abs(Number(v) - (m.truth ?? Number.NaN)), m.id).toBeLessThanOrEqual(tol);
    }
  });

  it("answers Part B's payments route with the golden's failed envelope, and with data when faults are off", async () => {
    const route = golden.parts.B.measurements.find((m) => m.id === 'pool_exhausted_lines')?.route ?? '';
    const faulty = await get(withFaults.lokiUrl, '/loki/api/v1/query', { query: route });
    expect(faulty.status).toBe(200);
    expect(faulty.json).toMatchObject({ outcome: 'failed', n: 0 });
    expect(faulty.json.results[0].error).toMatch(/DeadlineExceeded/);
    const ok = await get(clean.lokiUrl, '/loki/api/v1/query', { query: route });
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe('success');
    expect(Number(ok.json.data.result[0].value[1])).toBeGreaterThan(0);
  });
});
