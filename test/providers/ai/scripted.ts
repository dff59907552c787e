/**
 * A scripted investigator for the tiny golden (test/e2e/tiny-golden.ts): it reads the request body
 * (the conversation so far) and answers as a real model would. It learns the host's call ids only
 * from the tool results the host sent back (the envelope's `callId`), so a host that loses results
 * or renumbers calls makes the Theory cite the wrong ids and the trial score drops.
 */
import type { Step } from './wire.js';

export const METRICS_ROUTE = 'sum(rate(http_requests_total{service="checkout",code="500"}[5m]))';
export const LOGS_ROUTE = 'sum(count_over_time({app="payments"} |= "pool exhausted" [1h]))';

/** Every tool-result envelope in a request body, in order. */
export function envelopesIn(bodyText: string): Record<string, unknown>[] {
  // Tool results travel as JSON strings inside the JSON body: decode every string literal and keep
  // those that are envelopes (an object with `outcome` and `callId`). The prompt's own examples of
  // call ids are prose, not envelopes, so they are not counted.
  const out: Record<string, unknown>[] = [];
  for (const m of bodyText.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    if (!m[1].includes('callId')) continue;
    try {
      const env = JSON.parse(JSON.parse(`"${m[1]}"`)) as unknown;
      if (env && typeof env === 'object' && 'outcome' in env && 'callId' in env)
        out.push(env as Record<string, unknown>);
    } catch {
      // not an envelope
    }
  }
  return out;
}

/** Host call ids in the order their results appear in the request (only `ok` ones with `okOnly`). */
export function callIdsIn(bodyText: string, okOnly = false): string[] {
  const envs = envelopesIn(bodyText).filter((e) => !okOnly || e.outcome === 'ok');
  return [...new Set(envs.map((e) => String(e.callId)))];
}

export function envelopeIn(bodyText: string, callId: string): Record<string, unknown> | undefined {
  return envelopesIn(bodyText).find((e) => e.callId === callId);
}

/** The one number of a one-sample vector in an envelope (`data.result[0].value[1]`). */
export function numberIn(env: Record<string, unknown> | undefined): number | undefined {
  const data = env?.data as { data?: unknown; result?: unknown } | undefined;
  // Gate-off (raw) envelopes carry the backend's wire body: {status, data: {resultType, result}}.
  const inner = (data && 'result' in data ? data : (data?.data as { result?: unknown })) ?? undefined;
  const r = inner?.result;
  if (!Array.isArray(r) || r.length !== 1) return undefined;
  const v = Number((r[0] as { value?: unknown[] }).value?.[1]);
  return Number.isFinite(v) ? v : undefined;
}

export function theoryFor(a: { id: string; value: number }, b: { id: string; value: number }): unknown {
  return {
    summary: 'Payments ran out of database connections; checkout answered 5xx.',
    rootCause: {
      component: 'payments',
      mechanism: 'connection pool exhaustion',
      explanation: 'pool exhausted lines in payments match the 5xx rate on checkout',
    },
    parts: {
      A: {
        status: 'resolved',
        findings: 'checkout 5xx rate',
        measurements: [{ id: 'errors_per_second', value: a.value, unit: 'per_second', evidence: [a.id] }],
      },
      B: {
        status: 'resolved',
        findings: 'pool exhaustion in payments logs',
        measurements: [{ id: 'pool_exhausted_lines', value: b.value, unit: 'count', evidence: [b.id] }],
      },
    },
  };
}

/**
 * Turn by turn from what the conversation holds: no ok result yet → query_metrics; one →
 * query_logs; two or more → submit_theory citing those two ids with the values read from their
 * results (a rejected or failed result is retried, as a model would). `tag` makes provider call ids
 * unique per turn.
 */
export function investigatorStep(bodyText: string): Step {
  const ids = callIdsIn(bodyText, true);
  const tag = `t${callIdsIn(bodyText).length + 1}`;
  if (ids.length === 0)
    return { calls: [{ id: `call_${tag}`, name: 'query_metrics', args: { query: METRICS_ROUTE } }] };
  if (ids.length === 1)
    return { calls: [{ id: `call_${tag}`, name: 'query_logs', args: { query: LOGS_ROUTE } }] };
  const [a, b] = ids;
  const va = numberIn(envelopeIn(bodyText, a)) ?? -1;
  const vb = numberIn(envelopeIn(bodyText, b)) ?? -1;
  return {
    calls: [
      {
        id: `call_${tag}`,
        name: 'submit_theory',
        args: { theory: theoryFor({ id: a, value: va }, { id: b, value: vb }) },
      },
    ],
  };
}

const PART_GOALS = {
  A: 'Part A: measure errors_per_second (checkout 5xx per second)',
  B: 'Part B: measure pool_exhausted_lines (pool exhaustion lines in payments logs)',
};

/**
 * reactree, from the request body alone: the root expands into one parallel child per part, then
 * submits the values and call ids its children's summaries report; a child queries its part's
 * route once and finishes with `<measurement>=<value> evidence=<call id>`.
 */
export function treeStep(bodyText: string): Step {
  const envs = envelopesIn(bodyText);
  const tag = `t${envs.length + 1}`;
  if (bodyText.includes('You are a child agent')) {
    const partA = bodyText.includes(`Your subgoal: ${PART_GOALS.A}`);
    const ok = envs.find((e) => e.outcome === 'ok');
    if (!ok) {
      const call = partA
        ? { name: 'query_metrics', args: { query: METRICS_ROUTE } }
        : { name: 'query_logs', args: { query: LOGS_ROUTE } };
      return { calls: [{ id: `call_${tag}`, ...call }] };
    }
    const summary = `${partA ? 'errors_per_second' : 'pool_exhausted_lines'}=${numberIn(ok)} evidence=${String(ok.callId)}`;
    return { calls: [{ id: `call_${tag}`, name: 'finish_node', args: { success: true, summary } }] };
  }
  const expanded = envs.find((e) => (e.data as { children?: unknown } | undefined)?.children);
  if (!expanded) {
    return {
      calls: [
        {
          id: `call_${tag}`,
          name: 'expand',
          args: { control: 'parallel', subgoals: [PART_GOALS.A, PART_GOALS.B] },
        },
      ],
    };
  }
  const children = (expanded.data as { children: { summary: string }[] }).children;
  const read = (id: string) => {
    for (const c of children) {
      const m = new RegExp(`${id}=([0-9.e+-]+) evidence=(c\\d+)`).exec(c.summary);
      if (m) return { value: Number(m[1]), id: m[2] };
    }
    return { value: -1, id: 'none' };
  };
  const theory = theoryFor(read('errors_per_second'), read('pool_exhausted_lines'));
  return { calls: [{ id: `call_${tag}`, name: 'submit_theory', args: { theory } }] };
}
