/**
 * Log streams. A log block's `stream` is a label matrix: each label set is one stream with its own
 * random stream. Generated lines arrive second by second: a Poisson count with the Signal's rate
 * (lines per second, with noise; none inside a `gap`), plus each active burst's rate of its one
 * template; each line gets a uniform millisecond inside its second, a template chosen by weight,
 * and fresh field values. Literal `lines` are added to every stream of the matrix as written.
 */
import type { z } from 'zod';
import type { LogBlock, LogFieldSpec, LogGeneratorSpec } from '../../spec/golden.js';
import type { LogStore } from '../log-store.js';
import { labelsKey } from '../matchers.js';
import { type Rng, rngFor } from '../rng.js';
import type { Labels } from '../types.js';
import type { GenContext } from './context.js';
import { type FieldValue, fieldValue } from './fields.js';
import { fillTemplate, type LogFormat, renderLine } from './format.js';
import { expandMatrix } from './labels.js';
import { compileSignal, inGap, levelAt } from './signal.js';

type LogBlockSpec = z.infer<typeof LogBlock>;

export function generateLogBlock(block: LogBlockSpec, ctx: GenContext, store: LogStore): void {
  for (const labels of expandMatrix(block.stream)) {
    for (const l of block.lines ?? []) store.push(labels, ctx.resolve(l.at), l.line);
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
  const templates = compileTemplates(gen, labels);
  const format = gen.format ?? 'logfmt';
  const pending: { t: number; template: number }[] = [];
  for (let sec = ctx.start; sec <= ctx.end; sec += 1000) {
    pending.length = 0;
    if (!inGap(sig.segments, sec)) {
      const rate = Math.max(0, levelAt(sig.base, sig.segments, sec) * (1 + sig.noise * rng.signed()));
      const n = rng.poisson(rate);
      for (let i = 0; i < n; i++)
        pending.push({ t: sec + Math.floor(rng.next() * 1000), template: rng.weighted(weights) });
      for (const b of bursts) {
        if (sec < b.from || sec >= b.to) continue;
        const k = rng.poisson(b.rate);
        for (let i = 0; i < k; i++)
          pending.push({ t: sec + Math.floor(rng.next() * 1000), template: b.template });
      }
    }
    pending.sort((a, b) => a.t - b.t);
    for (const p of pending) {
      if (p.t > ctx.end) continue;
      store.push(labels, p.t, lineFor(format, templates[p.template], p.t, rng));
    }
  }
}

interface CompiledTemplate {
  fields: [string, LogFieldSpec][];
  level: string;
  text: string;
}

function compileTemplates(gen: LogGeneratorSpec, labels: Labels): CompiledTemplate[] {
  return gen.templates.map((t) => ({
    fields: Object.entries(t.fields ?? {}),
    level: t.level ?? labels.level ?? 'info',
    text: t.text,
  }));
}

function lineFor(format: LogFormat, tpl: CompiledTemplate, t: number, rng: Rng): string {
  const values: Record<string, FieldValue> = {};
  for (const [k, spec] of tpl.fields) values[k] = fieldValue(spec, rng);
  const msg = tpl.fields.length ? fillTemplate(tpl.text, values) : tpl.text;
  return renderLine(format, t, tpl.level, msg, values);
}
