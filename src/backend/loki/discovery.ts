/**
 * The Loki routes Grafana's Logs Drilldown and logcli call beside the query API, in Loki 3.7's
 * shapes: `status/buildinfo`, `detected_labels` (pkg/querier/querier.go: a label is kept unless
 * all its values look like ids, `cluster`/`namespace`/`instance`/`pod` always), `detected_fields`
 * (pkg/querier/queryrange/detected_fields.go: each line parsed as JSON or logfmt, each field typed
 * as Go's parsers would take its first value), and `index/volume` / `index/volume_range` (bytes per
 * group of the selected streams, largest first), and `format_query` (pkg/loki/format_query_handler.go:
 * the query prettified, or `invalid-query` with the parse error). Cardinalities are exact counts
 * where Loki keeps a HyperLogLog estimate.
 */
import { LOKI_VERSION } from '../../formats/imitated.js';
import { LogQLError } from '../../logql/api.js';
import { logSelectorsOf, parseLogQL, prettyLogQL } from '../../logql/index.js';
import type { LogStream } from '../../world/types.js';
import type { ApiParams, ApiResponse } from '../api.js';
import type { EngineCtx } from '../engine-ctx.js';
import { goEscapeJson } from '../go-format.js';
import { lokiBounds, lokiDuration, param } from '../params.js';
import { WireError } from '../wire-error.js';
import { lokiJson } from './wire.js';

const HOUR = 3_600_000;

export function buildInfo(): ApiResponse {
  return lokiJson({
    version: LOKI_VERSION,
    revision: 'rematch-embedded',
    branch: 'HEAD',
    buildUser: 'rematch',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'none (rematch embedded engine)',
  });
}

/**
 * `format_query`: Go's json.Encoder writes the body (`<`, `>` and `&` escaped as `\u003c` …, a
 * trailing newline), 200 with the prettified query or 400 `invalid-query` with the parse error.
 */
export function formatQuery(query: string): ApiResponse {
  let body: { status: string; data?: string; error?: string };
  let status = 200;
  try {
    body = { status: 'success', data: prettyLogQL(parseLogQL(query)) };
  } catch (e) {
    if (!(e instanceof LogQLError)) throw e;
    status = 400;
    body = { status: 'invalid-query', error: e.message };
  }
  return {
    status,
    text: `${goEscapeJson(JSON.stringify(body))}\n`,
    headers: { 'content-type': FORMAT_QUERY_TYPE },
  };
}

const FORMAT_QUERY_TYPE = 'application/json; charset=utf-8';

function range(p: ApiParams, ctx: EngineCtx): [number, number] {
  return lokiBounds(p, ctx.nowMs, HOUR);
}

function streamsOf(p: ApiParams, ctx: EngineCtx, start: number, end: number): LogStream[] {
  const q = param(p, 'query');
  return ctx.world.logs.select(q === undefined ? [] : logSelectorsOf(q), start, end);
}

const STATIC = new Set(['cluster', 'namespace', 'instance', 'pod']);
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const GO_FLOAT = /^[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)$/i;

/** Loki's shouldRejectLabel: values that are all numbers or UUIDs say nothing about a stream. */
function rejected(values: string[]): boolean {
  if (values.length === 0) return true;
  if (values.length <= 2 && values.every((v) => v === '0' || v === '1')) return false;
  return values.every((v) => GO_FLOAT.test(v) || UUID.test(v));
}

export function detectedLabels(p: ApiParams, ctx: EngineCtx): ApiResponse {
  const [start, end] = range(p, ctx);
  const values = new Map<string, Set<string>>();
  for (const s of streamsOf(p, ctx, start, end)) {
    for (const [k, v] of Object.entries(s.labels)) {
      if (!values.has(k)) values.set(k, new Set());
      values.get(k)!.add(v);
    }
  }
  const detectedLabels = [...values]
    .filter(([k, vs]) => STATIC.has(k) || !rejected([...vs]))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([label, vs]) => ({ label, cardinality: vs.size }));
  return lokiJson({ detectedLabels });
}

/** Go's strconv/time/humanize parsers in Loki's order: the first that takes the value names its type. */
function fieldType(v: string): string {
  if (/^[+-]?\d+$/.test(v) && Number.isSafeInteger(Number(v))) return 'int';
  if (GO_FLOAT.test(v)) return 'float';
  if (/^(?:1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(v)) return 'boolean';
  if (/^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.test(v) || v === '0') return 'duration';
  if (/^\d+(?:\.\d+)?\s*(?:[kKmMgGtTpPeE]i?)?[bB]$/.test(v)) return 'bytes';
  return 'string';
}

/** A line's fields: a JSON object flattened with `_` (Loki's json parser), else logfmt pairs. */
function fieldsOf(line: string): { parser: string; fields: [string, string][] } | undefined {
  const t = line.trimStart();
  if (t.startsWith('{')) {
    try {
      const obj = JSON.parse(t) as unknown;
      if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
        const out: [string, string][] = [];
        const walk = (o: Record<string, unknown>, prefix: string) => {
          for (const [k, v] of Object.entries(o)) {
            const key = `${prefix}${k.replace(/[^\w]/g, '_')}`;
            if (v && typeof v === 'object' && !Array.isArray(v))
              walk(v as Record<string, unknown>, `${key}_`);
            else if (!Array.isArray(v)) out.push([key, v === null ? '' : String(v)]);
          }
        };
        walk(obj as Record<string, unknown>, '');
        return { parser: 'json', fields: out };
      }
    } catch {
      // not JSON: try logfmt
    }
  }
  const out: [string, string][] = [];
  for (const m of line.matchAll(/(?:^|\s)([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)/g)) {
    const raw = m[2];
    out.push([
      m[1].replace(/[^\w]/g, '_'),
      raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw,
    ]);
  }
  return out.length ? { parser: 'logfmt', fields: out } : undefined;
}

function positiveInt(p: ApiParams, name: string, def: number): number {
  const raw = param(p, name);
  if (raw === undefined) return def;
  const n = Number(raw);
  if (!Number.isInteger(n))
    throw new WireError(
      'bad_data',
      `invalid parameter "${name}": strconv.ParseInt: parsing ${JSON.stringify(raw)}: invalid syntax`,
    );
  if (n <= 0) throw new WireError('bad_data', `${name} must be a positive value`);
  return n;
}

export function detectedFields(p: ApiParams, ctx: EngineCtx): ApiResponse {
  const [start, end] = range(p, ctx);
  const lineLimit = positiveInt(p, 'line_limit', 1000);
  const limit = positiveInt(p, 'limit', 1000);
  // The newest `line_limit` lines of the selected streams, as the query Loki runs reads them.
  const entries = streamsOf(p, ctx, start, end)
    .flatMap((s) =>
      s.entries.filter((e) => e.t >= start && e.t <= end).map((e) => ({ ...e, labels: s.labels })),
    )
    .sort((a, b) => b.t - a.t)
    .slice(0, lineLimit);
  const seen = new Map<string, { type: string; values: Set<string>; parsers: Set<string> }>();
  for (const e of entries) {
    const f = fieldsOf(e.line);
    if (!f) continue;
    for (const [k, v] of f.fields) {
      if (k in e.labels) continue; // a stream label is not a detected field
      let d = seen.get(k);
      if (!d) {
        if (seen.size >= limit) continue;
        d = { type: fieldType(v), values: new Set(), parsers: new Set() };
        seen.set(k, d);
      }
      d.values.add(v);
      d.parsers.add(f.parser);
    }
  }
  const fields = [...seen]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([label, d]) => ({
      label,
      type: d.type,
      cardinality: d.values.size,
      parsers: [...d.parsers].sort(),
    }));
  return lokiJson({ fields, limit });
}

/**
 * `index/volume(_range)`: the bytes of the selected streams' lines, grouped by the labels the
 * selector names (`aggregateBy=series`, the default) or by `targetLabels`; largest first, `limit`
 * (default 100) groups. An instant answer is a vector at `end`; a range one a matrix of the bytes
 * in each step's window.
 */
export function volume(p: ApiParams, ctx: EngineCtx, ranged: boolean): ApiResponse {
  const q = param(p, 'query');
  if (q === undefined) throw new WireError('bad_data', 'query is required');
  const [start, end] = range(p, ctx);
  const limit = positiveInt(p, 'limit', 100);
  const aggregateBy = param(p, 'aggregateBy') ?? 'series';
  if (aggregateBy !== 'series' && aggregateBy !== 'labels')
    throw new WireError(
      'bad_data',
      `invalid aggregation option '${aggregateBy}', must be one of [series labels]`,
    );
  const matchers = logSelectorsOf(q);
  const targets = (param(p, 'targetLabels') ?? '').split(',').filter((s) => s !== '');
  const by = targets.length ? targets : [...new Set(matchers.map((m) => m.name))];
  const step = ranged
    ? lokiDuration(p, 'step', Math.max(Math.floor((end - start) / 1000 / 250), 1) * 1000)
    : 0;
  const groups = new Map<
    string,
    { metric: Record<string, string>; total: number; points: Map<number, number> }
  >();
  for (const s of ctx.world.logs.select(matchers, start, end)) {
    const metric = Object.fromEntries(
      by.filter((k) => s.labels[k] !== undefined).map((k) => [k, s.labels[k]]),
    );
    const key = JSON.stringify(metric);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { metric, total: 0, points: new Map() }));
    for (const e of s.entries) {
      if (e.t < start || e.t > end) continue;
      const bytes = Buffer.byteLength(e.line);
      g.total += bytes;
      if (ranged) {
        const t = start + Math.ceil((e.t - start) / step) * step;
        g.points.set(t, (g.points.get(t) ?? 0) + bytes);
      }
    }
  }
  const top = [...groups.values()]
    .filter((g) => g.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, limit);
  const result = ranged
    ? top.map((g) => ({
        metric: g.metric,
        values: [...g.points].sort((a, b) => a[0] - b[0]).map(([t, v]) => [t / 1000, String(v)]),
      }))
    : top.map((g) => ({ metric: g.metric, value: [end / 1000, String(g.total)] }));
  return lokiJson({ status: 'success', data: { resultType: ranged ? 'matrix' : 'vector', result } });
}
