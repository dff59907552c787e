/**
 * Runs promqltest scripts against the embedded engine. Cases touching native-histogram data or
 * expecting native-histogram output are skipped, never counted as passed.
 */
import { readFileSync } from 'node:fs';
import { matchesAll } from '../../world/matchers.js';
import { parseLabels, parseSeriesLine, splitSeries } from '../../world/notation.js';
import { compileRegexp, type GoRegexp } from '../../world/re2.js';
import { SeriesStore } from '../../world/series-store.js';
import type { Labels } from '../../world/types.js';
import { PromQLError, type PromResult } from '../api.js';
import { instantQuery, rangeQuery } from '../query.js';
import { selectorsOf } from '../selectors-of.js';
import { almostEqual, compareMatrix, compareVector, type ExpectedSeries } from './compare.js';
import { type EvalCmd, type Expectation, parseScript } from './script.js';

export interface CaseResult {
  line: number;
  query: string;
  status: 'pass' | 'fail' | 'skip';
  reason?: string;
}

export interface FileResult {
  file: string;
  cases: CaseResult[];
  passed: number;
  failed: number;
  skipped: number;
}

const NUMBER_LINE = /^[+-]?(?:Inf|NaN|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)$/;

export function runScriptFile(file: string): FileResult {
  return runScript(readFileSync(file, 'utf8'), file);
}

export function runScript(text: string, file = '<script>'): FileResult {
  let store = new SeriesStore();
  let native: Labels[] = [];
  const cases: CaseResult[] = [];
  for (const cmd of parseScript(text)) {
    if (cmd.kind === 'clear') {
      store = new SeriesStore();
      native = [];
      continue;
    }
    if (cmd.kind === 'load') {
      for (const s of cmd.series) {
        if (s.text.includes('{{')) {
          native.push(parseLabels(splitSeries(s.text)[0]));
          continue;
        }
        let parsed: ReturnType<typeof parseSeriesLine>;
        try {
          parsed = parseSeriesLine(s.text);
        } catch {
          continue;
        }
        const { labels, values } = parsed;
        if (cmd.nhcb && labels.__name__?.endsWith('_bucket') && labels.le !== undefined) {
          const { le: _le, ...rest } = labels;
          native.push({ ...rest, __name__: labels.__name__.slice(0, -'_bucket'.length) });
        }
        values.forEach((v, i) => {
          if (v !== undefined) store.append(labels, i * cmd.intervalMs, v);
        });
      }
      continue;
    }
    cases.push(runEval(store, native, cmd));
  }
  return {
    file,
    cases,
    passed: cases.filter((c) => c.status === 'pass').length,
    failed: cases.filter((c) => c.status === 'fail').length,
    skipped: cases.filter((c) => c.status === 'skip').length,
  };
}

/**
 * The scripts come from Prometheus' main branch, which after v3.14.0 (the release the bench
 * imitates, formats/imitated.ts) sorted the two series of "found duplicate series" ("make the
 * error message consistent between runs"); v3.14.0 names the series being added first, then the
 * one already held. The same two series in the other order is that version difference, not a miss.
 */
function samePairAfter314(got: string, want: string): boolean {
  const pair =
    /^(found duplicate series for the match group .* hand-side of the operation: \[)(.*), (\{.*\})(\];.*)$/s;
  const g = pair.exec(got);
  const w = pair.exec(want);
  return !!g && !!w && g[1] === w[1] && g[4] === w[4] && g[2] === w[3] && g[3] === w[2];
}

/** promqltest's `expected_fail_regexp` and annotation patterns are Go regexps (unanchored). */
const goRegexp = (source: string): GoRegexp => compileRegexp(source, { anchored: false });

function touchesNative(query: string, native: Labels[]): boolean {
  if (native.length === 0) return false;
  try {
    return selectorsOf(query).some((s) => native.some((n) => matchesAll(s.matchers, n)));
  } catch {
    return false;
  }
}

function annotationsOk(res: PromResult, exps: Expectation[]): string | undefined {
  for (const e of exps) {
    const list =
      e.kind === 'warn' || e.kind === 'no_warn'
        ? res.warnings
        : e.kind === 'info' || e.kind === 'no_info'
          ? res.infos
          : undefined;
    if (!list) continue;
    if (e.kind === 'no_warn' || e.kind === 'no_info') {
      if (list.length > 0) return `unexpected annotation: ${list.join('; ')}`;
      continue;
    }
    const ok = list.some((a) =>
      e.msg !== undefined ? a === e.msg : e.regex !== undefined ? goRegexp(e.regex).test(a) : true,
    );
    if (!ok) return `expected ${e.kind} ${e.msg ?? e.regex ?? ''}, got [${list.join('; ')}]`;
  }
  return undefined;
}

function runEval(store: SeriesStore, native: Labels[], cmd: EvalCmd): CaseResult {
  const base = { line: cmd.line, query: cmd.query };
  if (cmd.results.some((r) => r.text.includes('{{')) || touchesNative(cmd.query, native)) {
    return { ...base, status: 'skip', reason: 'native histograms' };
  }
  const fail = cmd.expects.find((e) => e.kind === 'fail');
  let res: PromResult;
  try {
    res = cmd.instant
      ? instantQuery(store, cmd.query, cmd.startMs)
      : rangeQuery(store, cmd.query, cmd.startMs, cmd.endMs, cmd.stepMs);
  } catch (err) {
    if (!(err instanceof PromQLError))
      return { ...base, status: 'fail', reason: `crash: ${(err as Error).stack}` };
    if (!fail) return { ...base, status: 'fail', reason: `error: ${err.message}` };
    if (fail.msg !== undefined && err.message !== fail.msg && !samePairAfter314(err.message, fail.msg)) {
      return { ...base, status: 'fail', reason: `error "${err.message}", expected "${fail.msg}"` };
    }
    if (fail.regex !== undefined && !goRegexp(fail.regex).test(err.message)) {
      return { ...base, status: 'fail', reason: `error "${err.message}" does not match /${fail.regex}/` };
    }
    return { ...base, status: 'pass' };
  }
  if (fail) return { ...base, status: 'fail', reason: 'expected an error, got a result' };
  let why: string | undefined;
  try {
    why = annotationsOk(res, cmd.expects) ?? compareResult(res, cmd);
  } catch (err) {
    why = `bad expectation: ${(err as Error).message}`;
  }
  return why ? { ...base, status: 'fail', reason: why } : { ...base, status: 'pass' };
}

function expectedSeries(cmd: EvalCmd): ExpectedSeries[] {
  return cmd.results.map((r) => {
    const { labels, values } = parseSeriesLine(r.text);
    return { labels, values };
  });
}

function compareResult(res: PromResult, cmd: EvalCmd): string | undefined {
  const v = res.value;
  const str = cmd.expects.find((e) => e.kind === 'string');
  if (str) {
    if (v.type !== 'string') return `expected a string, got ${v.type}`;
    const want = str.str!.slice(1, -1);
    return v.v === want ? undefined : `expected string ${str.str}, got ${JSON.stringify(v.v)}`;
  }
  const rangeVec = cmd.expects.find((e) => e.kind === 'range');
  if (rangeVec?.range)
    return compareMatrix(v, expectedSeries(cmd), rangeVec.range.startMs, rangeVec.range.stepMs);
  if (!cmd.instant) return compareMatrix(v, expectedSeries(cmd), cmd.startMs, cmd.stepMs);
  if (cmd.results.length === 1 && NUMBER_LINE.test(cmd.results[0].text)) {
    const want = Number(cmd.results[0].text.replace(/^\+?Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    if (v.type !== 'scalar') return `expected scalar ${want}, got ${v.type}`;
    return almostEqual(v.v, want) ? undefined : `expected scalar ${want}, got ${v.v}`;
  }
  if (v.type === 'scalar') return `expected a vector, got scalar ${v.v}`;
  const ordered = cmd.expects.some((e) => e.kind === 'ordered');
  return compareVector(v, expectedSeries(cmd), ordered);
}
