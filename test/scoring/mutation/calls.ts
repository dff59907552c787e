/**
 * The calls of a trace as the suite reads them, independently of src/evidence: what each query
 * selects, what its result showed, and whether it measured anything. "Measured nothing" is decided
 * only where the trace and the golden prove it: the call failed, was refused, or its stream
 * selector names a label value no stream of the golden's world has (a vacuous empty: it reads
 * nothing, whatever the filter). An empty whose selector may have matched is `unknown`, never
 * labelled either way.
 */
import type { Golden } from '../../../src/formats/golden/normalized.js';
import type {
  Outcome,
  ToolCallEvent,
  ToolClass,
  ToolResultEvent,
  Trace,
} from '../../../src/formats/run/trace.js';

export type Source = 'metrics' | 'logs';
/** What a live query call says about what it read. */
export type Power = 'measured' | 'nothing' | 'unknown';

export interface Matcher {
  name: string;
  op: string;
  value: string;
}

export interface Selector {
  /** The selector's text, whitespace outside strings dropped (the contract's `unmatched` form). */
  text: string;
  matchers: Matcher[];
}

export interface CallFact {
  id: string;
  tool: string;
  cls: ToolClass;
  source?: Source;
  query?: string;
  /** normalizeQuery of the query. */
  norm?: string;
  args: Record<string, unknown>;
  outcome?: Outcome;
  n: number;
  error?: string;
  selectors: Selector[];
  /** `|=` literals after the stream selector (LogQL). */
  lineFilters: string[];
  /** The first `[D]` range of the query. */
  range?: string;
  /** `or vector(...)`, `absent(...)`: a constant that answers when nothing matched. */
  fallback: boolean;
  /** Values the result showed, when its preview is readable (a log-stream result shows its `n`). */
  shown?: number[];
  vacuous: boolean;
  power: Power;
}

/** Whitespace outside string literals dropped (docs/trace.md#selection, `normalizeQuery`). */
export function normalize(q: string): string {
  let out = '';
  let i = 0;
  while (i < q.length) {
    const ch = q[i];
    if (ch === '"' || ch === '`') {
      let j = i + 1;
      while (j < q.length && q[j] !== ch) j += ch === '"' && q[j] === '\\' ? 2 : 1;
      out += q.slice(i, j + 1);
      i = j + 1;
    } else {
      if (!/\s/.test(ch)) out += ch;
      i++;
    }
  }
  return out;
}

const MATCHER = /([A-Za-z_][A-Za-z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g;

/** The `{...}` label sets of a query (with a PromQL metric name before it), outside string literals. */
export function selectorsOf(q: string): Selector[] {
  const out: Selector[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i];
    if (ch === '"' || ch === '`') {
      const j = q.indexOf(ch, i + 1);
      i = j < 0 ? q.length : j + 1;
      continue;
    }
    if (ch === '{') {
      let j = i + 1;
      while (j < q.length && q[j] !== '}') j += q[j] === '"' ? q.indexOf('"', j + 1) - j + 1 : 1;
      const body = q.slice(i, j + 1);
      const name = /([A-Za-z_:][A-Za-z0-9_:]*)\s*$/.exec(q.slice(0, i))?.[1] ?? '';
      const metric = /^(by|without|on|ignoring|group_left|group_right)$/.test(name) ? '' : name;
      out.push({
        text: normalize(metric + body),
        matchers: [...body.matchAll(MATCHER)].map((m) => ({ name: m[1], op: m[2], value: m[3] })),
      });
      i = j + 1;
      continue;
    }
    i++;
  }
  return out;
}

export function lineFiltersOf(q: string): string[] {
  const after = q.slice(q.indexOf('}') + 1);
  return [...after.matchAll(/\|=\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
}

/** Every label value of the world's log streams, by label (the golden's `world.logs[].stream`). */
export function logLabelValues(golden: Golden): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const b of golden.world.logs) {
    for (const [k, v] of Object.entries(b.stream)) {
      const set = out.get(k) ?? new Set<string>();
      for (const x of Array.isArray(v) ? v : [v]) set.add(x);
      out.set(k, set);
    }
  }
  return out;
}

/** A stream selector that no stream of the world satisfies: some matcher no value of its label meets. */
function vacuousStream(s: Selector, values: Map<string, Set<string>>): boolean {
  return s.matchers.some((m) => {
    const have = [...(values.get(m.name) ?? [])];
    if (m.op === '=') return m.value !== '' && !have.includes(m.value);
    if (m.op === '=~') {
      try {
        const re = new RegExp(`^(?:${m.value})$`);
        return !have.some((v) => re.test(v)) && !re.test('');
      } catch {
        return false;
      }
    }
    return false;
  });
}

/** The numbers a result showed: vector samples (and their sum), a scalar, or a log result's line count. */
export function shownOf(r: ToolResultEvent): number[] | undefined {
  if (r.outcome !== 'ok' || !r.preview) return undefined;
  if (/"resultType"\s*:\s*"streams"/.test(r.preview)) return [r.n];
  let body: unknown;
  try {
    body = JSON.parse(r.preview);
  } catch {
    return undefined;
  }
  const o = body as { status?: string; data?: unknown; resultType?: string; result?: unknown };
  const d = (o.status === 'success' ? o.data : o) as { resultType?: string; result?: unknown };
  if (d?.resultType === 'vector' && Array.isArray(d.result)) {
    const xs = d.result.map((s: { value: [number, string] }) => Number(s.value[1]));
    if (xs.some((x) => !Number.isFinite(x))) return undefined;
    return xs.length > 1 ? [...xs, xs.reduce((a, b) => a + b, 0)] : xs;
  }
  if (d?.resultType === 'scalar' && Array.isArray(d.result)) return [Number(d.result[1])];
  return undefined;
}

const FALLBACK = /\bor\s*(?:on\s*\([^)]*\)\s*)?vector\s*\(|\babsent(?:_over_time)?\s*\(/;

const timeArgs = (c: CallFact): string =>
  JSON.stringify([c.args.time, c.args.start, c.args.end, c.args.step, c.args.mode]);

/**
 * A zero or empty logs count is measured when the same stream selector over the same range at the
 * same time, with no filter at all, counted lines: the selector read data that the filter then
 * removed (the contract's measured zero).
 */
function siblingCounted(c: CallFact, all: CallFact[]): boolean {
  if (c.source !== 'logs' || c.selectors.length !== 1 || !c.range) return false;
  const bare = [
    `sum(count_over_time(${c.selectors[0].text}[${c.range}]))`,
    `count_over_time(${c.selectors[0].text}[${c.range}])`,
  ];
  return all.some(
    (p) =>
      p !== c &&
      p.outcome === 'ok' &&
      p.norm !== undefined &&
      bare.includes(p.norm) &&
      timeArgs(p) === timeArgs(c) &&
      (p.shown ?? []).some((x) => x > 0),
  );
}

function powerOf(
  c: CallFact,
  all: CallFact[],
  faultKind: (id?: string) => string | undefined,
  r?: ToolResultEvent,
): Power {
  if (c.cls !== 'live' || !c.query || c.outcome === undefined) return 'unknown';
  if (c.outcome === 'failed' || c.outcome === 'error' || c.outcome === 'rejected') return 'nothing';
  const fk = faultKind(r?.fault);
  if (fk === 'empty') return 'nothing';
  if (fk === 'partial') return 'unknown';
  if (c.vacuous) return 'nothing';
  const zero = c.outcome === 'empty' || c.shown?.every((x) => x === 0) === true;
  if (c.outcome === 'empty' || (zero && c.fallback)) return siblingCounted(c, all) ? 'measured' : 'unknown';
  if (c.fallback) return c.source === 'logs' ? 'measured' : 'unknown';
  return c.n > 0 ? 'measured' : 'unknown';
}

export function callFacts(golden: Golden, trace: Trace): CallFact[] {
  const values = logLabelValues(golden);
  const results = new Map<string, ToolResultEvent>();
  const calls: ToolCallEvent[] = [];
  for (const e of trace.events) {
    if (e.type === 'tool_call') calls.push(e);
    else if (e.type === 'tool_result') results.set(e.id, e);
  }
  const facts = calls.map((e): CallFact => {
    const r = results.get(e.id);
    const source = e.source === 'logs' || e.source === 'metrics' ? e.source : undefined;
    const query = e.query;
    const selectors = query ? selectorsOf(query) : [];
    return {
      id: e.id,
      tool: e.tool,
      cls: e.class,
      source,
      query,
      norm: query ? normalize(query) : undefined,
      args: (e.args ?? {}) as Record<string, unknown>,
      outcome: r?.outcome,
      n: r?.n ?? 0,
      error: r?.error,
      selectors,
      lineFilters: query && source === 'logs' ? lineFiltersOf(query) : [],
      range: query ? /\[(\d+[smhd])\]/.exec(query)?.[1] : undefined,
      fallback: query ? FALLBACK.test(query) : false,
      shown: r ? shownOf(r) : undefined,
      vacuous: source === 'logs' && e.class === 'live' && selectors.some((s) => vacuousStream(s, values)),
      power: 'unknown',
    };
  });
  const faultKind = (id?: string) => golden.faults.find((f) => f.id === id)?.kind;
  for (const c of facts) c.power = powerOf(c, facts, faultKind, results.get(c.id));
  return facts;
}
