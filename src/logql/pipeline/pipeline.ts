/**
 * Compiles a log query's stages into one function over an Entry. When every stage is a line
 * filter the pipeline is `lineOnly`: callers test raw strings and never build an Entry.
 */
import type { LineFilterStage, Stage } from '../syntax/index.js';
import { goRegex, ipMatcher, semanticError, textHasIp } from '../syntax/index.js';
import { Entry, ERROR_DETAILS_LABEL, ERROR_LABEL } from './entry.js';
import { compileLabelFilter, matcherTest } from './label-filter.js';
import {
  jsonStage,
  type LabelHints,
  logfmtStage,
  patternStage,
  regexpStage,
  type StageFn,
  unpackStage,
} from './label-parsers.js';
import { compilePattern, testPattern } from './pattern.js';
import { compileTemplate, TemplateError } from './template.js';

export interface Pipeline {
  /** Set when the pipeline only filters lines: a fast test with no label work. */
  lineOnly?: (line: string) => boolean;
  run: StageFn;
}

export function lineFilter(f: LineFilterStage): (line: string) => boolean {
  const neg = f.op === '!=' || f.op === '!~' || f.op === '!>';
  let any: (line: string) => boolean;
  if (f.ip) {
    const tests = f.values.map((v, i) => {
      if (!f.ip?.[i]) return (l: string) => l.includes(v);
      const m = ipMatcher(v);
      return (l: string) => textHasIp(m, l);
    });
    any = (l) => tests.some((t) => t(l));
  } else if (f.op === '|=' || f.op === '!=') {
    const vs = f.values;
    any = vs.length === 1 ? (l) => l.includes(vs[0]) : (l) => vs.some((v) => l.includes(v));
  } else if (f.op === '|~' || f.op === '!~') {
    // Line filter regexes are unanchored and `.` matches newlines too (Loki docs).
    const res = f.values.map((v) => goRegex(v, false, true));
    any = (l) => res.some((r) => r.test(l));
  } else {
    const ps = f.values.map((v) => compilePattern(v, false));
    any = (l) => ps.some((p) => testPattern(p, l));
  }
  return neg ? (l) => !any(l) : any;
}

function templateError(e: Entry, err: unknown): void {
  if (err instanceof TemplateError || err instanceof Error) e.setError('TemplateFormatErr', err.message);
}

function stageFn(s: Stage, hints: LabelHints): StageFn {
  switch (s.kind) {
    case 'lineFilter': {
      const f = lineFilter(s);
      return (e) => f(e.line);
    }
    case 'json':
      return jsonStage(s.params, hints);
    case 'logfmt':
      return logfmtStage(s.strict, s.keepEmpty, s.params, hints);
    case 'regexp':
      return regexpStage(s.pattern);
    case 'pattern':
      return patternStage(s.pattern);
    case 'unpack':
      return unpackStage();
    case 'labelFilter':
      return compileLabelFilter(s.filter);
    case 'decolorize': {
      const ansi = /\x1b\[[0-9;]*[A-Za-z]/g;
      return (e) => {
        if (e.line.includes('\x1b')) e.line = e.line.replace(ansi, '');
        return true;
      };
    }
    case 'lineFormat': {
      const tpl = compiled(s.template);
      return (e) => {
        try {
          e.line = tpl({ labels: e.all() as Record<string, string>, line: e.line, t: e.t });
        } catch (err) {
          templateError(e, err);
        }
        return true;
      };
    }
    case 'labelFormat': {
      const ops = s.ops.map((o) => ({
        ...o,
        tpl: o.template !== undefined ? compiled(o.template) : undefined,
      }));
      return (e) => {
        const before = { ...e.all() };
        for (const o of ops) {
          if (o.tpl) {
            try {
              e.set(o.dst, o.tpl({ labels: before, line: e.line, t: e.t }));
            } catch (err) {
              templateError(e, err);
            }
          } else if (o.src !== undefined && o.src !== o.dst) {
            e.set(o.dst, before[o.src] ?? '');
            e.del(o.src);
          }
        }
        return true;
      };
    }
    case 'drop': {
      const items = s.items.map((it) => ({
        name: it.name,
        test: it.matcher ? matcherTest(it.matcher) : undefined,
      }));
      return (e) => {
        for (const it of items) if (!it.test || it.test(e.getter)) e.del(it.name);
        return true;
      };
    }
    case 'keep': {
      const items = s.items.map((it) => ({
        name: it.name,
        test: it.matcher ? matcherTest(it.matcher) : undefined,
      }));
      return (e) => {
        const src = e.all();
        const out: Record<string, string> = {};
        // keep never drops the query-time error labels (Loki docs).
        for (const name of [ERROR_LABEL, ERROR_DETAILS_LABEL])
          if (src[name] !== undefined) out[name] = src[name];
        for (const it of items) {
          const v = src[it.name];
          if (v !== undefined && (!it.test || it.test(e.getter))) out[it.name] = v;
        }
        e.replaceAll(out);
        return true;
      };
    }
  }
}

function compiled(src: string): ReturnType<typeof compileTemplate> {
  try {
    return compileTemplate(src);
  } catch (err) {
    throw semanticError(`invalid template ${JSON.stringify(src)}: ${(err as Error).message}`);
  }
}

/** `hints`: the only labels the caller reads after the pipeline (see LabelHints); default all. */
export function compilePipeline(stages: readonly Stage[], hints?: LabelHints): Pipeline {
  const fns = stages.map((s) => stageFn(s, hints));
  const run: StageFn = (e) => {
    for (const f of fns) if (!f(e)) return false;
    return true;
  };
  if (stages.every((s) => s.kind === 'lineFilter')) {
    const lfs = stages.map((s) => lineFilter(s as LineFilterStage));
    const lineOnly =
      lfs.length === 0
        ? () => true
        : lfs.length === 1
          ? lfs[0]
          : (l: string) => {
              for (const f of lfs) if (!f(l)) return false;
              return true;
            };
    return { lineOnly, run };
  }
  return { run };
}

export { Entry, ERROR_DETAILS_LABEL, ERROR_LABEL };
