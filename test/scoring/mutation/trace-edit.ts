/**
 * Honest trace edits: a query call appended before the Theory's submission whose selector names a
 * label value no stream or series of the golden has (a typo), so it reads nothing. Its result is
 * recorded as our host records one (docs/trace.md#selection, issue 21): empty, or the constant of
 * an `or vector(0)`, with every selector holding the typo in `selection.unmatched`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Golden } from '../../../src/formats/golden/normalized.js';
import type { ToolCallEvent, ToolResultEvent, Trace, TraceEvent } from '../../../src/formats/run/trace.js';
import { normalize, type Source, selectorsOf } from './calls.js';
import type { Seed } from './types.js';

const goldenText = new Map<string, string>();
function textOf(g: Golden): string {
  let t = goldenText.get(g.file);
  if (t === undefined) {
    // golden.yaml and its data files: a label value of the world is spelt in one of them.
    const files = readdirSync(g.dir)
      .map((f) => join(g.dir, f))
      .filter((f) => statSync(f).isFile());
    t = files.map((f) => readFileSync(f, 'latin1')).join('\n');
    goldenText.set(g.file, t);
  }
  return t;
}

/** `payments` → `paymenst`: a typo that the golden's files (its world included) never spell. */
export function typoOf(g: Golden, value: string): string | undefined {
  if (value.length < 4) return undefined;
  const typo = `${value.slice(0, -2)}${value.slice(-1)}${value.slice(-2, -1)}`;
  return typo !== value && !textOf(g).includes(typo) ? typo : undefined;
}

export interface Appended {
  trace: Trace;
  id: string;
  query: string;
  /** The result is the constant of a fallback (`or vector(0)`): ok, showing 0. */
  zero: boolean;
}

/**
 * `route` with every `"value"` spelt as a typo, appended as a live call of `source`. With
 * `fallback`, `or vector(0)` is added: the call answers 0, a vacuous zero.
 */
export function appendVacuous(
  seed: Seed,
  source: Source,
  route: string,
  value: string,
  fallback: boolean,
  id: string,
): Appended | undefined {
  const typo = typoOf(seed.golden, value);
  if (!typo || !route.includes(`"${value}"`)) return undefined;
  const query = `${route.split(`"${value}"`).join(`"${typo}"`)}${fallback ? ' or vector(0)' : ''}`;
  const selectors = selectorsOf(query);
  const unmatched = selectors.filter((s) => s.text.includes(`"${typo}"`)).map((s) => normalize(s.text));
  const events = seed.trace.events;
  const at = events.findIndex((e) => e.type === 'tool_call' && e.tool === 'submit_theory');
  const cut = at < 0 ? events.findIndex((e) => e.type === 'theory') : at;
  const before = cut < 0 ? events.length : cut;
  const t = before > 0 ? (events[before - 1] as { t: number }).t : 0;
  const like = events.find(
    (e): e is ToolCallEvent => e.type === 'tool_call' && e.source === source && e.class === 'live',
  );
  const wave = events.reduce((w, e) => (e.type === 'tool_call' ? Math.max(w, e.wave) : w), 0);
  const call: ToolCallEvent = {
    type: 'tool_call',
    t,
    id,
    tool: like?.tool ?? (source === 'logs' ? 'query_logs' : 'query_metrics'),
    args: { ...((like?.args as Record<string, unknown>) ?? {}), query },
    wave,
    class: 'live',
    node: like?.node ?? 'root',
    source,
    query,
  };
  const result: ToolResultEvent & {
    selection: { selectors: number; unmatched: string[] };
    values: number[];
  } = {
    type: 'tool_result',
    t,
    id,
    outcome: fallback ? 'ok' : 'empty',
    n: fallback ? 1 : 0,
    latencyMs: 5,
    queueMs: 0,
    httpStatus: 200,
    untyped: false,
    preview: fallback
      ? JSON.stringify({ resultType: 'vector', result: [{ metric: {}, value: [0, '0'] }] })
      : JSON.stringify({ resultType: 'vector', result: [] }),
    selection: { selectors: selectors.length, unmatched },
    values: fallback ? [0] : [],
  };
  const out: TraceEvent[] = [...events.slice(0, before), call, result, ...events.slice(before)];
  return { trace: { header: seed.trace.header, events: out }, id, query, zero: fallback };
}
