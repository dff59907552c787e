/** Label matrices: a map whose values may be lists expands to the cartesian product of label sets. */
import type { Labels } from '../types.js';

export type LabelMatrixSpec = Readonly<Record<string, string | readonly string[]>>;

/**
 * `{service: [a, b], code: ["200", "500"]}` → four label sets, in a fixed order: keys sorted,
 * values in the order written, the last key varying fastest.
 */
export function expandMatrix(matrix: LabelMatrixSpec): Labels[] {
  let out: Record<string, string>[] = [{}];
  for (const key of Object.keys(matrix).sort()) {
    const raw = matrix[key];
    const values = typeof raw === 'string' ? [raw] : raw;
    const next: Record<string, string>[] = [];
    for (const partial of out) for (const v of values) next.push({ ...partial, [key]: v });
    out = next;
  }
  return out;
}

/** Does the label set include every pair of `match`? */
export function includesAll(labels: Labels, match: Readonly<Record<string, string>>): boolean {
  for (const [k, v] of Object.entries(match)) if (labels[k] !== v) return false;
  return true;
}
