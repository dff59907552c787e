/**
 * `bench validate` for one golden: schema and rules (formats/), then the rules that need the engines
 * (routes and alert parse in their language), then the world, its `expect` checks, and every
 * obtainable measurement's route against its truth. A golden whose truth is wrong is bad input.
 */

import { InputError, type InputIssue } from '../errors.js';
import type { ConfigFile } from '../formats/config.js';
import type { Golden } from '../formats/golden/index.js';
import { checkGolden, locateInFile } from '../formats/load.js';
import type { RuleIssue } from '../formats/rules/index.js';
import { parseTwinId, type TwinKind, twinsOf } from '../formats/twins/index.js';
import { isMetricQuery, parseLogQL } from '../logql/index.js';
import { parsePromQL } from '../promql/index.js';
import type { Verdict } from '../scoring/index.js';
import { buildWorld } from '../world/build.js';
import type { World } from '../world/types.js';
import { alertRules } from './validate-alert.js';
import { type CheckResult, expectChecks, routeChecks } from './validate-checks.js';
import { faultReachRules } from './validate-faults.js';
import { type Lang, langOf } from './validate-query.js';

export type { CheckResult } from './validate-checks.js';

/** The ceiling check's verdict on a golden: its reference trial (DESIGN §11), scored. */
export interface CeilingCheck {
  ok: boolean;
  /** The trial id and seed, so `bench trial --seat ... --seed` can replay it. */
  trial: string;
  seed: number;
  gateSet: string;
  verdict: Verdict;
  correctness: number;
  passCorrectness: number;
  headline: string;
  reasons: string[];
  /** Why it fails, each at the golden's file:line:col (validate-ceiling.ts); empty when it passes. */
  causes: InputIssue[];
}

/**
 * Runs a golden's ceiling check with a config's thresholds and gate settings. It runs a trial, so
 * the caller supplies it (commands/validate/ceiling.ts): validate/ sits below the layers that run trials.
 */
export type CeilingRunner = (g: Golden, world: World, config: ConfigFile) => Promise<CeilingCheck>;

export interface GoldenReport {
  file: string;
  id?: string;
  /** Schema and rules hold (warnings allowed). */
  valid: boolean;
  /** Valid, every expect check and route holds, and the ceiling (when checked) passes. */
  ok: boolean;
  issues: InputIssue[];
  world?: { series: number; samples: number; streams: number; lines: number; buildMs: number };
  expect: { passed: number; total: number };
  routes: { passed: number; total: number };
  checks: CheckResult[];
  /** The reference trial's verdict (absent when the golden is invalid or the check is off). */
  ceiling?: CeilingCheck;
  /** Each unanswerable twin's ceiling (docs/twins.md): the reference must pass every twin too. */
  twins?: { id: string; kind: TwinKind; ceiling: CeilingCheck }[];
}

export interface ValidateGoldenOptions {
  /** Run the ceiling check with this runner and this config's thresholds and gate settings; absent: no check. */
  ceiling?: { run: CeilingRunner; config: ConfigFile };
}

export async function validateGolden(path: string, opts: ValidateGoldenOptions = {}): Promise<GoldenReport> {
  const r = checkGolden(path);
  const report: GoldenReport = {
    file: r.value?.file ?? path,
    valid: false,
    ok: false,
    issues: r.issues,
    expect: { passed: 0, total: 0 },
    routes: { passed: 0, total: 0 },
    checks: [],
  };
  const g = r.value;
  if (!g) return report;
  report.id = g.id;
  report.issues.push(...locateInFile(g.file, parseRules(g)));
  if (report.issues.some((i) => i.severity === 'error')) return report;
  const t0 = performance.now();
  let world: World;
  try {
    world = buildWorld(g);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const fallback: InputIssue = { file: g.file, path: 'world', message: e.message, severity: 'error' };
    report.issues.push(...(e.issues.length ? e.issues : [fallback]).map((i) => placed(g.file, i)));
    return report;
  }
  const { series, samples } = world.metrics.size;
  const { streams, lines } = world.logs.size;
  report.world = { series, samples, streams, lines, buildMs: Math.round(performance.now() - t0) };
  report.issues.push(...locateInFile(g.file, [...faultReachRules(g, world), ...alertRules(g, world)]));
  report.valid = !report.issues.some((i) => i.severity === 'error');
  report.checks = [...(await expectChecks(g, world)), ...routeChecks(g, world)];
  for (const c of report.checks) {
    const tally = c.kind === 'expect' ? report.expect : report.routes;
    tally.total++;
    if (c.ok) tally.passed++;
  }
  if (report.valid && opts.ceiling) {
    const { run, config } = opts.ceiling;
    report.ceiling = await run(g, world, config);
    report.twins = [];
    // a golden whose own ceiling fails is broken already: its twins would only repeat that
    if (report.ceiling.ok)
      for (const twin of twinsOf(g)) {
        // a twin shares its golden's world unless its kind adds to it (stale-catalog)
        const w = twin.world === g.world ? world : buildWorld(twin);
        report.twins.push({
          id: twin.id,
          kind: parseTwinId(twin.id)!.kind,
          ceiling: await run(twin, w, config),
        });
      }
  }
  const twinsOk = (report.twins ?? []).every((t) => t.ceiling.ok);
  report.ok = report.valid && report.checks.every((c) => c.ok) && (report.ceiling?.ok ?? true) && twinsOk;
  return report;
}

/** The world builder names a block's dot path; give such an issue its line and column. */
function placed(file: string, i: InputIssue): InputIssue {
  if (i.line !== undefined || !i.path || i.file !== file) return i;
  const path = i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [at] = locateInFile(file, [{ path, message: i.message, severity: i.severity }]);
  return { ...i, line: at.line, col: at.col };
}

/** Routes, expectations and the alert must parse in their language; a logs route must be a metric query. */
function parseRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  const bad = (path: (string | number)[], lang: Lang, q: string, extra?: string) => {
    try {
      if (lang === 'promql') parsePromQL(q);
      else if (!isMetricQuery(q) && extra) out.push({ path, message: extra, severity: 'error' });
      else parseLogQL(q);
    } catch (e) {
      out.push({
        path,
        message: `not valid ${lang === 'promql' ? 'PromQL' : 'LogQL'}: ${(e as Error).message}`,
        severity: 'error',
      });
    }
  };
  bad(['alert', 'expr'], 'promql', g.alert.expr);
  for (const part of ['A', 'B'] as const) {
    g.parts[part].measurements.forEach((m, i) => {
      if (m.route === undefined) return;
      const lang = m.source === 'metrics' ? 'promql' : 'logql';
      bad(
        ['parts', part, 'measurements', i, 'route'],
        lang,
        m.route,
        'a logs route must be a metric query (it yields a number)',
      );
    });
  }
  g.expect.forEach((e, i) => {
    if (e.outcome !== 'rejected') bad(['expect', i, 'query'], langOf(e.query, e.lang), e.query);
  });
  return out;
}
