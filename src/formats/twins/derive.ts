/**
 * One twin from one golden: the fault its kind adds (first, so it decides the answer), and what
 * that fault does to each measurement. A measurement whose only route the fault breaks is
 * unobtainable (no truth, `obtainable: false`): the honest Theory names the failed query as the
 * gap; a root cause resting on a hidden measurement is not established, and not scored.
 */
import type { FaultSpec, Golden, MeasurementSpec } from '../golden/index.js';
import { type TwinKind, twinId } from './kinds.js';
import { answerableUnder } from './split.js';

const LOKI_QUERIES = ['loki.query', 'loki.query_range'];
const PROM_QUERIES = ['prom.query', 'prom.query_range'];
/** Loki's `max_query_length` in the twin, and as Loki prints it. */
const QUERY_LENGTH_MS = 30 * 60_000;

interface Recipe {
  /** What the twin does, for its title and description. */
  what: string;
  fault?: FaultSpec;
  /** True when the fault leaves the measurement without an answer. */
  hides: (m: MeasurementSpec) => boolean;
  /** Extra world blocks (stale-catalog), added after the golden's own. */
  world?: (g: Golden) => Golden['world'];
}

const id = (kind: TwinKind) => `twin-${kind}`;

const RECIPES: Record<TwinKind, (g: Golden) => Recipe> = {
  'logs-failed': () => ({
    what: 'every Loki log query answers HTTP 200 with a failed envelope',
    fault: {
      id: id('logs-failed'),
      kind: 'failed-envelope',
      match: { api: LOKI_QUERIES },
      message: 'failed to load chunks: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    },
    hides: (m) => m.source === 'logs',
  }),
  'metrics-failed': () => ({
    what: 'every Prometheus query answers HTTP 200 with a failed envelope',
    fault: {
      id: id('metrics-failed'),
      kind: 'failed-envelope',
      match: { api: PROM_QUERIES },
      message: 'expanding series: rpc error: code = Unavailable desc = store gateway unreachable',
    },
    hides: (m) => m.source === 'metrics',
  }),
  'logs-empty': () => ({
    what: 'every Loki log query answers an empty result (a fault, indistinguishable on the wire)',
    fault: { id: id('logs-empty'), kind: 'empty', match: { api: LOKI_QUERIES } },
    hides: (m) => m.source === 'logs',
  }),
  'query-length': () => ({
    what: 'Loki refuses a query reading more than 30m (max_query_length); exact splits stay answerable',
    fault: { id: id('query-length'), kind: 'max-query-length', match: { api: LOKI_QUERIES }, limit: '30m' },
    hides: (m) =>
      m.source === 'logs' && (m.route === undefined || !answerableUnder(m.route, QUERY_LENGTH_MS)),
  }),
  'untyped-200': () => ({
    what: 'every Loki log query answers HTTP 200 with the error string in `data` (no outcome, no n)',
    fault: {
      id: id('untyped-200'),
      kind: 'untyped-200',
      match: { api: LOKI_QUERIES },
      message: 'upstream unavailable: dial tcp 10.0.3.7:3100: connect: connection refused',
    },
    hides: (m) => m.source === 'logs',
  }),
  'stale-tools': () => ({
    what: 'the tool catalog lists the query tools of a broken upstream image (HTTP 502, credentials accepted) until it is refreshed',
    fault: { id: id('stale-tools'), kind: 'stale-tools', match: { api: [...PROM_QUERIES, ...LOKI_QUERIES] } },
    // Nothing is hidden: after a refresh every route answers as in the golden.
    hides: () => false,
  }),
  'stale-catalog': (g) => ({
    what: 'label listings also name streams that stopped logging before the incident',
    hides: () => false,
    world: (w) => ({ ...w.world, logs: [...w.world.logs, ...staleStreams(g)] }),
  }),
};

/**
 * For each log stream the world holds, a renamed one (`<value>-legacy` on its first label) with a
 * single line at time.start: Loki's label listings (6h by default) still list it, while every
 * query over the incident's hour finds nothing there. The golden's truths do not change.
 */
function staleStreams(g: Golden): Golden['world']['logs'] {
  const seen = new Set<string>();
  const out: Golden['world']['logs'] = [];
  for (const block of g.world.logs) {
    const labels = block.stream as Record<string, string>;
    const key = Object.keys(labels).find((k) => k !== 'namespace') ?? Object.keys(labels)[0];
    if (!key) continue;
    const stream = { ...labels, [key]: `${labels[key]}-legacy` };
    const sig = JSON.stringify(stream);
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push({
      stream,
      lines: [{ at: '0s', line: `level=info msg="service retired" ${key}=${stream[key]}` }],
    });
  }
  return out;
}

function derived(m: MeasurementSpec): MeasurementSpec {
  const { truth: _t, tolerance: _tol, ...rest } = m;
  return { ...rest, obtainable: false };
}

/** The twin of `g` of this kind. Pure: same golden and kind, same twin. */
export function twinOf(g: Golden, kind: TwinKind): Golden {
  const r = RECIPES[kind](g);
  const part = (p: Golden['parts']['A']) => ({
    ...p,
    measurements: p.measurements.map((m) => (m.obtainable && r.hides(m) ? derived(m) : m)),
  });
  const parts = { A: part(g.parts.A), B: part(g.parts.B) };
  const obtainable = (ms: MeasurementSpec[]) => ms.filter((m) => m.obtainable).map((m) => m.id);
  const kept = new Set(obtainable([...parts.A.measurements, ...parts.B.measurements]));
  // The measurements that establish the root cause (the golden's default: every obtainable one).
  // When the fault hides one of them the root cause is not established either: the reference says
  // so, and it is not scored (weight 0; the default weighs A and B equally), so the honest answer
  // is the parts' figures and their named gaps.
  const evidence = g.rootCause.evidence ?? obtainable([...g.parts.A.measurements, ...g.parts.B.measurements]);
  const rootHidden = evidence.some((e) => !kept.has(e));
  const rootCause = rootHidden ? { ...g.rootCause, evidence } : g.rootCause;
  const weights = rootHidden ? { ...(g.weights ?? { A: 1, B: 1 }), rootCause: 0 } : g.weights;
  return {
    ...g,
    id: twinId(g.id, kind),
    title: `${g.title} (twin: ${kind})`,
    description: `Generated from ${g.id}: ${r.what}. ${g.description ?? ''}`.trim(),
    // not the golden's tags: a tag names hand-picked goldens (`tag:db` stays the db goldens)
    tags: ['twin', `twin:${kind}`, `twin-of:${g.id}`],
    parts,
    rootCause,
    weights,
    faults: r.fault ? [r.fault, ...g.faults] : g.faults,
    world: r.world ? r.world(g) : g.world,
    // the golden's faulted expectations describe its own faults, which the twin's may overrule
    expect: g.expect.filter((e) => !e.faults),
  };
}

/**
 * True when the golden already is this kind's variant: one of its own faults is the kind's fault
 * on the same backend (`checkout-db-pool-logs-failed` fails payments' log queries with a failed
 * envelope). Its twin of that kind would only widen the fault to every stream and duplicate the
 * base golden's own twin, so none is made.
 */
export function hasOwnVariant(g: Golden, kind: TwinKind): boolean {
  const fault = RECIPES[kind](g).fault;
  if (!fault) return false;
  const backend = (api: string) =>
    api.startsWith('loki') ? 'loki' : api.startsWith('prom') ? 'prometheus' : api;
  const wanted = new Set((fault.match.api ?? []).map(backend));
  return g.faults.some(
    (f) =>
      f.kind === fault.kind && (f.match.api === undefined || f.match.api.some((a) => wanted.has(backend(a)))),
  );
}
