/** Label-set helpers for the evaluator: identity keys, name dropping, ordering, Go-style printing. */
import type { Labels } from '../../world/types.js';

const keyCache = new WeakMap<Labels, string>();

/** A stable identity string for a label set (keys are sorted by construction). */
export function keyOf(labels: Labels): string {
  let k = keyCache.get(labels);
  if (k === undefined) {
    k = '';
    for (const n of Object.keys(labels).sort()) k += `${n}\xff${labels[n]}\xfe`;
    keyCache.set(labels, k);
  }
  return k;
}

const dropCache = new WeakMap<Labels, Labels>();

export function dropName(labels: Labels): Labels {
  if (labels.__name__ === undefined) return labels;
  let d = dropCache.get(labels);
  if (!d) {
    const out: Record<string, string> = {};
    for (const k of Object.keys(labels)) if (k !== '__name__') out[k] = labels[k];
    d = out;
    dropCache.set(labels, d);
  }
  return d;
}

/** Build a label set with sorted keys, omitting empty values (Prometheus never stores those). */
export function makeLabels(rec: Record<string, string>): Labels {
  const out: Record<string, string> = {};
  for (const k of Object.keys(rec).sort()) if (rec[k] !== '') out[k] = rec[k];
  return out;
}

/** Prometheus' labels.Compare: name by name in sorted order, then values, then length. */
export function compareLabels(a: Labels, b: Labels): number {
  const ak = Object.keys(a).sort();
  const bk = Object.keys(b).sort();
  const n = Math.min(ak.length, bk.length);
  for (let i = 0; i < n; i++) {
    if (ak[i] !== bk[i]) return ak[i] < bk[i] ? -1 : 1;
    const av = a[ak[i]];
    const bv = b[bk[i]];
    if (av !== bv) return av < bv ? -1 : 1;
  }
  return ak.length - bk.length;
}

/** Go's `labels.String()`: `{__name__="x", a="b"}`. */
export function formatLabels(labels: Labels): string {
  const keys = Object.keys(labels).sort();
  return `{${keys.map((k) => `${k}=${JSON.stringify(labels[k])}`).join(', ')}}`;
}

/** Signature of a label set restricted to (on) or excluding (ignoring, plus __name__) some names. */
export function signature(labels: Labels, on: boolean, names: readonly string[]): string {
  let k = '';
  if (on) {
    for (const n of [...names].sort()) k += `${n}\xff${labels[n] ?? ''}\xfe`;
    return k;
  }
  for (const n of Object.keys(labels).sort()) {
    if (n === '__name__' || names.includes(n)) continue;
    k += `${n}\xff${labels[n]}\xfe`;
  }
  return k;
}

/** Keep (on) or drop (ignoring) label names; used for matched-label printing and grouping. */
export function projectLabels(
  labels: Labels,
  on: boolean,
  names: readonly string[],
  keepName = false,
): Labels {
  const out: Record<string, string> = {};
  for (const k of Object.keys(labels).sort()) {
    const listed = names.includes(k);
    if (on ? listed : !listed && (keepName || k !== '__name__')) out[k] = labels[k];
  }
  return out;
}
