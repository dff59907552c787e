/**
 * A tiny golden written to a temp folder: two services, a 5xx counter (flat until the alert first
 * fires at 64m, as `bench validate` checks), a payments stream with a
 * pool-exhaustion burst, and capacity/latency chosen by the test so schedules are computable.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function writeTinyGolden(opts: { slots?: number; latencyMs?: number; faults?: string } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'rematch-tiny-'));
  const lines: string[] = [];
  for (let m = 60; m < 90; m++) {
    lines.push(
      `        - {at: ${m}m, line: 'level=error msg="pool exhausted: no free connection" pool=main'}`,
    );
    lines.push(`        - {at: ${m}m30s, line: 'level=info msg="charge ok" took=12ms'}`);
  }
  const yaml = `id: tiny-checkout
title: Tiny checkout incident
time: {start: 2026-03-14T13:00:00Z, end: 2026-03-14T15:00:00Z, now: 100m}
alert:
  name: CheckoutErrors
  labels: {service: checkout}
  expr: sum(rate(http_requests_total{code="500"}[5m])) > 0
  activeAt: 64m
  summary: checkout answers 5xx
prompt: |
  Checkout answers 5xx. Part A: report errors_per_second. Part B: report pool_exhausted_lines.
  Log streams are labelled by app="...".
parts:
  A:
    question: How many 5xx per second?
    measurements:
      - id: errors_per_second
        unit: per_second
        truth: 1
        tolerance: {abs: 0.05}
        source: metrics
        route: 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))'
  B:
    question: How often was the pool exhausted?
    measurements:
      - id: pool_exhausted_lines
        unit: count
        truth: 30
        tolerance: {abs: 0}
        source: logs
        route: 'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))'
rootCause: {component: payments, mechanism: connection pool exhaustion, accept: [[pool], [exhaust]]}
world:
  metrics:
    - load: 1m
      series: |
        http_requests_total{service="checkout",code="200"} 0+600x120
        http_requests_total{service="checkout",code="500"} 0x63 60+60x56
  logs:
    - stream: {app: payments, level: error}
      lines:
${lines.join('\n')}
${opts.faults ?? 'faults: []'}
capacity:
  prometheus: {slots: ${opts.slots ?? 8}, latency: {dist: fixed, ms: ${opts.latencyMs ?? 20}}}
  loki: {slots: ${opts.slots ?? 8}, latency: {dist: fixed, ms: ${opts.latencyMs ?? 20}}}
`;
  writeFileSync(join(dir, 'golden.yaml'), yaml);
  return dir;
}
