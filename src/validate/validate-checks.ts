/** The `expect` checks and route-against-truth checks of `bench validate`, on a built world. */
import type { Backend } from '../backend/api.js';
import type { Golden } from '../formats/golden/index.js';
import { goldenTime } from '../formats/golden/index.js';
import type { World } from '../world/types.js';
import { type Answer, evalInstant, evalThroughBackend, faultyBackend, langOf } from './validate-query.js';

export interface CheckResult {
  kind: 'expect' | 'route';
  /** The measurement id, or `expect.<i>`. */
  name: string;
  query: string;
  at: string;
  ok: boolean;
  expected: string;
  got: string;
}

export async function expectChecks(g: Golden, world: World): Promise<CheckResult[]> {
  let backend: Backend | undefined;
  const out: CheckResult[] = [];
  for (const [i, e] of g.expect.entries()) {
    const at = e.at ? goldenTime(g, e.at) : g.ms.now;
    const lang = langOf(e.query, e.lang);
    let a: Answer;
    if (e.faults) {
      backend ??= faultyBackend(g, world);
      a = await evalThroughBackend(g, backend, lang, e.query, at);
    } else a = evalInstant(g, world, lang, e.query, at);
    const want: string[] = [];
    let ok = true;
    if (e.value !== undefined) {
      want.push(`value ${fmt(e.value)}${tol(e.tolerance)}`);
      ok &&= a.value !== undefined && within(e.value, a.value, e.tolerance);
    }
    if (e.count !== undefined) {
      want.push(`${e.count} results`);
      ok &&= a.count === e.count && a.outcome !== 'failed' && a.outcome !== 'rejected';
    }
    if (e.empty !== undefined) {
      want.push(e.empty ? 'empty' : 'not empty');
      ok &&= e.empty ? a.outcome === 'empty' : a.outcome === 'ok';
    }
    if (e.outcome !== undefined) {
      want.push(`outcome ${e.outcome}`);
      ok &&= a.outcome === e.outcome;
    }
    out.push(check('expect', `expect.${i}`, e.query, at, ok, want.join(', '), describe(a)));
  }
  return out;
}

export function routeChecks(g: Golden, world: World): CheckResult[] {
  const out: CheckResult[] = [];
  for (const part of ['A', 'B'] as const) {
    for (const m of g.parts[part].measurements) {
      if (!m.obtainable || m.route === undefined || m.truth === undefined) continue;
      const at = m.at ? goldenTime(g, m.at) : g.ms.now;
      const a = evalInstant(g, world, m.source === 'metrics' ? 'promql' : 'logql', m.route, at);
      const ok = a.value !== undefined && within(m.truth, a.value, m.tolerance);
      const got =
        a.value === undefined
          ? `${describe(a)}: a route must yield exactly one sample or scalar`
          : describe(a);
      out.push(check('route', m.id, m.route, at, ok, `${fmt(m.truth)}${tol(m.tolerance)}`, got));
    }
  }
  return out;
}

function check(
  kind: CheckResult['kind'],
  name: string,
  query: string,
  at: number,
  ok: boolean,
  expected: string,
  got: string,
): CheckResult {
  return { kind, name, query, at: new Date(at).toISOString(), ok, expected, got };
}

type Tol = { abs?: number; rel?: number } | undefined;

/** Same rule as scoring: abs or rel, either suffices; without a tolerance, equal up to float noise. */
export function within(truth: number, v: number, t: Tol): boolean {
  const d = Math.abs(v - truth);
  if (!t) return d <= 1e-9 * Math.max(1, Math.abs(truth));
  return (t.abs !== undefined && d <= t.abs) || (t.rel !== undefined && d <= t.rel * Math.abs(truth));
}

function tol(t: Tol): string {
  if (!t) return '';
  return [t.abs !== undefined ? ` ±${fmt(t.abs)}` : '', t.rel !== undefined ? ` ±${fmt(t.rel * 100)}%` : '']
    .filter(Boolean)
    .join(' or');
}

export function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
}

function describe(a: Answer): string {
  const base = a.value !== undefined ? fmt(a.value) : a.shape;
  const outcome = a.outcome === 'ok' ? '' : ` (${a.outcome}${a.error ? `: ${a.error}` : ''})`;
  return `${base}${outcome}`;
}
