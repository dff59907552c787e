/**
 * Runs Loki's `.logqltest` scripts (./script.ts) against the embedded engine, as Loki's
 * `TestLogQLScripts` runs them through its engine: each `load` fills a LogStore (structured
 * metadata included), each `eval` is an instant query at its time or a range query over its grid,
 * its answer compared with the expected block (./compare.ts). An eval the bench cannot run for a
 * reason that names a Loki feature it does not model (UNMODELLED) is skipped with that reason,
 * never passed.
 */
import { readFileSync } from 'node:fs';
import { LogStore } from '../../world/log-store.js';
import { compileRegexp } from '../../world/re2.js';
import { LogQLError, type LokiResult } from '../api.js';
import { evalLogQL } from '../index.js';
import { compareResult } from './compare.js';
import { type Command, type EvalCmd, type LoadEntry, parseScript } from './script.js';

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

/**
 * Loki features the bench does not model: an eval whose query uses one is skipped with the
 * reason. Empty while every eval of the scripts runs; a rule belongs here only when the feature
 * itself is out of scope, never because the engine answers it wrongly.
 */
export const UNMODELLED: readonly { test: RegExp; reason: string }[] = [];

/** The scripts' epoch, t=0: the Unix epoch. */
export const EPOCH_MS = 0;

function loadInto(store: LogStore, e: LoadEntry): void {
  // An empty stream label is dropped on write, as Loki's push path drops it.
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.labels)) if (v !== '') labels[k] = v;
  const meta = Object.keys(e.metadata).length ? e.metadata : undefined;
  for (let i = 0; i < e.count; i++) {
    const line = e.text.includes('{{.i}}') ? e.text.replaceAll('{{.i}}', String(i)) : e.text;
    store.push(labels, EPOCH_MS + e.startMs + i * e.everyMs, line, meta);
  }
}

export function runScriptFile(file: string): FileResult {
  return runScript(readFileSync(file, 'utf8'), file);
}

export function runScript(text: string, file = '<script>'): FileResult {
  return runCommands(parseScript(text), file);
}

function runCommands(cmds: Command[], file: string): FileResult {
  let store = new LogStore();
  const cases: CaseResult[] = [];
  for (const cmd of cmds) {
    if (cmd.kind === 'clear') store = new LogStore();
    else if (cmd.kind === 'load') for (const e of cmd.entries) loadInto(store, e);
    else cases.push(runEval(store, cmd));
  }
  return {
    file,
    cases,
    passed: cases.filter((c) => c.status === 'pass').length,
    failed: cases.filter((c) => c.status === 'fail').length,
    skipped: cases.filter((c) => c.status === 'skip').length,
  };
}

function evaluate(store: LogStore, cmd: EvalCmd): LokiResult {
  return cmd.instant
    ? evalLogQL(store, cmd.query, { start: EPOCH_MS + cmd.startMs, end: EPOCH_MS + cmd.startMs })
    : evalLogQL(store, cmd.query, {
        start: EPOCH_MS + cmd.startMs,
        end: EPOCH_MS + cmd.endMs,
        step: cmd.stepMs,
      });
}

export function runEval(store: LogStore, cmd: EvalCmd): CaseResult {
  const base = { line: cmd.line, query: cmd.query };
  const unmodelled = UNMODELLED.find((u) => u.test.test(cmd.query));
  if (unmodelled) return { ...base, status: 'skip', reason: unmodelled.reason };
  const fail = cmd.expects.find((e) => e.kind === 'fail');
  let res: LokiResult;
  try {
    res = evaluate(store, cmd);
  } catch (err) {
    if (!(err instanceof LogQLError))
      return { ...base, status: 'fail', reason: `crash: ${(err as Error).stack}` };
    if (!fail) return { ...base, status: 'fail', reason: `error: ${err.message}` };
    if (fail.msg !== undefined && !err.message.includes(fail.msg))
      return { ...base, status: 'fail', reason: `error "${err.message}" lacks "${fail.msg}"` };
    if (fail.regex !== undefined && !compileRegexp(fail.regex, { anchored: false }).test(err.message))
      return { ...base, status: 'fail', reason: `error "${err.message}" does not match /${fail.regex}/` };
    return { ...base, status: 'pass' };
  }
  if (fail) return { ...base, status: 'fail', reason: `expected an error, got ${describe(res)}` };
  let why: string | undefined;
  try {
    why = compareResult(res.value, cmd, EPOCH_MS);
  } catch (err) {
    why = `bad expectation: ${(err as Error).message}`;
  }
  return why ? { ...base, status: 'fail', reason: why } : { ...base, status: 'pass' };
}

function describe(res: LokiResult): string {
  const v = res.value;
  if (v.type === 'vector') return `a vector of ${v.samples.length}`;
  if (v.type === 'matrix') return `a matrix of ${v.series.length}`;
  if (v.type === 'scalar') return `scalar ${v.v}`;
  return 'streams';
}
