#!/usr/bin/env node
// The held-out suite's recorder: a command seat (docs/command-seats.md) that asks, one at a time, the
// queries listed in the JSON file REMATCH_SCRIPT names ([{api: prom | loki | loki_range, query}]),
// then writes a placeholder Theory. It only exists to record genuine traces (real host classifier,
// real faults, real call ids) for test/scoring/heldout/cases/; the cases carry their own Theories.
import { readFileSync, writeFileSync } from 'node:fs';

const env = process.env;
const script = JSON.parse(readFileSync(env.REMATCH_SCRIPT, 'utf8'));
const nowSec = Date.parse(env.REMATCH_NOW) / 1000;

for (const step of script) {
  let url;
  if (step.api === 'prom') {
    url = `${env.REMATCH_PROMETHEUS_URL}/api/v1/query?${new URLSearchParams({ query: step.query, time: String(nowSec) })}`;
  } else if (step.api === 'loki') {
    url = `${env.REMATCH_LOKI_URL}/loki/api/v1/query?${new URLSearchParams({ query: step.query, time: String(nowSec) })}`;
  } else {
    const end = BigInt(Math.round(nowSec)) * 1_000_000_000n;
    const start = end - BigInt(step.rangeSec ?? 3600) * 1_000_000_000n;
    const params = {
      query: step.query,
      start: String(start),
      end: String(end),
      limit: String(step.limit ?? 100),
    };
    url = `${env.REMATCH_LOKI_URL}/loki/api/v1/query_range?${new URLSearchParams(params)}`;
  }
  await (await fetch(url)).text();
}
const part = { status: 'undetermined', findings: '', measurements: [], gaps: [] };
writeFileSync(
  env.REMATCH_THEORY_FILE,
  JSON.stringify({
    summary: 'scripted',
    rootCause: { component: '-', mechanism: '-' },
    parts: { A: part, B: part },
  }),
);
