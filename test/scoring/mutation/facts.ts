/**
 * What a seed's trace shows about each thing a claim can speak of, read from the calls alone
 * (calls.ts) and the golden's routes: a subject (a workload's logs or metrics, named by a label
 * value of a route) is `measured` when a live call selecting exactly it measured something,
 * `unmeasured` when every call that could be about it measured nothing (failed, refused, or read
 * no stream), `unknown` otherwise. Operators label only from `measured` and `unmeasured` facts.
 */

import type { Golden } from '../../../src/formats/golden/normalized.js';
import type { MeasurementSpec } from '../../../src/formats/golden/schema.js';
import type { Trace } from '../../../src/formats/run/trace.js';
import type { Theory } from '../../../src/formats/theory.js';
import {
  type CallFact,
  callFacts,
  logLabelValues,
  normalize,
  type Selector,
  type Source,
  selectorsOf,
} from './calls.js';

export type Status = 'measured' | 'unmeasured' | 'unknown';
export type PartKey = 'A' | 'B';
/**
 * What a subject's data says (seeds.ts, HEALTHY): `zero` (no error at all: "no errors" is true),
 * `normal` (background errors only: "within the usual range" is true, "no errors" is not), `mixed`
 * (neither normality nor trouble is plainly true: no claim of either is written about it).
 * Subjects the table leaves out are in trouble in their golden.
 */
export type Health = 'zero' | 'normal' | 'mixed';

export interface Subject {
  source: Source;
  value: string;
  /** The route labels it is selected by (`app`, `service` ...). */
  labels: string[];
  part: PartKey;
  status: Status;
  /** Some live call about it ran. */
  attempted: boolean;
  /** Live calls that could be about it (a matcher value related to it). */
  related: string[];
  /** Of those, the ones that failed or errored (the failure a gap names). */
  failed: string[];
  /** Live calls selecting exactly it that measured something. */
  measured: string[];
  health?: Health;
  /** Measured, healthy, and no related subject unmeasured: an absence claim about it is honest. */
  honestAbsence: boolean;
  measurements: string[];
}

export interface MeasurementFact {
  spec: MeasurementSpec;
  part: PartKey;
  status: Status;
  /** Measured calls that showed its value: the exact route, or what an honest seed cited. */
  calls: string[];
  value?: number;
  /** Live calls that read what its route reads (its selectors' matchers and line filters). */
  about: string[];
  /** Of those, the ones that failed or errored. */
  failedAbout: string[];
}

export interface Facts {
  calls: CallFact[];
  byId: Map<string, CallFact>;
  sources: Record<Source, Status | 'absent'>;
  subjects: Subject[];
  measurements: MeasurementFact[];
  /** The sources a part's obtainable measurements need (all of its own, if none is obtainable). */
  partSources: Record<PartKey, Source[]>;
  logValues: Map<string, Set<string>>;
  /** A call id the trace does not hold. */
  freshId(k?: number): string;
}

export type HealthTable = readonly { source: Source; value: string; health: Health }[];

const WORKLOAD = new Set(['app', 'service', 'job', 'target']);

const isQuery = (c: CallFact): boolean =>
  c.cls === 'live' && c.query !== undefined && c.outcome !== undefined;
const reallyFailed = (c: CallFact): boolean => c.outcome === 'failed' || c.outcome === 'error';

/** Could a matcher value `w` (a label value or a regex) select the subject `v`? Broad on purpose. */
function relates(v: string, w: string): boolean {
  const a = v.toLowerCase();
  const tokens = w
    .toLowerCase()
    .split(/[.*+?^$()|[\]\\{}]+/)
    .filter((t) => t.length >= 3);
  if (tokens.some((t) => t.includes(a) || a.includes(t))) return true;
  try {
    return new RegExp(`^(?:${w})$`, 'i').test(v);
  } catch {
    return false;
  }
}

function covers(route: Selector, call: Selector): boolean {
  const name = (s: Selector) => /^([A-Za-z_:][A-Za-z0-9_:]*)\{/.exec(s.text)?.[1] ?? '';
  if (name(route) !== '' && name(route) !== name(call)) return false;
  return route.matchers
    .filter((m) => m.op === '=')
    .every((m) => call.matchers.some((x) => x.name === m.name && x.value === m.value && x.op !== '!='));
}

export function isAboutMeasurement(c: CallFact, m: MeasurementSpec): boolean {
  if (!isQuery(c) || c.source !== m.source || !m.route || !c.query) return false;
  const route = selectorsOf(m.route);
  if (!route.length || !route.every((r) => c.selectors.some((s) => covers(r, s)))) return false;
  if (m.source !== 'logs') return true;
  const filters = [...m.route.matchAll(/\|=\s*"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]);
  return filters.every((f) => c.lineFilters.includes(f));
}

function partSourcesOf(golden: Golden, part: PartKey): Source[] {
  const specs = golden.parts[part].measurements;
  const obtainable = specs.filter((m) => m.obtainable);
  return [...new Set((obtainable.length ? obtainable : specs).map((m) => m.source))];
}

export function buildFacts(
  golden: Golden,
  trace: Trace,
  theory: Theory,
  honest: boolean,
  health: HealthTable,
): Facts {
  const calls = callFacts(golden, trace);
  const byId = new Map(calls.map((c) => [c.id, c]));
  const queries = calls.filter(isQuery);
  const sourceStatus = (s: Source): Status | 'absent' => {
    const of = queries.filter((c) => c.source === s);
    if (!of.length) return 'absent';
    if (of.some((c) => c.power === 'measured')) return 'measured';
    return of.every((c) => c.power === 'nothing') ? 'unmeasured' : 'unknown';
  };
  const sources = { metrics: sourceStatus('metrics'), logs: sourceStatus('logs') };

  const byKey = new Map<string, Subject>();
  for (const part of ['A', 'B'] as const) {
    for (const m of golden.parts[part].measurements) {
      for (const s of m.route ? selectorsOf(m.route) : []) {
        for (const x of s.matchers.filter((x) => x.op === '=' && WORKLOAD.has(x.name))) {
          const key = `${m.source}\0${x.value}`;
          const sub = byKey.get(key) ?? {
            source: m.source,
            value: x.value,
            labels: [],
            part,
            status: 'unknown' as Status,
            attempted: false,
            related: [],
            failed: [],
            measured: [],
            honestAbsence: false,
            measurements: [],
          };
          if (!sub.labels.includes(x.name)) sub.labels.push(x.name);
          if (!sub.measurements.includes(m.id)) sub.measurements.push(m.id);
          byKey.set(key, sub);
        }
      }
    }
  }
  const subjects = [...byKey.values()];
  for (const sub of subjects) {
    const of = queries.filter((c) => c.source === sub.source);
    const related = of.filter((c) =>
      c.selectors.some((s) => s.matchers.some((x) => relates(sub.value, x.value))),
    );
    const exact = of.filter((c) =>
      c.selectors.some((s) =>
        s.matchers.some((x) => x.op === '=' && x.value === sub.value && sub.labels.includes(x.name)),
      ),
    );
    sub.related = related.map((c) => c.id);
    sub.failed = related.filter(reallyFailed).map((c) => c.id);
    sub.measured = exact.filter((c) => c.power === 'measured').map((c) => c.id);
    sub.attempted = related.length > 0;
    sub.status = sub.measured.length
      ? 'measured'
      : related.every((c) => c.power === 'nothing')
        ? 'unmeasured'
        : 'unknown';
    sub.health = health.find((h) => h.source === sub.source && h.value === sub.value)?.health;
  }
  for (const sub of subjects) {
    const conflated = subjects.some(
      (o) =>
        o !== sub &&
        o.source === sub.source &&
        o.status !== 'measured' &&
        (relates(sub.value, o.value) || relates(o.value, sub.value)),
    );
    sub.honestAbsence =
      sub.status === 'measured' && (sub.health === 'zero' || sub.health === 'normal') && !conflated;
  }

  const measurements: MeasurementFact[] = [];
  for (const part of ['A', 'B'] as const) {
    for (const spec of golden.parts[part].measurements) {
      const about = queries.filter((c) => isAboutMeasurement(c, spec));
      const exact = spec.route
        ? queries.filter((c) => c.norm === normalize(spec.route!) && c.power === 'measured')
        : [];
      const reported = theory.parts[part].measurements.find((x) => x.id === spec.id);
      const cited = reported?.evidence.map((id) => byId.get(id)) ?? [];
      const seedBacked =
        honest && reported !== undefined && cited.length > 0 && cited.every((c) => c?.power === 'measured');
      const own = subjects.filter((s) => s.source === spec.source && s.measurements.includes(spec.id));
      const unmeasured =
        sources[spec.source] === 'unmeasured' ||
        (own.length > 0 && own.every((s) => s.status === 'unmeasured'));
      const value = seedBacked ? reported.value : exact.find((c) => c.shown?.length === 1)?.shown?.[0];
      measurements.push({
        spec,
        part,
        status: exact.length || seedBacked ? 'measured' : unmeasured ? 'unmeasured' : 'unknown',
        calls: seedBacked ? reported.evidence : exact.map((c) => c.id),
        ...(value !== undefined ? { value } : {}),
        about: about.map((c) => c.id),
        failedAbout: about.filter(reallyFailed).map((c) => c.id),
      });
    }
  }

  const used = new Set(calls.map((c) => c.id));
  return {
    calls,
    byId,
    sources,
    subjects,
    measurements,
    partSources: { A: partSourcesOf(golden, 'A'), B: partSourcesOf(golden, 'B') },
    logValues: logLabelValues(golden),
    freshId(k = 0) {
      let i = 9000 + k;
      while (used.has(`c${i}`)) i++;
      return `c${i}`;
    },
  };
}
