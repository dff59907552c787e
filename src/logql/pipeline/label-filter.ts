/**
 * Label filter expressions, as Loki's label_filter.go runs them. A numeric, duration or bytes
 * comparison on a value that does not convert keeps the line and marks it
 * `__error__="LabelFilterErr"` with Go's text in `__error_details__` (the first failure owns
 * both); a missing label fails every comparison, and so does `__error__` itself (a converting
 * filter cannot read the error: only string matchers can). `or` stops at a passing left operand;
 * `and` always runs both.
 */
import type { Labels, Matcher } from '../../world/types.js';
import type { CmpOp, LabelFilterExpr } from '../syntax/index.js';
import { goRegex, ipMatcher, textHasIp } from '../syntax/index.js';
import { type Entry, ERROR_DETAILS_LABEL, ERROR_LABEL } from './entry.js';
import { type Converted, goBytes, goDuration, goFloat } from './go-convert.js';

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

const CONVERT: Record<'number' | 'duration' | 'bytes', (s: string) => Converted> = {
  number: goFloat,
  duration: goDuration,
  bytes: goBytes,
};

export function compileLabelFilter(f: LabelFilterExpr): FilterFn {
  switch (f.kind) {
    case 'and': {
      const l = compileLabelFilter(f.left);
      const r = compileLabelFilter(f.right);
      return (e) => {
        const a = l(e);
        const b = r(e);
        return a && b;
      };
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
      if (f.name === ERROR_LABEL || f.name === ERROR_DETAILS_LABEL) return () => false;
      return (e) => {
        const raw = e.get(f.name);
        if (raw === undefined) return false;
        const c = conv(raw);
        if (!c.ok) {
          e.setError('LabelFilterErr', c.err);
          return true;
        }
        return compare(f.op, c.v, f.value);
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
