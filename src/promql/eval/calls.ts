/** Function calls: dispatch to the range or instant tables; absent*, timestamp need the AST. */
import type { Labels } from '../../world/types.js';
import type { Call, Expr } from '../ast.js';
import { formatPromFloat } from '../format.js';
import { countSamples, execError, info, type QueryContext, warn } from './context.js';
import { INSTANT_FUNCTIONS, unsupported } from './functions.js';
import { dropName, keyOf, makeLabels } from './labels.js';
import { columnAt } from './range-columns.js';
import { KEEPS_NAME, RANGE_FUNCTIONS } from './range-functions.js';
import { type Column, type MatrixValue, type Sample, type Value, vectorOf } from './types.js';

function unwrap(e: Expr): Expr {
  return e.type === 'paren' ? unwrap(e.expr) : e;
}

/** Labels absent() reports: the selector's equality matchers, except the metric name. */
function absentLabels(e: Expr): Labels {
  const u = unwrap(e);
  const vs = u.type === 'vectorSelector' ? u : u.type === 'matrixSelector' ? u.vector : undefined;
  if (!vs) return {};
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const m of vs.matchers) {
    if (m.name === '__name__') continue;
    if (seen.has(m.name)) dup.add(m.name);
    seen.add(m.name);
    if (m.op === '=') out[m.name] = m.value;
  }
  for (const d of dup) delete out[d];
  return makeLabels(out);
}

export function checkDuplicates(samples: Sample[]): void {
  if (samples.length < 2) return;
  const seen = new Set<string>();
  for (const s of samples) {
    const k = keyOf(s.labels);
    if (seen.has(k)) throw execError('vector cannot contain metrics with the same labelset');
    seen.add(k);
  }
}

const COUNTER_FNS = new Set(['rate', 'increase']);
const COUNTER_SUFFIX = /_(total|sum|count|bucket)$/;

/** Prometheus' hint when rate/increase is applied to something not named like a counter. */
function counterInfo(ctx: QueryContext, name: string | undefined, pos: Expr): void {
  if (name && !COUNTER_SUFFIX.test(name)) {
    info(
      ctx,
      `metric might not be a counter, name does not end in _total/_sum/_count/_bucket: "${name}"`,
      pos,
    );
  }
}

function scalarArg(ctx: QueryContext, e: Expr, t: number): number {
  const v = ctx.evaluate(e, t);
  return v.kind === 'scalar' ? v.v : Number.NaN;
}

function rangeCall(ctx: QueryContext, e: Call, t: number): Value {
  const f = RANGE_FUNCTIONS[e.func];
  const mIdx = e.args.findIndex((a) => unwrap(a).type === 'matrixSelector' || unwrap(a).type === 'subquery');
  const params = e.args.filter((_, i) => i !== mIdx).map((a) => scalarArg(ctx, a, t));
  if (e.func === 'quantile_over_time' && !(params[0] >= 0 && params[0] <= 1)) {
    warn(ctx, `quantile value should be between 0 and 1, got ${formatPromFloat(params[0])}`, e.args[0]);
  }
  if (e.func === 'double_exponential_smoothing') {
    if (!(params[0] > 0 && params[0] < 1)) {
      throw execError(`invalid smoothing factor. Expected: 0 < sf < 1, got: ${params[0].toFixed(6)}`);
    }
    if (!(params[1] > 0 && params[1] < 1)) {
      throw execError(`invalid trend factor. Expected: 0 < tf < 1, got: ${params[1].toFixed(6)}`);
    }
  }
  const arg = unwrap(e.args[mIdx]);
  const literal = e.args.every((a, i) => i === mIdx || unwrap(a).type === 'number');
  const col = arg.type === 'matrixSelector' ? columnAt(ctx, e, arg, f, params, literal, t) : undefined;
  let m: MatrixValue | undefined;
  if (col) {
    // What the step path's evaluate() and evalMatrixSelector() would charge at this step.
    ctx.deadline.spend(1 + col[0].series.length);
    const read = col[0].samples[col[1]];
    // The block was computed ahead; the selector read data at this step only if its windows held samples.
    if (read > 0 && arg.type === 'matrixSelector') ctx.matched.add(arg.vector);
    countSamples(ctx, read);
  } else {
    const v = ctx.evaluate(e.args[mIdx], t);
    if (v.kind !== 'matrix') throw execError(`expected a range vector in ${e.func}`);
    m = v;
  }
  const keep = KEEPS_NAME.has(e.func);
  const counter = COUNTER_FNS.has(e.func);
  if (col) return columnStep(ctx, col[0], col[1], keep, counter, e.args[mIdx]);
  const call = m ? { rangeMs: m.rangeMs, end: m.end, evalT: t, params } : undefined;
  const out: Sample[] = [];
  let firstName: string | undefined;
  let manyNames = false;
  let lastName: string | undefined;
  const windows = m?.windows ?? [];
  for (let i = 0; i < windows.length; i++) {
    const w = windows[i];
    const v = call && f(w, call);
    if (v === undefined) continue;
    const name = w.labels.__name__;
    // The info is a set: testing a name again, as the next series of the same metric has it, adds nothing.
    if (counter && (out.length === 0 || name !== lastName)) counterInfo(ctx, name, e.args[mIdx]);
    lastName = name;
    if (out.length === 0) firstName = name;
    else if (name !== firstName) manyNames = true;
    out.push({ labels: keep ? w.labels : (w.dropped ?? dropName(w.labels)), v });
  }
  // Dropping the name can only collide series that had different names.
  if (manyNames && !keep) checkDuplicates(out);
  return { kind: 'vector', samples: out };
}

/**
 * rangeCall's loop for a step a block serves: the same samples, names and infos in the same order,
 * with each series' output labels and name read once per block instead of once per step.
 */
function columnStep(
  ctx: QueryContext,
  c: Column,
  j: number,
  keep: boolean,
  counter: boolean,
  arg: Expr,
): Value {
  const series = c.series;
  if (!c.out) {
    const labels: Labels[] = [];
    const names: (string | undefined)[] = [];
    for (const s of series) {
      labels.push(keep ? s.labels : (s.dropped ?? dropName(s.labels)));
      names.push(s.labels.__name__);
    }
    c.out = { labels, names };
  }
  const { labels, names } = c.out;
  const out: Sample[] = [];
  let firstName: string | undefined;
  let manyNames = false;
  let lastName: string | undefined;
  for (let i = 0, at = j; i < series.length; i++, at += c.count) {
    if (!c.has[at]) continue;
    const name = names[i];
    if (counter && (out.length === 0 || name !== lastName)) counterInfo(ctx, name, arg);
    lastName = name;
    if (out.length === 0) firstName = name;
    else if (name !== firstName) manyNames = true;
    out.push({ labels: labels[i], v: c.values[at] });
  }
  if (manyNames && !keep) checkDuplicates(out);
  return { kind: 'vector', samples: out };
}

export function evalCall(ctx: QueryContext, e: Call, t: number): Value {
  switch (e.func) {
    case 'absent': {
      const v = vectorOf(ctx.evaluate(e.args[0], t));
      return { kind: 'vector', samples: v.length > 0 ? [] : [{ labels: absentLabels(e.args[0]), v: 1 }] };
    }
    case 'absent_over_time': {
      const m = ctx.evaluate(e.args[0], t);
      const empty = m.kind !== 'matrix' || m.windows.length === 0;
      return { kind: 'vector', samples: empty ? [{ labels: absentLabels(e.args[0]), v: 1 }] : [] };
    }
    case 'timestamp': {
      const arg = unwrap(e.args[0]);
      const v = vectorOf(ctx.evaluate(e.args[0], t));
      const raw = arg.type === 'vectorSelector';
      return {
        kind: 'vector',
        samples: v.map((s) => ({
          labels: dropName(s.labels),
          v: ((raw ? (s.st ?? t) : t) + ctx.timeShiftMs) / 1000,
        })),
      };
    }
  }
  if (RANGE_FUNCTIONS[e.func]) return rangeCall(ctx, e, t);
  const f = INSTANT_FUNCTIONS[e.func];
  if (!f) throw unsupported(e.func);
  const args = e.args.map((a) => ctx.evaluate(a, t));
  const v = f(args, { ctx, call: e, t });
  if (v.kind === 'vector') checkDuplicates(v.samples);
  return v;
}
