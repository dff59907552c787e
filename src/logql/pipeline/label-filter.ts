/**
 * Label filter expressions. A numeric, duration or bytes comparison on a value that does not
 * convert keeps the line and marks it `__error__="LabelFilterErr"`, as Loki does; a missing
 * label passes only `!=`.
 */
import type { Labels, Matcher } from '../../world/types.js';
import type { CmpOp, LabelFilterExpr } from '../syntax/index.js';
import { goRegex, ipMatcher, parseBytes, parseDurationMs, parseGoFloat, textHasIp } from '../syntax/index.js';
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
      // ip.go's IPLabelFilter: an entry that already has an error passes (only string matchers
      // filter errors); a missing label fails both `=` and `!=`; otherwise the value is searched
      // for an address as a line is.
      const m = ipMatcher(f.pattern);
      return (e) => {
        if (e.hasError()) return true;
        const raw = e.get(f.name);
        if (raw === undefined) return false;
        return textHasIp(m, raw) === (f.op === '==');
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
