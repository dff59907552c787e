/**
 * The text `bench new golden <id>` writes: a small, complete incident that validates as it stands
 * (expect checks, routes against truth, the reference ceiling), commented field by field so an
 * author edits a working golden rather than starting from a blank page. docs/goldens.md is the
 * reference for every field.
 */
export function goldenSkeleton(id: string, schemaRef: string): string {
  return `# yaml-language-server: $schema=${schemaRef}
# A new golden: it validates as written (\`bench validate goldens/${id}\`). Replace the story,
# the world and the truths with your incident's; docs/goldens.md explains every field.
id: ${id}
title: Checkout 5xx from payments DB pool exhaustion (replace with your incident)
description: |
  Say what is true, what is a red herring, and which faults apply.
tags: [dual-part]
# Instants are RFC3339 or an offset from time.start (90s, 1h40m). Every sample lies in [start, end].
time: { start: 2026-03-14T13:00:00Z, end: 2026-03-14T15:00:00Z, now: 1h40m }
alert:
  name: CheckoutHighErrorRate
  labels: { severity: page, service: checkout }
  expr: 'sum(rate(http_requests_total{code="500"}[5m])) > 1'
  # The first evaluation (every \`interval\`, default 1m) at which expr returns a sample; bench
  # validate evaluates the rule and refuses an activeAt later than that.
  activeAt: 1h04m
  summary: checkout is answering 5xx
# The prompt must name every measurement id (bench validate refuses one it does not name).
prompt: |
  Checkout pages with CheckoutHighErrorRate. Part A (metrics): report error_rate, the checkout
  5xx rate in requests per second at the time of the investigation. Part B (logs): report
  pool_timeouts, the number of "pool exhausted" lines of the payments service over the window.
  Name the root cause, and name as a gap any measurement you could not obtain.
parts:
  A: # the metrics part: every measurement here has source: metrics
    question: How many requests per second fail?
    measurements:
      - id: error_rate
        unit: per_second
        truth: 2
        tolerance: { abs: 0.1 }
        source: metrics
        route: 'sum(rate(http_requests_total{code="500"}[5m]))'
  B: # the logs part: every measurement here has source: logs
    question: Why do they fail?
    measurements:
      - id: pool_timeouts
        unit: count
        truth: 3
        tolerance: { abs: 0 }
        source: logs
        route: 'sum(count_over_time({app="payments"} |= "pool exhausted" [2h]))'
rootCause: { component: payments-db, mechanism: connection pool exhaustion, accept: [[pool], [exhaust]] }
world:
  seed: 1
  metrics:
    # promqltest notation: one sample per 15s from \`at\` (default time.start). A world scraped
    # at :07 says \`at: 7s\`. Here 256 zeros, then a counter rising 30 per scrape from 600.
    - load: 15s
      series: |
        http_requests_total{service="checkout",code="500"} 0x255 600+30x224
  logs:
    - stream: { app: payments, level: error }
      lines:
        - { at: 1h10m, line: "pool exhausted waiting for connection" }
        - { at: 1h20m, line: "pool exhausted waiting for connection" }
        - { at: 1h30m, line: "pool exhausted waiting for connection" }
# faults: the backend's failures (docs/faults.md), e.g. a failed envelope on the payments logs.
faults: []
# Self-checks bench validate runs: pin the facts the story relies on.
expect:
  - query: 'sum(rate(http_requests_total{code="500"}[5m]))'
    value: 2
    tolerance: { abs: 0.01 }
`;
}
