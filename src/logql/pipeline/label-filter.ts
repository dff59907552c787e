/**
 * Label filter expressions. A numeric, duration or bytes comparison on a value that does not
 * convert keeps the line and marks it `__error__="LabelFilterErr"`, as Loki does; a missing
 * label passes only `!=`.
 */
import type { Labels, Matcher } from '../../world/types.js';
import type { CmpOp, LabelFilterExpr } from '../syntax/ast.js';
import { ipMatcher, parseAddr } from '../syntax/ip.js';
import { goRegex, parseBytes, parseDurationMs, parseGoFloat } from '../syntax/literals.js';
import type { Entry } from './entry.js';

export type FilterFn = (e: Entry) => boolean;

export function compare(op: CmpOp, a: number, b: number): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

const CONVERT: Record<'number' | 'duration' | 'bytes', (s: string) => number | null> = {
  number: parseGoFloat,
  duration: (s) => {
    const ms = parseDurationMs(s);
    return ms === null ? null : ms / 1000;
  },
  bytes: parseBytes,
};

export function compileLabelFilter(f: LabelFilterExpr): FilterFn {
  switch (f.kind) {
    case 'and': {
      const l = compileLabelFilter(f.left);
      const r = compileLabelFilter(f.right);
      return (e) => l(e) && r(e);
    }
    case 'or': {
      const l = compileLabelFilter(f.left);
      const r = compileLabelFilter(f.right);
      return (e) => l(e) || r(e);
    }
    case 'match': {
      const test = matcherTest(f.matcher);
      return (e) => test(e.getter);
    }
    case 'ip': {
      // The label's value must itself be an address (ip.go); a missing or non-address value is
      // no match, so `=` drops the line and `!=` keeps it.
      const m = ipMatcher(f.pattern);
      return (e) => {
        const raw = e.get(f.name);
        const a = raw === undefined ? null : parseAddr(raw);
        const hit = a !== null && m(a);
        return f.op === '==' ? hit : !hit;
      };
    }
    default: {
      const conv = CONVERT[f.kind];
      return (e) => {
        const raw = e.get(f.name);
        if (raw === undefined) return f.op === '!=';
        const v = conv(raw);
        if (v === null) {
          e.setError('LabelFilterErr', `${f.kind} conversion of label ${f.name}="${raw}" failed`);
          return true;
        }
        return compare(f.op, v, f.value);
      };
    }
  }
}

export type LabelGetter = (name: string) => string | undefined;

/** A label matcher with RE2 regex semantics, anchored as Prometheus' matchers are. */
export function matcherTest(m: Matcher): (get: LabelGetter) => boolean {
  if (m.op === '=') return (g) => (g(m.name) ?? '') === m.value;
  if (m.op === '!=') return (g) => (g(m.name) ?? '') !== m.value;
  const re = goRegex(m.value, true);
  const neg = m.op === '!~';
  return (g) => re.test(g(m.name) ?? '') !== neg;
}

export function labelsGetter(labels: Labels): LabelGetter {
  return (name) => labels[name];
}
