/**
 * Log streams. A log block's `stream` is a label matrix: each label set is one stream with its own
 * random stream. Generated lines arrive second by second: a Poisson count with the Signal's rate
 * (lines per second, with noise; none inside a `gap`), plus each active burst's rate of its one
 * template; each line gets a uniform millisecond inside its second, a template chosen by weight,
 * fresh field values and, when its template has `metadata`, structured metadata drawn the same way. Literal `lines` are added to every stream of the matrix as written.
 */
import type { z } from 'zod';
import type { LogBlock, LogFieldSpec, LogGeneratorSpec } from '../../formats/golden/index.js';
import type { LogStore } from '../log-store.js';
import { labelsKey } from '../matchers.js';
import { type Rng, rngFor } from '../rng.js';
import type { Labels } from '../types.js';
import type { GenContext } from './context.js';
import { type FieldValue, fieldValue } from './fields.js';
import type { LogFormat } from './format.js';
import { expandMatrix } from './labels.js';
import { compileLine, type LineRenderer } from './line.js';
import { compileSignal, inGap, levelAt } from './signal.js';

type LogBlockSpec = z.infer<typeof LogBlock>;

export function generateLogBlock(block: LogBlockSpec, ctx: GenContext, store: LogStore): void {
  for (const labels of expandMatrix(block.stream)) {
    for (const l of block.lines ?? []) store.push(labels, ctx.resolve(l.at), l.line, l.metadata);
    if (block.generate) generateStream(block.generate, labels, ctx, store);
  }
}

function generateStream(gen: LogGeneratorSpec, labels: Labels, ctx: GenContext, store: LogStore): void {
  const rng = rngFor(ctx.seed, `logs:${labelsKey(labels)}`);
  const sig = compileSignal(gen.rate, ctx.resolve);
  const bursts = (gen.bursts ?? []).map((b) => ({
    from: ctx.resolve(b.from),
    to: ctx.resolve(b.to),
    rate: b.rate,
    template: Math.min(b.template, gen.templates.length - 1),
  }));
  const weights = gen.templates.map((t) => t.weight ?? 1);
  const templates = compileTemplates(gen, labels, gen.format ?? 'logfmt');
  // One second's lines, each as (millisecond in the second) × 2^32 + (draw order): sorting the
  // numbers orders by time and keeps draw order for equal times, as a stable sort would.
  let pending = new Float64Array(64);
  const order: number[] = [];
  let n = 0;
  const add = (ms: number, template: number) => {
    if (n === pending.length) {
      const grown = new Float64Array(n * 2);
      grown.set(pending);
      pending = grown;
    }
    pending[n] = ms * ORDER + n;
    order[n] = template;
    n++;
  };
  for (let sec = ctx.start; sec <= ctx.end; sec += 1000) {
    n = 0;
    if (!inGap(sig.segments, sec)) {
      const rate = Math.max(0, levelAt(sig.base, sig.segments, sec) * (1 + sig.noise * rng.signed()));
      const k = rng.poisson(rate);
      for (let i = 0; i < k; i++) add(Math.floor(rng.next() * 1000), rng.weighted(weights));
      for (const b of bursts) {
        if (sec < b.from || sec >= b.to) continue;
        const k = rng.poisson(b.rate);
        for (let i = 0; i < k; i++) add(Math.floor(rng.next() * 1000), b.template);
      }
    }
    const sorted = pending.subarray(0, n).sort();
    for (let i = 0; i < n; i++) {
      const key = sorted[i];
      const t = sec + Math.floor(key / ORDER);
      if (t > ctx.end) continue;
      const tpl = templates[order[key % ORDER]];
      for (let f = 0; f < tpl.specs.length; f++) tpl.values[f] = fieldValue(tpl.specs[f], rng);
      const line = tpl.render(t, tpl.values);
      // Drawn after the line's fields, so a template without metadata draws as it always did.
      store.push(labels, t, line, tpl.metadata && drawMetadata(tpl.metadata, rng));
    }
  }
}

function drawMetadata(specs: readonly [string, LogFieldSpec][], rng: Rng): Labels {
  const out: Record<string, string> = {};
  for (const [k, spec] of specs) out[k] = String(fieldValue(spec, rng));
  return out;
}

/** Above any draw order (a JS array's length fits in 32 bits); ms × ORDER stays an exact double. */
const ORDER = 2 ** 32;

interface CompiledTemplate {
  specs: LogFieldSpec[];
  /** The template's structured metadata, key → generator, sorted by key. */
  metadata?: [string, LogFieldSpec][];
  /** Scratch for one line's field values, in the order the golden wrote the fields. */
  values: FieldValue[];
  render: LineRenderer;
}

function compileTemplates(gen: LogGeneratorSpec, labels: Labels, format: LogFormat): CompiledTemplate[] {
  return gen.templates.map((t) => {
    const fields = Object.entries(t.fields ?? {});
    const level = t.level ?? labels.level ?? 'info';
    return {
      specs: fields.map(([, spec]) => spec),
      metadata: t.metadata && Object.entries(t.metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      values: [],
      render: compileLine(
        format,
        level,
        t.text,
        fields.map(([k]) => k),
      ),
    };
  });
}
