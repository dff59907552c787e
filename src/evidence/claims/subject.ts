/**
 * What a claim is about, linked through the golden and the calls: the measurements it names (by
 * id, by the significant words of the id, by its route's line-filter phrase or selector, in any
 * inflection), the label values it names (services, streams, jobs: from the world's spec, the
 * routes and the calls the agent made), the world's own terms (words of metric names and line
 * filters: "breaker", "ldap"), and the sources (logs, metrics) in each language read.
 */
import type { MeasurementSpec } from '../../formats/golden.js';
import type { Golden } from '../../formats/normalized.js';
import type { Source } from '../../formats/vocabulary.js';
import type { EvidenceCall, EvidenceSet } from '../calls.js';
import { normalizeQuery, queryParts } from '../query-parts.js';
import { fold, stem, stems } from './fold.js';
import type { Clause } from './split.js';
import { lexiconsOf } from './split.js';

export interface Subject {
  measurements: MeasurementSpec[];
  values: string[];
  terms: string[];
  sources: Source[];
}

export const isEmptySubject = (s: Subject): boolean =>
  s.measurements.length + s.values.length + s.terms.length + s.sources.length === 0;

/** Words of a measurement id too generic to tie a sentence to it. */
const GENERIC_ID = new Set([
  'count',
  'total',
  'ratio',
  'rate',
  'sum',
  'max',
  'min',
  'avg',
  'value',
  'seconds',
  'ms',
  'lines',
]);
/** Stems too common in prose to be a subject of their own (they are what claims say, not what about). */
const GENERIC_TERM = new Set(
  [
    'error',
    'errors',
    'request',
    'requests',
    'total',
    'http',
    'count',
    'seconds',
    'second',
    'bucket',
    'sum',
    'rate',
    'ratio',
    'bytes',
    'status',
    'code',
    'line',
    'lines',
    'event',
    'events',
    'metric',
    'metrics',
    'value',
    'time',
    'info',
    'warn',
    'debug',
    'level',
    'message',
    'failed',
    'fail',
    'failure',
    'failures',
    'query',
    'queries',
    'service',
    'services',
    'total',
    'current',
    'number',
    'with',
    'from',
    'that',
    'this',
    'none',
    'found',
    'true',
    'false',
    'null',
    'seen',
    'than',
    'over',
    'into',
    'last',
    'hour',
    'minute',
  ].map(stem),
);
/** Labels whose values are codes and levels, not subjects. */
const NOT_SUBJECT_LABELS = new Set([
  'level',
  'severity',
  'lvl',
  'le',
  'quantile',
  'code',
  'status',
  'status_code',
  'method',
  'instance',
  'pod',
  'container',
  'reason',
  'verb',
]);
const LEVEL_WORDS = new Set([
  'info',
  'debug',
  'warn',
  'warning',
  'error',
  'critical',
  'fatal',
  'trace',
  'notice',
  'true',
  'false',
]);

function goodValue(label: string, value: string): boolean {
  return (
    !NOT_SUBJECT_LABELS.has(label) &&
    value.length >= 3 &&
    !/^[\d.:]+$/.test(value) &&
    !LEVEL_WORDS.has(value.toLowerCase()) &&
    /^[\w.:/-]+$/.test(value)
  );
}

const termsOfName = (name: string): string[] =>
  name
    .split(/[_:.\s-]+/)
    .filter((w) => w.length >= 4 && !/^\d+$/.test(w))
    .map(stem)
    .filter((w) => !GENERIC_TERM.has(w));

interface Vocabulary {
  values: Set<string>;
  terms: Set<string>;
  /** The world's series and streams as label sets (from the spec; a data file's are not read). */
  sets: { source: Source; metric?: string; labels: Record<string, string> }[];
}

/** Every label set a label matrix stands for (`{app: [a, b]}` → two sets), capped. */
function expand(matrix: Record<string, string | string[]> | undefined): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const [name, vals] of Object.entries(matrix ?? {})) {
    const list = Array.isArray(vals) ? vals : [vals];
    out = out.flatMap((o) => list.map((v) => ({ ...o, [name]: v })));
    if (out.length > 2000) break;
  }
  return out;
}

function addQuery(v: Vocabulary, query: string | undefined, source: Source | undefined): void {
  if (!query || !source) return;
  const parts = queryParts(query, source);
  for (const s of parts.selectors) {
    if (s.metric) for (const t of termsOfName(s.metric)) v.terms.add(t);
    for (const m of s.matchers) {
      if (m.name === '__name__') continue;
      const values =
        m.op === '=~'
          ? m.value.split('|').filter((x) => /^[\w.:/-]+$/.test(x))
          : m.op === '='
            ? [m.value]
            : [];
      for (const x of values) if (goodValue(m.name, x)) v.values.add(x.toLowerCase());
    }
  }
  for (const f of parts.filters) for (const t of termsOfName(f.value)) v.terms.add(t);
}

function addMatrix(v: Vocabulary, labels: Record<string, string | string[]> | undefined): void {
  for (const [name, vals] of Object.entries(labels ?? {})) {
    for (const x of Array.isArray(vals) ? vals : [vals])
      if (goodValue(name, x)) v.values.add(x.toLowerCase());
  }
}

/** The names a golden's world gives things: its label values and the words of its metric names. */
function vocabularyOf(golden: Golden, set: EvidenceSet): Vocabulary {
  const v: Vocabulary = { values: new Set(), terms: new Set(), sets: [] };
  for (const block of golden.world.metrics ?? []) {
    if ('generate' in block) {
      for (const t of termsOfName(block.generate.metric)) v.terms.add(t);
      addMatrix(v, block.generate.labels);
      for (const labels of expand(block.generate.labels))
        v.sets.push({ source: 'metrics', metric: block.generate.metric, labels });
      for (const w of block.generate.where ?? []) addMatrix(v, w.match);
    } else {
      for (const m of (block.series ?? '').matchAll(/([A-Za-z_:][\w:]*)\s*\{([^}]*)\}/g)) {
        for (const t of termsOfName(m[1])) v.terms.add(t);
        for (const p of m[2].matchAll(/(\w+)\s*=\s*"([^"]*)"/g))
          if (goodValue(p[1], p[2])) v.values.add(p[2].toLowerCase());
      }
    }
  }
  for (const block of golden.world.logs ?? []) {
    addMatrix(v, block.stream);
    for (const labels of expand(block.stream)) v.sets.push({ source: 'logs', labels });
  }
  for (const part of ['A', 'B'] as const) {
    for (const m of golden.parts[part].measurements) addQuery(v, m.route, m.source);
  }
  for (const c of set.calls) if (c.class === 'live') addQuery(v, c.query, c.source);
  return v;
}

export interface Linker {
  /** Every measurement of the golden, Part A first. */
  readonly specs: readonly MeasurementSpec[];
  partOf(m: MeasurementSpec): 'A' | 'B';
  link(clause: Pick<Clause, 'text' | 'folded' | 'language'>): Subject;
  /**
   * Does call `c` read label value `v`? `direct`: a matcher or a line filter of it names `v`.
   * `world`: it also reads a series or stream of the world that carries `v` (`{namespace="edge"}`
   * reads the gateway's stream). Judges prefer the direct calls when there are any.
   */
  aboutValue(c: EvidenceCall, v: string, how?: 'direct' | 'world'): boolean;
  /** Does call `c` read term `t` (a word of its metric names, label values or line filters)? */
  aboutTerm(c: EvidenceCall, t: string): boolean;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matches(op: string, pattern: string, value: string | undefined): boolean {
  const v = value ?? '';
  if (op === '=') return v === pattern;
  if (op === '!=') return v !== pattern;
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${pattern})$`);
  } catch {
    return false;
  }
  return op === '=~' ? re.test(v) : !re.test(v);
}

interface CallNames {
  values: string[];
  world: string[];
  terms: Set<string>;
}

function callValues(c: EvidenceCall, world: Vocabulary['sets']): CallNames {
  if (!c.query || !c.source) return { values: [], world: [], terms: new Set() };
  const parts = queryParts(c.query, c.source);
  const values: string[] = [];
  const read: string[] = [];
  const terms = new Set<string>();
  for (const s of parts.selectors) {
    if (s.metric) for (const t of termsOfName(s.metric)) terms.add(t);
    // The world's series and streams this selector reads: their label values are what it is about
    // (`{namespace="edge"}` reads the gateway's stream).
    for (const set of world) {
      if (set.source !== c.source || (s.metric !== undefined && set.metric !== s.metric)) continue;
      if (s.matchers.every((m) => matches(m.op, m.value, set.labels[m.name]))) {
        for (const [name, x] of Object.entries(set.labels))
          if (goodValue(name, x)) read.push(x.toLowerCase());
      }
    }
    for (const m of s.matchers) {
      if (m.op === '=' || m.op === '=~') values.push(m.value.toLowerCase());
      for (const t of termsOfName(m.value)) terms.add(t);
    }
  }
  for (const f of parts.filters) {
    if (f.op === '|=' || f.op === '|~') {
      values.push(f.value.toLowerCase());
      for (const t of termsOfName(f.value)) terms.add(t);
    }
  }
  return { values, world: read, terms };
}

export function linker(golden: Golden, set: EvidenceSet): Linker {
  const specs = [...golden.parts.A.measurements, ...golden.parts.B.measurements];
  const partOf = (m: MeasurementSpec): 'A' | 'B' => (golden.parts.A.measurements.includes(m) ? 'A' : 'B');
  const vocab = vocabularyOf(golden, set);
  const routeParts = new Map(specs.map((m) => [m, m.route ? queryParts(m.route, m.source) : undefined]));
  const valueRes = new Map(
    [...vocab.values].map((x) => [
      x,
      new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRe(x)}(?![\\p{L}\\p{N}_])`, 'iu'),
    ]),
  );
  const cache = new Map<string, CallNames>();
  const of = (c: EvidenceCall) => {
    let v = cache.get(c.id);
    if (!v) cache.set(c.id, (v = callValues(c, vocab.sets)));
    return v;
  };

  const names = (m: MeasurementSpec, text: string, folded: string, words: Set<string>): boolean => {
    if (folded.includes(m.id.toLowerCase())) return true;
    const idWords = m.id.split('_').filter((w) => w.length >= 3 && !GENERIC_ID.has(w));
    if (idWords.length > 0 && idWords.every((w) => words.has(stem(w)))) return true;
    const parts = routeParts.get(m);
    if (!parts) return false;
    const flat = normalizeQuery(text);
    if (parts.selectors.some((s) => s.text.length > 2 && flat.includes(s.text))) return true;
    return parts.lineFilters.some((f) => {
      const fw = (fold(f).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).map(stem);
      return f.trim().length >= 4 && fw.length > 0 && fw.every((w) => words.has(w));
    });
  };

  return {
    specs,
    partOf,
    link(clause) {
      const words = stems(clause.text);
      const measurements = specs.filter((m) => names(m, clause.text, clause.folded, words));
      const values = [...vocab.values].filter((x) =>
        /[-_.:/]/.test(x) ? valueRes.get(x)!.test(clause.folded) : words.has(stem(x)),
      );
      const terms = [...vocab.terms].filter((t) => words.has(t) && !values.some((x) => stem(x) === t));
      const sources = new Set<Source>();
      for (const lex of lexiconsOf(clause.language)) {
        if (lex.sources.logs.test(clause.folded)) sources.add('logs');
        if (lex.sources.metrics.test(clause.folded)) sources.add('metrics');
      }
      return { measurements, values, terms, sources: [...sources] };
    },
    aboutValue(c, v, how = 'direct') {
      const n = of(c);
      if (n.values.some((x) => x === v || x.includes(v) || (x.length >= 3 && safeTest(x, v)))) return true;
      return how === 'world' && n.world.includes(v);
    },
    aboutTerm(c, t) {
      return of(c).terms.has(t);
    },
  };
}

/** A regex matcher's value matches `v`? (`payments|orders` reads payments). */
function safeTest(pattern: string, v: string): boolean {
  if (!/[|*+?[\]()]/.test(pattern)) return false;
  try {
    return new RegExp(`^(?:${pattern})$`, 'i').test(v);
  } catch {
    return false;
  }
}
