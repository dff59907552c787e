/**
 * What a claim is about, linked through the golden and the calls: the measurements it names (by
 * id, by the significant words of the id, by its route's line-filter phrase or selector, in any
 * inflection), the label values it names (services, streams, jobs: from the world's spec, the
 * routes and the calls the agent made), the world's own terms (words of metric names and line
 * filters: "breaker", "ldap"), and the sources (logs, metrics) in each language read.
 */
import type { Golden, MeasurementSpec } from '../../formats/golden/index.js';
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
  'peak',
  'now',
  'current',
  'mean',
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
  /** Words the golden's own prose puts beside a value ("the Kafka brokers", "order-api (the producer)"), by stem. */
  aliases: Map<string, string>;
}

/** Nouns too general to stand for one service or stream. */
const NOT_ALIAS = new Set(
  (
    'service services logs log metrics metric stream streams team pods pod namespace cluster requests request ' +
    'errors error calls call queries query lines line series alert side instance instances job jobs traffic ' +
    'latency became becomes which that when with from into were have does will would could should also only ' +
    'both each then than because after cannot while itself themselves through answer answers report reports ' +
    'result results label labels connection connections client-side rewrite deploy route routes burns turns ' +
    'down open slow fails failed pool pools cache until before during since about above below under other ' +
    'their there where circuit'
  )
    .split(' ')
    .map(stem),
);

const VERB_AFTER = new Set(
  'is are was were has have had does did says said shows calls sends reads writes holds keeps runs fails returns answers logs emits serves uses makes goes gets takes sees finds stays crashes restarts resolves retries depends waits'.split(
    ' ',
  ),
);

/** Aliases from the golden's prose: `<value> <noun>` and `<value> (the <noun>)`. */
export function aliasesOf(
  golden: Golden,
  values: ReadonlySet<string>,
  terms: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const prose = fold(
    [
      golden.title,
      golden.description ?? '',
      golden.prompt,
      golden.alert.summary ?? '',
      golden.parts.A.question ?? '',
      golden.parts.B.question ?? '',
      golden.rootCause.component,
      golden.rootCause.mechanism,
    ].join('\n'),
  );
  const seen = new Map<string, Set<string>>();
  for (const v of values) {
    const e = escapeRe(v);
    for (const re of [
      new RegExp(`(?<![\\p{L}\\p{N}_-])${e}(?:'s)?\\s+([a-z][a-z-]{4,})`, 'gu'),
      new RegExp(`(?<![\\p{L}\\p{N}_-])${e}\\s*\\((?:the|its|a|an)\\s+([a-z][a-z-]{4,})\\)`, 'gu'),
    ]) {
      for (const m of prose.matchAll(re)) {
        // A noun of the prose, not a verb or a function word ("coredns answered", "payments itself").
        if (/(?:ed|ing|ly)$/.test(m[1]) || VERB_AFTER.has(m[1])) continue;
        const w = stem(m[1]);
        if (NOT_ALIAS.has(w) || values.has(m[1]) || terms.has(w)) continue;
        seen.set(w, (seen.get(w) ?? new Set()).add(v));
      }
    }
  }
  // A word said beside two values stands for neither.
  return new Map([...seen].filter(([, vs]) => vs.size === 1).map(([w, vs]) => [w, [...vs][0]]));
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
function vocabularyOf(golden: Golden): Vocabulary {
  const v: Vocabulary = { values: new Set(), terms: new Set(), sets: [], aliases: new Map() };
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
  v.aliases = aliasesOf(golden, v.values, v.terms);
  return v;
}

/** A golden's own vocabulary, built once per golden (a world never changes once loaded). */
const goldenVocabularies = new WeakMap<Golden, Vocabulary>();

function vocabularyWith(golden: Golden, set: EvidenceSet): Vocabulary {
  let base = goldenVocabularies.get(golden);
  if (!base) goldenVocabularies.set(golden, (base = vocabularyOf(golden)));
  const v: Vocabulary = {
    values: new Set(base.values),
    terms: new Set(base.terms),
    sets: base.sets,
    aliases: base.aliases,
  };
  for (const c of set.calls) if (c.class === 'live') addQuery(v, c.query, c.source);
  return v;
}

export interface Linker {
  /** Every measurement of the golden, Part A first. */
  readonly specs: readonly MeasurementSpec[];
  partOf(m: MeasurementSpec): 'A' | 'B';
  /**
   * `cited`: the sources of the calls the clause cites inline; a claim names a measurement of
   * another source than its part's only when it names that source or cites a call of it.
   */
  link(
    clause: Pick<Clause, 'text' | 'folded' | 'language'> & { part?: 'A' | 'B'; cited?: readonly Source[] },
  ): Subject;
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
const valueRes = new Map<string, RegExp>();
function valueRe(x: string): RegExp {
  let re = valueRes.get(x);
  if (!re) valueRes.set(x, (re = new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRe(x)}(?![\\p{L}\\p{N}_])`, 'iu')));
  return re;
}

/**
 * `v` as a whole token of a matcher value or a filter phrase: `-`, `_` and `.` join a token, so
 * "catalog" is not catalog-cache or catalog-db, and "payments" is not the phrase "payment failed".
 */
function hasToken(x: string, v: string): boolean {
  return x.split(/[^\p{L}\p{N}_.-]+/u).includes(v);
}

function matches(op: string, pattern: string, value: string | undefined): boolean {
  const v = value ?? '';
  if (op === '=') return v === pattern;
  if (op === '!=') return v !== pattern;
  let re = anchored.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(`^(?:${pattern})$`);
    } catch {
      re = null;
    }
    anchored.set(pattern, re);
  }
  if (re === null) return false;
  return op === '=~' ? re.test(v) : !re.test(v);
}
const anchored = new Map<string, RegExp | null>();

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

const readsOf = new WeakMap<Vocabulary['sets'], Map<string, CallNames>>();

export function linker(golden: Golden, set: EvidenceSet): Linker {
  const specs = [...golden.parts.A.measurements, ...golden.parts.B.measurements];
  const partOf = (m: MeasurementSpec): 'A' | 'B' => (golden.parts.A.measurements.includes(m) ? 'A' : 'B');
  const vocab = vocabularyWith(golden, set);
  const routeParts = new Map(specs.map((m) => [m, m.route ? queryParts(m.route, m.source) : undefined]));
  // Single-word values are looked up by stem; values with separators (`payments-db`) by text.
  const byStem = new Map<string, string[]>();
  const compound: { value: string; re: RegExp }[] = [];
  for (const x of vocab.values) {
    if (/[-_.:/]/.test(x)) compound.push({ value: x, re: valueRe(x) });
    else byStem.set(stem(x), [...(byStem.get(stem(x)) ?? []), x]);
  }
  // A word that stems to several values names the world's own ones, not an agent's typo of them
  // (`service="payment"` beside the world's `payments`).
  const world = goldenVocabularies.get(golden)!.values;
  const byStemPreferred = (w: string): string[] => {
    const vs = byStem.get(w) ?? [];
    const own = vs.filter((x) => world.has(x));
    return own.length ? own : vs;
  };
  const idWords = new Map(
    specs.map((m) => [
      m,
      m.id
        .split('_')
        .filter((w) => w.length >= 3 && !GENERIC_ID.has(w))
        .map(stem),
    ]),
  );
  const filterWords = new Map(
    specs.map((m) => [
      m,
      (routeParts.get(m)?.lineFilters ?? [])
        .filter((f) => f.trim().length >= 4)
        .map((f) => (fold(f).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).map(stem))
        .filter((ws) => ws.length > 0),
    ]),
  );
  const cache = new Map<string, CallNames>();
  const linked = new Map<string, Subject>();
  const of = (c: EvidenceCall) => {
    let v = cache.get(c.id);
    if (!v) {
      // What a query reads of the world depends on the golden and the query only: memoised there.
      let byQuery = readsOf.get(vocab.sets);
      if (!byQuery) readsOf.set(vocab.sets, (byQuery = new Map()));
      const key = `${c.source}\u0000${c.query}`;
      v = byQuery.get(key);
      if (!v) {
        v = callValues(c, vocab.sets);
        if (byQuery.size > 5000) byQuery.clear();
        byQuery.set(key, v);
      }
      cache.set(c.id, v);
    }
    return v;
  };

  const names = (m: MeasurementSpec, text: string, folded: string, words: Set<string>): boolean => {
    if (folded.includes(m.id.toLowerCase())) return true;
    const ids = idWords.get(m)!;
    // One significant word names a measurement only when it is not a common one ("errors").
    const specific = ids.length > 1 || (ids.length === 1 && !GENERIC_TERM.has(ids[0]));
    if (specific && ids.every((w) => words.has(w))) return true;
    if (filterWords.get(m)!.some((fw) => fw.every((w) => words.has(w)))) return true;
    const parts = routeParts.get(m);
    if (!parts || !text.includes('{')) return false;
    const flat = normalizeQuery(text);
    return parts.selectors.some((s) => s.text.length > 2 && flat.includes(s.text));
  };

  return {
    specs,
    partOf,
    link(clause) {
      const key = `${clause.part ?? ''}\u0000${clause.language}\u0000${(clause.cited ?? []).join(',')}\u0000${clause.text}`;
      const hit = linked.get(key);
      if (hit) return hit;
      const subject = linkUncached(clause);
      linked.set(key, subject);
      return subject;
    },
    aboutValue(c, v, how = 'direct') {
      const n = of(c);
      // A value is named as a whole token: "catalog" is not catalog-cache or catalog-db.
      if (n.values.some((x) => x === v || hasToken(x, v) || (x.length >= 3 && safeTest(x, v)))) return true;
      return how === 'world' && n.world.includes(v);
    },
    aboutTerm(c, t) {
      return of(c).terms.has(t);
    },
  };

  function linkUncached(
    clause: Pick<Clause, 'text' | 'folded' | 'language'> & { part?: 'A' | 'B'; cited?: readonly Source[] },
  ): Subject {
    const words = stems(clause.text);
    const byWords = specs.filter((m) => names(m, clause.text, clause.folded, words));
    // A measurement named by its id is the one meant, not those its words also name
    // ("users_error_ratio_peak" is not users_error_lines).
    const byId = byWords.filter((m) => clause.folded.includes(m.id.toLowerCase()));
    const named = byId.length ? byId : byWords;
    const found = compound
      .filter((c) => clause.folded.includes(c.value) && c.re.test(clause.folded))
      .map((c) => c.value);
    // A word that is part of a compound value named ("order" of "order-api") is not a value of its own.
    const parts = new Set(found.flatMap((x) => (x.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem)));
    const values = [
      ...new Set([...[...words].filter((w) => !parts.has(w)).flatMap((w) => byStemPreferred(w)), ...found]),
    ];
    for (const w of words) {
      const alias = vocab.aliases.get(w);
      if (alias && !values.includes(alias)) values.push(alias);
    }
    const terms = [...vocab.terms].filter((t) => words.has(t) && !values.some((x) => stem(x) === t));
    const sources = new Set<Source>();
    for (const lex of lexiconsOf(clause.language)) {
      if (lex.sources.logs.test(clause.folded)) sources.add('logs');
      if (lex.sources.metrics.test(clause.folded)) sources.add('metrics');
    }
    // Words name a measurement of the source the clause names ("the orders metrics" is not the
    // orders log count), and, naming none, of the part whose text holds the clause when one fits.
    let measurements = sources.size ? named.filter((m) => sources.has(m.source)) : named;
    if (!sources.size && clause.part && measurements.some((m) => partOf(m) === clause.part))
      measurements = measurements.filter((m) => partOf(m) === clause.part);
    // A link never crosses sources: naming none, a part's clause is about that part's sources
    // (and those of the calls it cites), so "storefront ingress errors: zero (c9)" in a metrics
    // part is not the logs count of storefront errors.
    if (!sources.size && clause.part) {
      const own = new Set<Source>([
        ...golden.parts[clause.part].measurements.map((m) => m.source),
        ...(clause.cited ?? []),
      ]);
      measurements = measurements.filter((m) => own.has(m.source));
    }
    return { measurements, values, terms, sources: [...sources] };
  }
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
