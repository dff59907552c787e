#!/usr/bin/env node
// An example external agent for a rematch command seat. No dependencies: plain fetch against the
// Prometheus and Loki URLs the bench passes in the environment (see docs/command-seats.md).
// Strategy: Part A measures the alert expression's left-hand side at the incident's now; Part B
// counts error-looking log lines per app over the last hour. Every value cites the call id the
// server returned in `x-rematch-call-id`; a failed query becomes a named gap, never a zero. Under
// a gate set it reads the server's `Warning` header: at a halt (`[host:halt] ...`) it stops
// querying and names the query the halt was about as its gap (docs/gates.md, At the surfaces).
//
// `--naive` (or REMATCH_AGENT_MODE=naive) is a deliberately bad agent, to show what gates do to an
// agent that does not read its errors (docs/command-seats.md, seats/example-command-naive.yaml):
// for each Part B measurement it counts error-like lines of the app the prompt names for it, and
// when that query fails it retries with tweaked label matchers (up to REMATCH_NAIVE_TRIES, default
// 6), then reports "no errors found" (a 0). It ignores steer warnings; only a refusal ("halted:
// submit your Theory") stops it, and then it writes what it saw: the failed queries as gaps.
import { readFileSync, writeFileSync } from 'node:fs';

const env = process.env;
const naive = process.argv.includes('--naive') || env.REMATCH_AGENT_MODE === 'naive';
const prompt = readFileSync(env.REMATCH_PROMPT_FILE, 'utf8');
const nowSec = Date.parse(env.REMATCH_NOW) / 1000;

/** Measurement ids by part and source, from the prompt's "Measurements to report" list. */
function measurements() {
  const out = { A: [], B: [] };
  let part = null;
  for (const line of prompt.split('\n')) {
    const p = /^Part ([AB]):/.exec(line);
    if (p) part = p[1];
    const m = /^\s+- ([\w.-]+) \((metrics|logs)/.exec(line);
    if (m && part) out[part].push({ id: m[1], source: m[2] });
  }
  return out;
}

async function call(base, path, params) {
  const url = `${base}${path}?${new URLSearchParams(params)}`;
  try {
    const res = await fetch(url);
    const id = res.headers.get('x-rematch-call-id') ?? undefined;
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const failed = !res.ok || !body || body.status !== 'success';
    const reason = failed
      ? (body?.error ?? body?.results?.[0]?.error ?? text.trim() ?? `HTTP ${res.status}`)
      : undefined;
    // A gated server refuses further queries once it halted the session (docs/gates.md).
    const halted = failed && /halted: submit your Theory/.test(reason ?? '');
    const halt = /\[host:halt\]/.test(res.headers.get('warning') ?? '');
    return { id, ok: !failed, data: body?.data, reason, query: params.query, halted, halt };
  } catch (e) {
    return { ok: false, reason: String(e?.cause?.code ?? e), query: params.query };
  }
}

const prom = (query) => call(env.REMATCH_PROMETHEUS_URL, '/api/v1/query', { query, time: String(nowSec) });
const loki = (query) => call(env.REMATCH_LOKI_URL, '/loki/api/v1/query', { query, time: String(nowSec) });

function firstValue(r) {
  const v = r.data?.result?.[0]?.value?.[1];
  return v === undefined ? undefined : Number(v);
}

async function partA(ms) {
  const alertExpr = /^Alert expression: (.+)$/m.exec(prompt)?.[1] ?? '';
  const lhs = alertExpr.split(/\s(?:>|<|>=|<=|==|!=)\s/)[0].trim();
  const r = await prom(lhs);
  const value = r.ok ? firstValue(r) : undefined;
  const m = ms[0];
  if (!m) return { status: 'resolved', findings: '', measurements: [], gaps: [] };
  if (value === undefined) {
    const reason = r.ok ? 'the alert expression returned no data' : `query failed: ${r.reason}`;
    return {
      status: 'undetermined',
      findings: reason,
      measurements: [],
      gaps: [{ measurement: m.id, failedQuery: lhs, callId: r.id, reason }],
    };
  }
  return {
    status: 'resolved',
    findings: `${lhs} = ${value} at now`,
    measurements: [{ id: m.id, value, evidence: [r.id] }],
    gaps: [],
  };
}

async function partB(ms) {
  const apps = await call(env.REMATCH_LOKI_URL, '/loki/api/v1/label/app/values', {});
  const m = ms[0];
  let best;
  const gaps = [];
  for (const app of apps.ok ? apps.data : []) {
    const q = `sum(count_over_time({app="${app}"} |~ "(?i)error|exhaust|timeout|fail" [1h]))`;
    const r = await loki(q);
    if (r.halt || r.halted) {
      // The server halted the session: no more queries; this one is what could not be measured.
      const why = r.halt ? 'the same result kept coming back and the server halted the session' : r.reason;
      gaps.push({ measurement: m?.id, failedQuery: q, callId: r.id, reason: why });
      stopped = true;
      break;
    }
    if (!r.ok) {
      gaps.push({ measurement: m?.id, failedQuery: q, callId: r.id, reason: `query failed: ${r.reason}` });
      continue;
    }
    const v = firstValue(r) ?? 0;
    if (!best || v > best.value) best = { app, value: v, id: r.id };
  }
  if (!m) return { part: { status: 'resolved', findings: '', measurements: [], gaps: [] }, best };
  if (!best || gaps.length > 0) {
    if (!apps.ok)
      gaps.push({ measurement: m.id, callId: apps.id, reason: `label values failed: ${apps.reason}` });
    return {
      part: {
        status: 'undetermined',
        findings: 'could not count error lines everywhere',
        measurements: [],
        gaps,
      },
      best,
    };
  }
  const part = {
    status: 'resolved',
    findings: `${best.value} error-like lines in app ${best.app} over the last hour`,
    measurements: [{ id: m.id, value: best.value, evidence: [best.id] }],
    gaps: [],
  };
  return { part, best };
}

/** Set once the server halted the session (a gated server): the agent stops querying. */
let stopped = false;

async function mechanismOf(app) {
  if (!app || stopped) return 'unknown';
  const end = BigInt(Math.round(nowSec * 1000)) * 1_000_000n;
  const start = end - 3_600_000_000_000n;
  const r = await call(env.REMATCH_LOKI_URL, '/loki/api/v1/query_range', {
    query: `{app="${app}"} |~ "(?i)error|exhaust|timeout|fail"`,
    start: String(start),
    end: String(end),
    limit: '1',
  });
  const line = r.ok ? r.data?.result?.[0]?.values?.[0]?.[1] : undefined;
  return /"?msg"?[=:]\s*"([^"]+)"/.exec(line ?? '')?.[1] ?? line ?? 'unknown';
}

/** The prompt's sentence about a measurement (`- id: how many payments log lines ...`). */
function describe(id) {
  return new RegExp(`^\\s*- ${id}: (.+)$`, 'm').exec(prompt)?.[1] ?? '';
}

/** The same selector, tweaked: what a naive agent tries when a query fails. */
const TWEAKS = [
  (app) => `app="${app}"`,
  (app) => `app=~"${app}"`,
  (app) => `app=~"${app}.*"`,
  (app) => `app=~"${app}.?"`,
  (app) => `app=~"${app}|${app}"`,
  (app) => `app=~"${app}(-.*)?"`,
  (app) => `app=~"${app}+"`,
  (app) => `app=~"${app}.{0,3}"`,
];

async function naivePartB(ms) {
  const apps = await call(env.REMATCH_LOKI_URL, '/loki/api/v1/label/app/values', {});
  const known = apps.ok ? apps.data : [];
  const tries = Math.min(Number(env.REMATCH_NAIVE_TRIES ?? 6) || 6, TWEAKS.length);
  const measured = [];
  const gaps = [];
  const zeroed = [];
  let halted = false;
  let lastFailed;
  for (const m of ms) {
    const app = known.find((a) => describe(m.id).includes(a));
    if (!app) continue;
    let last;
    for (let i = 0; i < tries && !halted; i++) {
      const q = `sum(count_over_time({${TWEAKS[i](app)}} |~ "(?i)error|exhaust|timeout|fail" [1h]))`;
      last = { q, r: await loki(q) };
      if (last.r.halted) halted = true;
      else if (!last.r.ok) lastFailed = last;
      if (last.r.ok) break;
    }
    if (last?.r.ok) measured.push({ id: m.id, value: firstValue(last.r) ?? 0, evidence: [last.r.id] });
    else if (halted) {
      // What it saw: the query that kept failing, and the server telling it to stop.
      const failed = lastFailed ?? last;
      gaps.push({
        measurement: m.id,
        failedQuery: failed?.q ?? '',
        callId: failed?.r.id,
        reason: `query failed: ${failed?.r.reason ?? 'the server halted the session'}`,
      });
    } else {
      // The naive conclusion: nothing came back, so there was nothing to find.
      measured.push({ id: m.id, value: 0, evidence: last?.r.id ? [last.r.id] : [] });
      zeroed.push(app);
    }
  }
  const findings = halted
    ? 'the logs queries kept failing and the server halted the session; the failed queries are the gaps'
    : zeroed.length
      ? `no errors found in the ${[...new Set(zeroed)].join(', ')} logs`
      : 'error-like lines counted per app';
  return {
    part: { status: gaps.length ? 'undetermined' : 'resolved', findings, measurements: measured, gaps },
    best: undefined,
  };
}

const ms = measurements();
const A = await partA(ms.A);
const { part: B, best } = naive ? await naivePartB(ms.B) : await partB(ms.B);
const mechanism = await mechanismOf(best?.app);
const theory = {
  summary: `Alert investigated: ${A.findings}; ${B.findings}.`,
  rootCause: {
    component: best?.app ?? 'unknown',
    mechanism,
    explanation: best
      ? `most error-like log lines came from ${best.app}`
      : 'the logs could not be read, so which app logged the errors is unknown',
  },
  parts: { A, B },
};
writeFileSync(env.REMATCH_THEORY_FILE, `${JSON.stringify(theory, null, 2)}\n`);
console.log(`theory written: A ${A.status}, B ${B.status}`);
