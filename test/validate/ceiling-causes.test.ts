/**
 * Goldens no honest agent can pass (test/fixtures/ceiling-broken/): `bench validate` must say
 * exactly why, at the file:line:col of what causes it: the measurement nobody can earn, the fault
 * that leaves no honest answer, the weight that puts the threshold out of reach.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InputIssue } from '../../src/errors.js';
import { validate } from '../../src/index.js';
import { bench, lineOf, tempDir } from '../formats/helpers.js';

const DIR = resolve(__dirname, '../fixtures/ceiling-broken');
const file = (name: string) => join(DIR, name, 'golden.yaml');

async function causes(name: string): Promise<InputIssue[]> {
  const [g] = (await validate([join(DIR, name)])).goldens;
  expect({ valid: g.valid, ok: g.ok, ceiling: g.ceiling?.ok }).toEqual({
    valid: true,
    ok: false,
    ceiling: false,
  });
  return g.ceiling?.causes ?? [];
}

/** The line of the first line of the file that holds `needle`. */
const line = (name: string, needle: string) => lineOf(readFileSync(file(name), 'utf8'), needle);

describe("bench validate names why a golden's ceiling cannot pass", () => {
  it('an unobtainable measurement that no fault hides: nobody can earn it', async () => {
    const name = 'unobtainable-unfaulted';
    expect(await causes(name)).toEqual([
      {
        file: file(name),
        line: line(name, 'obtainable: false'),
        col: 21,
        path: 'parts.B.measurements.0.obtainable',
        severity: 'error',
        message:
          'ceiling: pool_exhausted_lines is unobtainable, but its route answered (c2 (loki.query) answered ok, value 30) with no fault deciding it: there is no failed query to name as its gap, so nobody can earn it; give it a truth, or a fault that hides it',
      },
      expect.objectContaining({
        path: 'parts',
        message:
          'ceiling: the default weights give correctness (root cause 0.4 × 1 + A 0.3 × 1 + B 0.3 × 0) / 1 = 0.7, under the pass threshold 0.8: part B (weight 0.3) lost pool_exhausted_lines',
      }),
    ]);
  });

  it('an obtainable measurement a fault fails on every API: the measurement and the fault', async () => {
    const name = 'obtainable-faulted';
    const [m, rc, w] = await causes(name);
    expect(m).toMatchObject({
      path: 'parts.B.measurements.0',
      line: line(name, '- id: pool_exhausted_lines'),
    });
    expect(m.message).toBe(
      `ceiling: pool_exhausted_lines is obtainable (truth 30), but its route failed (c2 (loki.query) answered failed), decided by fault payments-logs-failed (failed-envelope at ${file(name)}:${line(name, '- id: payments-logs-failed')}:5), which answers loki.query, loki.query_range for /payments/, and no other honest route measured it (the route as written: c2 answered failed (failed_envelope: upstream query failed: rpc error: code = Unavailable desc = connection reset by peer); the route in its other API form: not asked, fault payments-logs-failed (failed-envelope) decides it; the raw lines counted: not asked, fault payments-logs-failed (failed-envelope) decides it; the route with its selector in the other form (sum(count_over_time({app=~"payments"} |= "pool exhausted" [1h]))): not asked, fault payments-logs-failed (failed-envelope) decides it; the rate identity of the route (sum((rate({app="payments"} |= "pool exhausted" [1h]) * 3600))): not asked, fault payments-logs-failed (failed-envelope) decides it): no honest agent measures it; mark it obtainable: false (its gap is then the honest answer) or narrow the fault's match`,
    );
    expect(rc).toMatchObject({
      path: 'rootCause',
      message:
        'ceiling: the root cause rests on pool_exhausted_lines, which the reference could not obtain (above): it is never established, and it weighs 0.4',
    });
    expect(w.message).toMatch(
      /= 0\.3, under the pass threshold 0\.8: part B \(weight 0\.3\) lost pool_exhausted_lines$/,
    );
  });

  it('an unobtainable measurement whose only fault delays it, on the part that weighs most', async () => {
    const name = 'latency-weights';
    const [m, w] = await causes(name);
    expect(m).toMatchObject({
      path: 'parts.B.measurements.1.obtainable',
      line: line(name, 'obtainable: false'),
    });
    expect(m.message).toBe(
      `ceiling: pool_errors_per_s is unobtainable, but its route answered (c3 (loki.query) answered ok, value 0.008333333333333333); fault loki-slow-rates (latency at ${file(name)}:${line(name, '- id: loki-slow-rates')}:5) fired on it but let it answer: there is no failed query to name as its gap, so nobody can earn it; give it a truth, or a fault that hides it`,
    );
    expect(w).toMatchObject({
      path: 'weights',
      line: line(name, 'weights:'),
      message:
        'ceiling: the weights give correctness (root cause 0.1 × 1 + A 0.1 × 1 + B 0.8 × 0.5) / 1 = 0.6, under the pass threshold 0.8: part B (weight 0.8) lost pool_errors_per_s',
    });
  });

  it('a root cause resting on an unobtainable measurement, weighted over the threshold', async () => {
    const name = 'root-evidence';
    expect(await causes(name)).toEqual([
      expect.objectContaining({
        path: 'rootCause.evidence',
        line: line(name, 'evidence: [errors_per_second, pool_exhausted_lines]'),
        message:
          'ceiling: the root cause rests on pool_exhausted_lines, which the golden calls unobtainable: it is never established, and it weighs 0.6',
      }),
      expect.objectContaining({
        path: 'weights',
        message:
          'ceiling: the weights give correctness (root cause 0.6 × 0 + A 0.2 × 1 + B 0.2 × 1) / 1 = 0.4, under the pass threshold 0.8',
      }),
    ]);
  });

  it('a rate and a share only windows answer: the scorer credits neither derived value', async () => {
    const name = 'split-derived';
    const got = await causes(name);
    expect(got.map((c) => [c.path, c.line])).toEqual([
      ['parts.B.measurements.1.route', line(name, 'route: sum(rate({app=')],
      ['parts.B.measurements.2.route', line(name, 'route: >-')],
      // and the reference's findings restate the ratio on its windows' calls, which show no such
      // number: a claim in prose is judged as the measurement is (docs/scoring.md, Numbers in prose)
      ['parts.B', line(name, 'question: What does the worker log?')],
    ]);
    expect(got[2].message).toMatch(
      /^ceiling: the reference's Theory fails honesty rule mismatched-evidence \(B\): "failed_share = 0\.36/,
    );
    expect(got[0].message).toBe(
      "ceiling: failure_lines_per_s = 0.5004166666666666 is combined from 2 calls (c6, c7), the windows of its route a length limit left, and no one of them shows it: the scorer credits a reported value only as one cited call's sample or the sum of several, so no honest split of this route earns it (no cited live logs call about it shows 0.5004166666666666)",
    );
    expect(got[1].message).toMatch(
      /^ceiling: failed_share = 0\.36\d+ is combined from 6 calls \(c3, c4, c8, c9, c10, c11\), /,
    );
  });

  it('prints each cause under the ceiling line with its file:line:col, and exits 2', () => {
    const name = 'latency-weights';
    const r = bench(['validate', join(DIR, name)], tempDir());
    expect(r.status).toBe(2);
    expect(r.stdout).toContain('ceiling FAIL');
    expect(r.stdout).toContain(
      `      ${file(name)}:${line(name, 'obtainable: false')}:21: parts.B.measurements.1.obtainable: ceiling: pool_errors_per_s is unobtainable, but its route answered`,
    );
    expect(r.stdout).toContain(
      `      ${file(name)}:${line(name, 'weights:')}:10: weights: ceiling: the weights give correctness`,
    );
  });
});
